import { Container, useFocusNotObscured } from '@vetted/ui/app-shell';
import { Button } from '@vetted/ui/button';
import { SkipLink } from '@vetted/ui/skip-link';
import { Menu, Search } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'wouter';
import { Brand } from '../../components/brand';
import { SearchBox } from '../../components/search-box';
import { ThemeToggle } from '../../components/theme-toggle';
import { homeFor, useSession } from '../../lib/session';

const NAV = [
  { label: 'Services', href: '/services' },
  { label: 'About', href: '/about' },
  { label: 'Support', href: '/support' },
];

const FOOTER = [
  { label: 'About', href: '/about' },
  { label: 'Support', href: '/support' },
  { label: 'Privacy', href: '/privacy' },
  { label: 'Refund policy', href: '/refund' },
  { label: 'User agreement', href: '/user-agreement' },
];

const MobileMenu = React.lazy(() => import('./mobile-menu'));

const navLink =
  'rounded-pill px-3 py-2 text-sm font-medium text-muted outline-none transition-colors hover:text-fg focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:text-fg';

/** Default (public) layout: top nav, content, footer. */
export function PublicLayout({ children }: { children: React.ReactNode }) {
  const [location] = useLocation();
  const { role } = useSession();
  const [menuOpen, setMenuOpen] = React.useState(false);
  const [menuLoaded, setMenuLoaded] = React.useState(false);
  const menuButton = React.useRef<HTMLButtonElement>(null);
  // Shift+Tab must not leave a focused element under the sticky header.
  useFocusNotObscured();
  // The header's search, except where the page has its own big one.
  const headerSearch = location !== '/' && location !== '/search';

  const account = role ? (
    <Button asChild size="sm">
      <Link href={homeFor(role)}>Go to dashboard</Link>
    </Button>
  ) : (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link href="/auth/login">Log in</Link>
      </Button>
      <Button asChild size="sm">
        <Link href="/auth/signup">Sign up</Link>
      </Button>
    </>
  );

  return (
    <div className="flex min-h-dvh flex-col bg-surface text-fg">
      <SkipLink />
      <header
        data-slot="site-header"
        className="sticky top-0 z-40 border-b border-border bg-surface/90 backdrop-blur"
      >
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Brand />
          <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
            {NAV.map((item) => (
              <Link
                key={item.href}
                href={item.href}
                className={navLink}
                aria-current={location === item.href ? 'page' : undefined}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto hidden items-center gap-2 md:flex">
            {headerSearch ? (
              <>
                <div className="hidden w-64 lg:block xl:w-72">
                  <SearchBox
                    id="header-search"
                    variant="compact"
                    label="Search pros and services"
                    placeholder="Search pros and services"
                  />
                </div>
                <Button asChild variant="ghost" size="icon" className="lg:hidden">
                  <Link href="/search" aria-label="Search pros and services">
                    <Search aria-hidden="true" />
                  </Link>
                </Button>
              </>
            ) : null}
            <ThemeToggle />
            {account}
          </div>
          <div className="ml-auto flex items-center gap-1 md:hidden">
            {headerSearch ? (
              <Button asChild variant="ghost" size="icon">
                <Link href="/search" aria-label="Search pros and services">
                  <Search aria-hidden="true" />
                </Link>
              </Button>
            ) : null}
            <ThemeToggle />
            <Button
              ref={menuButton}
              variant="ghost"
              size="icon"
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onClick={() => {
                setMenuLoaded(true);
                setMenuOpen(true);
              }}
            >
              <Menu aria-hidden="true" />
            </Button>
            {menuLoaded ? (
              <React.Suspense fallback={null}>
                <MobileMenu
                  open={menuOpen}
                  onOpenChange={setMenuOpen}
                  returnFocus={menuButton}
                  links={NAV}
                  linkClassName={navLink}
                  account={account}
                />
              </React.Suspense>
            ) : null}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <footer className="border-t border-border bg-surface-muted">
        <Container className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
          <div className="flex max-w-sm flex-col gap-2">
            <Brand />
            <p className="text-sm text-muted">
              A professional marketplace connecting users with vetted local service providers.
            </p>
          </div>
          <nav aria-label="Footer">
            <ul className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
              {FOOTER.map((item) => (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    className="rounded-xs text-muted outline-none hover:text-fg focus-visible:text-fg focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Container>
        <p className="pb-8 text-center text-xs text-muted">
          © {new Date().getFullYear()} Vetted. Every pro is checked before they can take bookings.
        </p>
      </footer>
    </div>
  );
}
