import type { PublicPro, Service } from '@vetted/contract';
import { ROUTES } from '@vetted/session';
import { Button, EmptyState, formatMoney, Skeleton, useLinkComponent, useLocale } from '@vetted/ui';
import { Clock, PackageOpen, SearchX } from 'lucide-react';
import { formatDuration } from '../../lib/format';

/** One service: title, description, duration, price and its Book link. */
function ServiceRow({ service, href }: { service: Service; href: string | null }) {
  const Link = useLinkComponent();
  const locale = useLocale();
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-surface-raised p-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold">{service.title}</h3>
        {service.description ? <p className="text-sm text-muted">{service.description}</p> : null}
        <p className="inline-flex items-center gap-1 text-sm text-muted">
          <Clock aria-hidden="true" className="size-3.5" />
          {formatDuration(service.durationMinutes)}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end sm:gap-2">
        <p className="text-lg font-semibold tabular-nums">
          {formatMoney(service.price.amount, service.price.currency, locale)}
        </p>
        {href ? (
          <Button asChild size="sm">
            <Link href={href} aria-label={`Book ${service.title}`}>
              Book
            </Link>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The pro's "Services" section: a row per service with its price (in the page's locale) and a
 * Book link where `bookHref` gives one; an empty state when none is published.
 */
export function ProServices({
  pro,
  bookHref,
}: {
  pro: PublicPro;
  bookHref: (service: Service) => string | null;
}) {
  return (
    <section aria-labelledby="pro-services" className="flex flex-col gap-4">
      <h2 id="pro-services" className="text-xl font-semibold tracking-tight">
        Services
      </h2>
      {pro.services.length === 0 ? (
        <EmptyState
          icon={<PackageOpen />}
          title="No services listed yet"
          description={`${pro.businessName} has not published any services. Check back soon.`}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {pro.services.map((s) => (
            <ServiceRow key={s.id} service={s} href={bookHref(s)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The page while the profile loads. */
export function ProPageSkeleton() {
  return (
    <div className="flex flex-col gap-8" role="status" aria-busy="true" aria-label="Loading pro">
      <Skeleton className="h-4 w-48" />
      <div className="flex flex-col gap-4 rounded-xl border border-border p-5 sm:flex-row sm:p-6">
        <Skeleton className="size-20 shrink-0 rounded-full sm:size-24" />
        <div className="flex w-full flex-col gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-64 max-w-full" />
          <Skeleton className="h-4 w-80 max-w-full" />
          <Skeleton className="h-4 w-56 max-w-full" />
        </div>
      </div>
      <div className="flex flex-col gap-3">
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}

/** A 404 / 410: the pro is not (or no longer) listed; ways on, all real links. */
export function ProNotListed() {
  const Link = useLinkComponent();
  return (
    <div role="alert">
      <EmptyState
        icon={<SearchX />}
        title="This pro isn't listed"
        description="They may have left Vetted, or the link is out of date. Other vetted pros are a search away."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link href={ROUTES.search}>Find a pro</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={ROUTES.services}>Browse services</Link>
            </Button>
          </div>
        }
      />
    </div>
  );
}
