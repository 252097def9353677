/** "{name} is typing…" under the list, with three dots that move only without reduced motion. */
function TypingIndicator({ name }: { name: string }) {
  return (
    <div
      data-slot="chat-typing"
      className="flex shrink-0 items-center gap-2 px-4 pb-2 text-xs text-muted"
    >
      {/* Dots move only without prefers-reduced-motion. */}
      <span
        aria-hidden="true"
        className="inline-flex items-center gap-0.5 rounded-full bg-surface-muted px-2 py-1.5"
      >
        <span className="size-1.5 rounded-full bg-muted motion-safe:animate-bounce" />
        <span className="size-1.5 rounded-full bg-muted motion-safe:animate-bounce motion-safe:[animation-delay:150ms]" />
        <span className="size-1.5 rounded-full bg-muted motion-safe:animate-bounce motion-safe:[animation-delay:300ms]" />
      </span>
      <span>{`${name} is typing…`}</span>
    </div>
  );
}

export { TypingIndicator };
