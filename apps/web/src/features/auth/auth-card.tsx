import type * as React from 'react';

/** The card of the auth layout: heading, lead text, content, footer line. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6 rounded-xl border border-border bg-surface-raised p-6 shadow-sm sm:p-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="text-sm text-muted">{description}</p> : null}
      </div>
      {children}
      {footer ? <p className="text-center text-sm text-muted">{footer}</p> : null}
    </div>
  );
}
