import { buildLink, ROUTES } from '@vetted/session';
import { Button, Container, distanceUnitFor } from '@vetted/ui';
import { Link } from 'wouter';
import { useCategories } from '../../lib/hooks/use-categories';
import { useMe } from '../../lib/hooks/use-me';
import { useSavedLocation } from '../../lib/location';
import { OrderListView, useOrders } from '../orders';
import { useVendors } from '../search';
import { CategoryGridView } from './category-grid-view';
import { NearbyAction, SectionLink, UserHero } from './customer-home-parts';
import { TitledSection } from './titled-section';
import { VendorListView } from './vendor-list-view';

/** `/user`: greeting, search, categories, pros near you, recent orders. */
export function UserHomePage() {
  const { data: me } = useMe();
  const location = useSavedLocation();
  const categories = useCategories();
  const vendors = useVendors(
    location
      ? { lat: location.lat, lng: location.lng, sort: 'distance', pageSize: 6 }
      : { sort: 'rating', pageSize: 6 },
  );
  const orders = useOrders({ pageSize: 3 });

  return (
    <Container className="flex flex-col gap-10">
      <UserHero firstName={me?.fullName.split(' ')[0]} />

      <TitledSection
        id="home-categories"
        title="Categories"
        action={<SectionLink href={ROUTES.user.category}>See all</SectionLink>}
      >
        <CategoryGridView
          categories={categories.data}
          isLoading={categories.isLoading}
          error={categories.error}
          onRetry={() => categories.mutate()}
          limit={6}
          hrefFor={(c) => buildLink(ROUTES.user.services, { query: { category: c.slug } })}
        />
      </TitledSection>

      <TitledSection
        id="home-nearby"
        title={location ? 'Pros near you' : 'Top-rated pros'}
        action={<NearbyAction location={location} />}
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
      </TitledSection>

      <TitledSection
        id="home-orders"
        title="Recent orders"
        action={<SectionLink href={ROUTES.user.history}>View all</SectionLink>}
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
      </TitledSection>
    </Container>
  );
}
