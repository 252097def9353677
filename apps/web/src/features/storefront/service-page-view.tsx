import { MESSAGES } from '@vetted/api-client';
import type { ServicePage } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  Breadcrumbs,
  Button,
  type DistanceUnit,
  EmptyState,
  Skeleton,
  useLinkComponent,
  VendorCard,
} from '@vetted/ui';
import { ChevronRight, MapPinOff, SearchX } from 'lucide-react';
import { ErrorState } from '../../components/error-state';
import { errorStatus } from '../../lib/errors';
import { placeholders } from '../../lib/placeholders';
import { placeName, servicePageHeading } from '../../lib/public-page-text';
import { GetQuotesCallout } from '../quotes';

export interface ServicePageViewProps {
  /** `GET /v1/service-pages/{category}[?place=]`; undefined while loading. */
  page?: ServicePage;
  /** The page's error: 404 / 410 show "No such page", others a retry. */
  error?: Error | null;
  onRetry?: () => void;
  /** Unit of the pros' distances (`useViewerDistanceUnit`). @defaultValue 'kilometer' */
  distanceUnit?: DistanceUnit;
}

const sectionTitle = 'text-xl font-semibold tracking-tight';
const linkRow =
  'flex items-center justify-between gap-3 rounded-lg border border-border bg-surface-raised px-4 py-3 outline-none transition-colors hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring';

const pros = (n: number) => `${n} ${n === 1 ? 'pro' : 'pros'}`;

/**
 * A landing page (`/services/:category` and `/services/:category/:place`): "Plumbing pros in
 * Boston, MA" — the best-rated approved pros serving the place as cards (rating, starting price,
 * distance) leading to their public pages, then links to nearby places and related categories.
 * Without a place it lists the places that have pros of the category; with no pros, it says so
 * and points to the nearby places. Renders everything from `page` alone (no effects) for the
 * server; every link is a real `<a href>`.
 */
export function ServicePageView({
  page,
  error,
  onRetry,
  distanceUnit = 'kilometer',
}: ServicePageViewProps) {
  if (error && !page) {
    const status = errorStatus(error);
    if (status === 404 || status === 410) return <NoSuchPage />;
    return (
      <ErrorState
        title={MESSAGES.errorLoadingData}
        message={error.message}
        error={error}
        onRetry={onRetry}
      />
    );
  }
  // Without data (and no error) it is on its way. SWR's `isLoading` is not asked: with the
  // server's data as fallback it still says true until the first revalidation.
  if (!page) return <ServicePageSkeleton />;

  const { category, place } = page;
  const categoryHref = buildLink(ROUTES.servicePage, { params: { category: category.slug } });
  const where = place ? placeName(place) : null;
  const placeHref = (categorySlug: string, placeSlug: string) =>
    buildLink(ROUTES.servicePlacePage, { params: { category: categorySlug, place: placeSlug } });

  const n = page.total;
  const countHeading = where
    ? `${n} vetted ${n === 1 ? 'pro serves' : 'pros serve'} ${where}`
    : `${n} vetted ${category.name} ${n === 1 ? 'pro' : 'pros'}`;

  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-3">
        <Breadcrumbs
          items={[
            { label: 'Services', href: ROUTES.services },
            { label: category.name, href: where ? categoryHref : undefined },
            ...(where ? [{ label: where }] : []),
          ]}
        />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {servicePageHeading(page)}
        </h1>
        <p className="max-w-3xl text-muted">{category.description}</p>
        <GetQuotesCallout categorySlug={category.slug} className="mt-2" />
      </div>

      {page.pros.length > 0 ? (
        <section aria-labelledby="service-pros" className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <h2 id="service-pros" className={sectionTitle}>
              {countHeading}
            </h2>
            <p className="text-sm text-muted">
              {page.pros.length < n
                ? `The ${page.pros.length} best rated, with their starting prices.`
                : 'Best rated first, with their starting prices.'}
            </p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {page.pros.map((v) => (
              <li key={v.id} className="grid">
                <VendorCard
                  name={v.businessName}
                  category={v.primaryCategory.name}
                  city={v.city}
                  ratingAverage={v.ratingAverage}
                  ratingCount={v.ratingCount}
                  distanceKm={place ? v.distanceKm : null}
                  distanceUnit={distanceUnit}
                  startingPrice={v.startingPrice ?? undefined}
                  imageUrl={v.coverImageUrl}
                  responseLabel={v.responseTime?.label}
                  href={buildLink(ROUTES.pro, { params: { slug: v.slug } })}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <EmptyState
          icon={<MapPinOff />}
          title={
            where
              ? `No vetted ${category.name} pros serve ${where} yet`
              : `No vetted ${category.name} pros yet`
          }
          description={
            page.nearbyPlaces.length > 0
              ? 'Pros in the places below may be near enough for you.'
              : 'Search for what you need, or browse the other services.'
          }
          action={<EmptyActions />}
        />
      )}

      {page.nearbyPlaces.length > 0 ? (
        <section aria-labelledby="service-places" className="flex flex-col gap-4">
          <h2 id="service-places" className={sectionTitle}>
            {where ? `${category.name} pros nearby` : `${category.name} pros by city`}
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {page.nearbyPlaces.map((p) => (
              <li key={p.slug} className="grid">
                <LinkRow
                  href={placeHref(category.slug, p.slug)}
                  label={placeName(p)}
                  count={p.proCount}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {page.relatedCategories.length > 0 ? (
        <section aria-labelledby="service-related" className="flex flex-col gap-4">
          <h2 id="service-related" className={sectionTitle}>
            {where ? `More pros in ${where}` : 'Related services'}
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {page.relatedCategories.map((c) => (
              <li key={c.slug} className="grid">
                <LinkRow
                  href={
                    place
                      ? placeHref(c.slug, place.slug)
                      : buildLink(ROUTES.servicePage, { params: { category: c.slug } })
                  }
                  label={c.name}
                  count={c.proCount}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** A link to another landing page, with how many pros it lists. */
function LinkRow({ href, label, count }: { href: string; label: string; count: number }) {
  const Link = useLinkComponent();
  return (
    <Link href={href} className={linkRow}>
      <span className="min-w-0 font-medium break-words">{label}</span>
      <span className="inline-flex shrink-0 items-center gap-1 text-sm text-muted">
        {pros(count)}
        <ChevronRight aria-hidden="true" className="size-4" />
      </span>
    </Link>
  );
}

/** The page while its data loads. */
function ServicePageSkeleton() {
  return (
    <div className="flex flex-col gap-8" role="status" aria-busy="true" aria-label="Loading pros">
      <div className="flex flex-col gap-3">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-8 w-80 max-w-full" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {placeholders(6).map((id) => (
          <div key={id} className="flex flex-col gap-3 rounded-lg border border-border">
            <Skeleton className="aspect-[4/3] w-full rounded-b-none" />
            <div className="flex flex-col gap-2 p-4">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-28" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** "Find a pro" (search) and "Browse services": ways on from an empty or unknown page. */
function EmptyActions() {
  const Link = useLinkComponent();
  return (
    <div className="flex flex-wrap justify-center gap-2">
      <Button asChild>
        <Link href={ROUTES.search}>Find a pro</Link>
      </Button>
      <Button asChild variant="outline">
        <Link href={ROUTES.services}>Browse services</Link>
      </Button>
    </div>
  );
}

/** A 404 / 410: no such category or place. */
function NoSuchPage() {
  return (
    <div role="alert">
      <EmptyState
        icon={<SearchX />}
        title="No such page"
        description="We have no page for that service or place. Search for what you need, or browse every service."
        action={<EmptyActions />}
      />
    </div>
  );
}
