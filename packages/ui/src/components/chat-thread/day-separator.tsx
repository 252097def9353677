/** A day heading between the messages of two different days ("Tuesday, 10 March"). */
function DaySeparator({ label }: { label: string }) {
  return (
    <li
      data-slot="chat-day-separator"
      className="my-2 flex items-center gap-3 text-xs font-medium text-muted before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border"
    >
      {label}
    </li>
  );
}

export { DaySeparator };
