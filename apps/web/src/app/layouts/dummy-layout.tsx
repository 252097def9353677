import { SkipLink } from '@vetted/ui/skip-link';
import type * as React from 'react';

/** Dummy layout (spec §2): a bare full page, used by the error screen. */
export function DummyLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-surface text-fg">
      <SkipLink />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
    </div>
  );
}
