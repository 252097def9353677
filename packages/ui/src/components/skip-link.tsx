import type * as React from 'react';
import { cn } from '../lib/utils';

type SkipLinkProps = React.ComponentProps<'a'> & {
  /**
   * Target of the jump: the page's `<main>` (which needs `tabIndex={-1}` to take focus).
   * @defaultValue '#main'
   */
  href?: string;
};

/**
 * "Skip to content" (WCAG 2.4.1): the first Tab stop of every layout. Out of view until it has
 * keyboard focus, then a pill over the top-left corner, above any sticky header, with a ring
 * around it; following it moves focus to `<main id="main">`.
 */
function SkipLink({ href = '#main', className, children, ...props }: SkipLinkProps) {
  return (
    <a
      href={href}
      data-slot="skip-link"
      className={cn(
        // Parked above the viewport rather than `sr-only`: `focus:not-sr-only` resets `position`
        // to static, which left the link under a sticky header instead of over it.
        'fixed top-3 left-3 z-[60] -translate-y-[calc(100%+1.5rem)] focus:translate-y-0',
        'rounded-pill bg-primary px-5 py-2.5 text-sm font-medium text-primary-fg outline-none',
        'focus:ring-2 focus:ring-ring focus:ring-offset-2 focus:ring-offset-surface',
        className,
      )}
      {...props}
    >
      {children ?? 'Skip to content'}
    </a>
  );
}

export { SkipLink };
export type { SkipLinkProps };
