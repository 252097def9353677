import { Link } from 'wouter';

/** The Vetted mark (same drawing as public/favicon.svg). Decorative: the word next to it names it. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="#135FE1" />
      <path
        d="M17 20l15 26 15-26"
        fill="none"
        stroke="#fff"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="46" cy="18" r="5" fill="#7FB0FF" />
    </svg>
  );
}

/** Logo + word mark linking to `href`. */
export function Brand({ href = '/' }: { href?: string }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-fg outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label="Vetted home"
    >
      <LogoMark />
      <span>Vetted</span>
    </Link>
  );
}
