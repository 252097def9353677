import * as React from 'react';
import { cn } from '../lib/utils';
import { useLinkComponent } from './link';
import { SkipLink } from './skip-link';

/** One navigation destination. */
interface AppShellNavItem {
  label: string;
  href: string;
  /** Icon shown before the label (and alone, above a small label, in the mobile bar). */
  icon?: React.ReactNode;
  /** Marks the current section (`aria-current="page"`). */
  active?: boolean;
  /** Unread count shown as a bubble (hidden when 0). */
  badge?: number;
}

type AppShellProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Logo or product name, top left. */
  brand: React.ReactNode;
  /** Main sections: a side nav on ≥ md screens, a bottom bar on mobile (first 5 items). */
  nav: AppShellNavItem[];
  /** Top-right actions (theme toggle, account menu…). */
  actions?: React.ReactNode;
  /**
   * Accessible name of the navigation landmarks.
   * @defaultValue 'Main'
   */
  navLabel?: string;
  /** Page content, rendered in `<main id="main">`. */
  children?: React.ReactNode;
};

function CountBubble({ count, className }: { count?: number; className?: string }) {
  if (!count) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-pill bg-danger px-1.5 text-[11px] leading-5 font-semibold text-danger-fg tabular-nums',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/**
 * Keeps the keyboard-focused element clear of sticky and fixed bars (WCAG 2.4.11 Focus Not
 * Obscured). Browsers scroll a newly focused element only when it is outside the
 * viewport and ignore `scroll-padding` for that test, so an element under AppShell's fixed bottom
 * nav or a sticky header stayed covered. After each `focusin` of a `:focus-visible` element
 * outside any fixed/sticky layer, this scrolls it (or the card its stretched link covers) with
 * `scrollIntoView({ block: 'nearest' })`, which honours the root's scroll-padding (preset.css),
 * when it reaches into that padding. Used by AppShell; apps call it in their own layouts.
 */
function useFocusNotObscured() {
  React.useEffect(() => {
    const inLayer = (el: Element) => {
      for (let n: Element | null = el; n; n = n.parentElement) {
        const position = getComputedStyle(n).position;
        if (position === 'fixed' || position === 'sticky') return true;
      }
      return false;
    };
    const onFocusIn = (event: FocusEvent) => {
      const el = event.target;
      if (!(el instanceof Element)) return;
      // After the browser's own focus scrolling, which follows the focus event.
      requestAnimationFrame(() => {
        if (document.activeElement !== el || !el.matches(':focus-visible') || inLayer(el)) return;
        const box = el.closest('.card-focus-ring') ?? el;
        const root = getComputedStyle(document.documentElement);
        const rect = box.getBoundingClientRect();
        if (
          rect.top < (Number.parseFloat(root.scrollPaddingTop) || 0) ||
          rect.bottom > window.innerHeight - (Number.parseFloat(root.scrollPaddingBottom) || 0)
        ) {
          box.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        }
      });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
}

/**
 * The signed-in layout: top bar, side nav (≥ md), bottom nav (mobile), a skip link and
 * `<main id="main">`.
 */
function AppShell({
  brand,
  nav,
  actions,
  navLabel = 'Main',
  children,
  className,
  ...props
}: AppShellProps) {
  const Link = useLinkComponent();
  useFocusNotObscured();
  return (
    <div
      data-slot="app-shell"
      className={cn('min-h-dvh bg-surface-muted text-fg', className)}
      {...props}
    >
      <SkipLink />
      <header
        data-slot="app-shell-header"
        className="sticky top-0 z-40 flex h-16 items-center gap-4 border-b border-border bg-surface/95 px-4 backdrop-blur md:px-6"
      >
        <div className="flex min-w-0 items-center gap-2 font-semibold">{brand}</div>
        <div className="ml-auto flex items-center gap-2">{actions}</div>
      </header>
      <div className="flex">
        <nav
          aria-label={navLabel}
          data-slot="app-shell-sidenav"
          className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 overflow-y-auto border-r border-border bg-surface p-3 md:block"
        >
          <ul className="flex flex-col gap-1">
            {nav.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={item.active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted outline-none transition-colors duration-base',
                    'hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5',
                    item.active &&
                      'bg-primary-soft text-link hover:bg-primary-soft hover:text-link',
                  )}
                >
                  {item.icon ? <span aria-hidden="true">{item.icon}</span> : null}
                  <span className="truncate">{item.label}</span>
                  <CountBubble count={item.badge} className="ml-auto" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main
          id="main"
          tabIndex={-1}
          data-slot="app-shell-main"
          className="min-w-0 flex-1 pb-24 outline-none md:pb-8"
        >
          {children}
        </main>
      </div>
      <nav
        aria-label={navLabel}
        data-slot="app-shell-bottomnav"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] md:hidden"
      >
        <ul className="flex">
          {nav.slice(0, 5).map((item) => (
            <li key={item.href} className="flex-1">
              <Link
                href={item.href}
                aria-current={item.active ? 'page' : undefined}
                className={cn(
                  'relative flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium text-muted outline-none',
                  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset [&_svg]:size-5',
                  item.active && 'text-link',
                )}
              >
                {item.icon ? <span aria-hidden="true">{item.icon}</span> : null}
                <span className="max-w-full truncate px-1">{item.label}</span>
                <CountBubble count={item.badge} className="absolute top-1.5 left-1/2 ml-2" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

type PageHeaderProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** Page heading (rendered as `<h1>`). */
  title: React.ReactNode;
  /** One line under the title. */
  description?: React.ReactNode;
  /** Buttons aligned right on wide screens, below the title on mobile. */
  actions?: React.ReactNode;
};

/** The heading block at the top of a page. */
function PageHeader({ title, description, actions, className, ...props }: PageHeaderProps) {
  return (
    <div
      data-slot="page-header"
      className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}
      {...props}
    >
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="text-sm text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

type ContainerProps = React.ComponentProps<'div'> & {
  /**
   * Maximum width.
   * @defaultValue 'lg'
   */
  size?: 'sm' | 'md' | 'lg' | 'full';
};

/** Centres content with responsive horizontal padding. */
function Container({ size = 'lg', className, ...props }: ContainerProps) {
  return (
    <div
      data-slot="container"
      className={cn(
        'mx-auto w-full px-4 py-6 sm:px-6 md:py-8',
        size === 'sm' && 'max-w-xl',
        size === 'md' && 'max-w-3xl',
        size === 'lg' && 'max-w-6xl',
        className,
      )}
      {...props}
    />
  );
}

export { AppShell, Container, PageHeader, useFocusNotObscured };
export type { AppShellNavItem, AppShellProps, ContainerProps, PageHeaderProps };
