import { buildLink, ROUTES } from '@vetted/session';
import { Button, SearchInput } from '@vetted/ui';
import { LocateFixed, MapPin } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'wouter';
import { getBrowserPosition, type SavedLocation, saveLocation } from '../../lib/location';
import { toast } from '../../lib/toast';

/** "Good morning" before noon, "Good afternoon" before 18:00, else "Good evening" (local time). */
function greeting(now = new Date()) {
  const h = now.getHours();
  return h < 12 ? 'Good morning' : h < 18 ? 'Good afternoon' : 'Good evening';
}

/**
 * The customer home's blue panel: a greeting by first name and a service search that opens
 * `/user/services?q=` (no `q` when the field is blank).
 */
export function UserHero({ firstName }: { firstName?: string }) {
  const [, navigate] = useLocation();
  const [q, setQ] = React.useState('');
  return (
    // Focus rings on this blue panel are white: the usual #135FE1 ring would vanish on it.
    <div className="flex flex-col gap-5 rounded-xl bg-gradient-to-br from-primary-700 to-primary-500 p-6 text-white [--color-ring:#fff] sm:p-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {greeting()}
          {firstName ? `, ${firstName}` : ''}
        </h1>
        <p className="mt-1 text-primary-100">What can we help you get done today?</p>
      </div>
      <search className="contents">
        <form
          className="flex max-w-2xl flex-col gap-2 sm:flex-row"
          onSubmit={(e) => {
            e.preventDefault();
            navigate(buildLink(ROUTES.user.services, { query: { q: q.trim() || null } }));
          }}
        >
          <label htmlFor="user-search" className="sr-only">
            Search services
          </label>
          <SearchInput
            id="user-search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onClear={() => setQ('')}
            placeholder="Search plumbers, cleaners, stylists…"
            className="flex-1"
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
    </div>
  );
}

/**
 * Beside "Pros near you": the saved place with a "Change" link; without one, "Use my location",
 * which saves this device's position (a toast says how it went).
 */
export function NearbyAction({ location }: { location: SavedLocation | null }) {
  const [locating, setLocating] = React.useState(false);
  const locateMe = async () => {
    setLocating(true);
    try {
      const pos = await getBrowserPosition();
      saveLocation({ ...pos, label: 'Current location' });
      toast.success('Showing pros near you');
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setLocating(false);
    }
  };
  if (location) {
    return (
      <p className="flex items-center gap-1 text-sm text-muted">
        <MapPin aria-hidden="true" className="size-4" />
        <span className="max-w-48 truncate">{location.label || 'Saved location'}</span>
        <Button asChild variant="link" size="sm">
          <Link href={ROUTES.user.location}>Change</Link>
        </Button>
      </p>
    );
  }
  return (
    <Button variant="outline" size="sm" onClick={locateMe} loading={locating}>
      <LocateFixed aria-hidden="true" />
      Use my location
    </Button>
  );
}

/** A link-styled "See all" / "View all" button to `href`, beside a section's heading. */
export function SectionLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Button asChild variant="link">
      <Link href={href}>{children}</Link>
    </Button>
  );
}
