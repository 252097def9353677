import { buildLink, ROUTES } from '@vetted/session';
import { Button, Container, distanceUnitFor, SearchInput } from '@vetted/ui';
import { LocateFixed, MapPin } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'wouter';
import { useCategories } from '../../lib/hooks/use-categories';
import { useMe } from '../../lib/hooks/use-me';
import { useOrders } from '../orders';
import { useVendors } from '../search';
import { getBrowserPosition, saveLocation, useSavedLocation } from '../../lib/location';
import { OrderListView } from '../orders';
import { CategoryGridView } from './category-grid-view';
import { VendorListView } from './vendor-list-view';
import { toast } from '../../lib/toast';

function greeting(now = new Date()) {
  const h = now.getHours();
  return h < 12 ? 'Good morning' : h < 18 ? 'Good afternoon' : 'Good evening';
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
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

/** `/user`: greeting, search, categories, pros near you, recent orders. */
export function UserHomePage() {
  const [, navigate] = useLocation();
  const { data: me } = useMe();
  const location = useSavedLocation();
  const [q, setQ] = React.useState('');
  const [locating, setLocating] = React.useState(false);
  const categories = useCategories();
  const vendors = useVendors(
    location
      ? { lat: location.lat, lng: location.lng, sort: 'distance', pageSize: 6 }
      : { sort: 'rating', pageSize: 6 },
  );
  const orders = useOrders({ pageSize: 3 });

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

  const firstName = me?.fullName.split(' ')[0];

  return (
    <Container className="flex flex-col gap-10">
      {/* Focus rings on this blue panel are white: the usual #135FE1 ring would vanish on it. */}
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

      <Section
        id="home-categories"
        title="Categories"
        action={
          <Button asChild variant="link">
            <Link href={ROUTES.user.category}>See all</Link>
          </Button>
        }
      >
        <CategoryGridView
          categories={categories.data}
          isLoading={categories.isLoading}
          error={categories.error}
          onRetry={() => categories.mutate()}
          limit={6}
          hrefFor={(c) => buildLink(ROUTES.user.services, { query: { category: c.slug } })}
        />
      </Section>

      <Section
        id="home-nearby"
        title={location ? 'Pros near you' : 'Top-rated pros'}
        action={
          location ? (
            <p className="flex items-center gap-1 text-sm text-muted">
              <MapPin aria-hidden="true" className="size-4" />
              <span className="max-w-48 truncate">{location.label || 'Saved location'}</span>
              <Button asChild variant="link" size="sm">
                <Link href={ROUTES.user.location}>Change</Link>
              </Button>
            </p>
          ) : (
            <Button variant="outline" size="sm" onClick={locateMe} loading={locating}>
              <LocateFixed aria-hidden="true" />
              Use my location
            </Button>
          )
        }
      >
        <VendorListView
          data={vendors.data}
          isLoading={vendors.isLoading}
          error={vendors.error}
          onRetry={() => vendors.mutate()}
          hrefFor={(v) => buildLink(ROUTES.user.vendor, { params: { id: v.id } })}
          showCount={false}
          distanceUnit={distanceUnitFor(location?.country)}
          emptyTitle="No pros nearby yet"
          emptyDescription="Try a different location or browse every pro."
          emptyAction={
            <Button asChild variant="outline">
              <Link href={ROUTES.user.services}>Browse all pros</Link>
            </Button>
          }
        />
      </Section>

      <Section
        id="home-orders"
        title="Recent orders"
        action={
          <Button asChild variant="link">
            <Link href={ROUTES.user.history}>View all</Link>
          </Button>
        }
      >
        <OrderListView
          perspective="customer"
          data={orders.data}
          isLoading={orders.isLoading}
          error={orders.error}
          onRetry={() => orders.mutate()}
          skeletonRows={2}
          hrefFor={(o) => buildLink(ROUTES.user.historyOrder, { query: { id: o.id } })}
          emptyTitle="No bookings yet"
          emptyDescription="When you book a pro, your orders show up here."
          emptyAction={
            <Button asChild>
              <Link href={ROUTES.user.services}>Browse services</Link>
            </Button>
          }
        />
      </Section>
    </Container>
  );
}
