import { cn } from '@vetted/ui';
import type * as React from 'react';
import { Link } from 'wouter';

/**
 * A link in running text or a table cell of the admin console: the link colour,
 * underlined on hover, with the focus ring every Tab stop shows.
 */
export function AdminLink({
  href,
  className,
  children,
  ...props
}: { href: string; className?: string; children: React.ReactNode } & Omit<
  React.ComponentProps<'a'>,
  'href'
>) {
  return (
    <Link
      href={href}
      className={cn(
        'rounded-sm font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    >
      {children}
    </Link>
  );
}
