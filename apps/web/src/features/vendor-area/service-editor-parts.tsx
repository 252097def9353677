import type { Category, VendorService } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Price,
  ServiceCard,
} from '@vetted/ui';
import { Archive, Clock, Trash2 } from 'lucide-react';
import { formatDate, formatDuration } from '../../lib/format';
import { toMinorUnits } from '../../lib/money';
import { upcomingOrdersText } from './services-view';
import type { ServiceFormValues } from './use-service-form';

/** Says an archived service (archived at `archivedAt`, ISO 8601) is kept read-only for its orders. */
export function ArchivedServiceNotice({ archivedAt }: { archivedAt: string }) {
  return (
    <Alert variant="warning">
      <Archive aria-hidden="true" />
      <AlertTitle>Archived on {formatDate(archivedAt)}</AlertTitle>
      <AlertDescription>
        It was deleted while it had orders, so it is kept for them. Customers cannot see or book it,
        and it can no longer be changed.
      </AlertDescription>
    </Alert>
  );
}

export interface ServicePreviewProps {
  /** The form's values as typed (`useServiceForm().values`). */
  values: ServiceFormValues;
  /** The price's currency (ISO 4217), the form's or the default. */
  currency: string;
  /** The saved service, for its cover photo, and its price while the typed one is not valid. */
  service?: VendorService;
  /** Every category, to name the chosen one. */
  categories?: Category[];
  /** An archived service: the note says customers do not see it. */
  archived: boolean;
}

/**
 * "How customers see it": the search card and the service page's price line as the form
 * stands (the typed price in minor units, else the saved one), with a note on who sees it.
 */
export function ServicePreview({
  values,
  currency,
  service,
  categories,
  archived,
}: ServicePreviewProps) {
  const price = {
    amount: toMinorUnits(values.price?.amount ?? '', currency) ?? service?.price.amount ?? 0,
    currency,
  };
  const categoryName =
    categories?.find((c) => c.slug === values.categorySlug)?.name ?? service?.category.name;
  const title = values.title?.trim() || 'Your service title';
  const durationMinutes = values.durationMinutes ?? 60;
  return (
    <section aria-labelledby="service-preview" className="flex flex-col gap-3 lg:sticky lg:top-20">
      <h2 id="service-preview" className="text-lg font-semibold">
        How customers see it
      </h2>
      <ServiceCard
        title={title}
        description={values.description?.trim() || undefined}
        price={price}
        durationMinutes={durationMinutes}
        imageUrl={service?.coverImageUrl ?? null}
      />
      <Card className="gap-2">
        {categoryName ? <Badge variant="secondary">{categoryName}</Badge> : null}
        <p className="font-semibold">{title}</p>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
          <Price
            amount={price.amount}
            currency={price.currency}
            className="text-xl font-bold text-fg"
          />
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {formatDuration(durationMinutes)}
          </span>
        </div>
      </Card>
      <p className="text-xs text-muted">
        {archived
          ? 'Archived services are not shown to customers.'
          : values.active === false
            ? 'Inactive: customers do not see this service until you switch it on.'
            : 'The card in search and on your page, and the price line of the service page. The first photo is the cover.'}
      </p>
    </section>
  );
}

/**
 * "Delete service" with a confirmation that says what will happen: a service with upcoming
 * orders is archived (kept for them), and so is one booked before (the API archives any service
 * with orders); only a never-booked one is deleted with its photos. `onDelete` rejecting keeps
 * the dialog open.
 */
export function DeleteService({
  service,
  onDelete,
}: {
  service: VendorService;
  onDelete: () => Promise<void>;
}) {
  const upcoming = service.upcomingOrderCount;
  return (
    <Card className="gap-3">
      <h2 className="text-lg font-semibold">Delete this service</h2>
      <p className="text-sm text-muted">
        A service that was ever booked is archived instead of deleted, so its orders keep their
        details. To stop bookings for a while, switch it to inactive.
      </p>
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="w-fit text-danger">
            <Trash2 aria-hidden="true" />
            Delete service
          </Button>
        }
        title={`Delete “${service.title}”?`}
        description={
          upcoming > 0
            ? `It has ${upcomingOrdersText(upcoming).toLowerCase()}, so it will be archived, not deleted: customers can no longer see or book it, and it is kept so those orders go ahead as booked.`
            : 'If it was ever booked, it is archived instead: hidden from customers and kept for those orders. Otherwise it is deleted for good, with its photos.'
        }
        confirmLabel={upcoming > 0 ? 'Archive service' : 'Delete service'}
        destructive
        onConfirm={onDelete}
      />
    </Card>
  );
}
