import { SkipLink } from '@vetted/ui/skip-link';
import { BadgeCheck, CalendarCheck, ShieldCheck } from 'lucide-react';
import type * as React from 'react';
import { Brand } from '../../components/brand';
import { ThemeToggle } from '../../components/theme-toggle';

/** Auth layout: a centred card, with a brand panel beside it on wide screens. */
export function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid min-h-dvh grid-cols-[minmax(0,1fr)] bg-surface text-fg lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <SkipLink />
      {/* On the blue panel the usual ring (#135FE1, 2.56:1 on primary-900) is replaced by white (14:1). */}
      <aside className="relative hidden flex-col justify-between overflow-hidden bg-primary-900 p-10 text-primary-50 [--color-ring:#fff] lg:flex">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-primary-500/40 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-primary-400/20 blur-3xl"
        />
        <div className="relative [&_a]:text-white">
          <Brand />
        </div>
        <div className="relative flex flex-col gap-6">
          <p className="text-3xl leading-tight font-bold text-white">
            Trusted local pros, booked in minutes.
          </p>
          <ul className="flex flex-col gap-4 text-primary-100">
            <li className="flex items-start gap-3">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              Every vendor is identity-checked and vetted before they can take a booking.
            </li>
            <li className="flex items-start gap-3">
              <CalendarCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              See real availability and book a time that suits you.
            </li>
            <li className="flex items-start gap-3">
              <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              Pay securely; cancel before the pro accepts for a full refund.
            </li>
          </ul>
        </div>
        <p className="relative text-sm text-primary-200">© Vetted</p>
      </aside>
      <div className="flex flex-col">
        <header className="flex h-16 items-center justify-between px-4 sm:px-6">
          <div className="lg:invisible">
            <Brand />
          </div>
          <ThemeToggle />
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 outline-none sm:items-center sm:px-6"
        >
          <div className="w-full max-w-md">{children}</div>
        </main>
      </div>
    </div>
  );
}
