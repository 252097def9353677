import type * as React from 'react';

export interface TitledSectionProps {
  /** Id of the heading, which labels the section. */
  id: string;
  /** The section's `<h2>`. */
  title: string;
  /** Beside the heading (wraps under it on narrow screens), e.g. a "See all" link. */
  action?: React.ReactNode;
  children: React.ReactNode;
}

/** A page section headed by an `<h2>` with an optional action on the same line. */
export function TitledSection({ id, title, action, children }: TitledSectionProps) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
