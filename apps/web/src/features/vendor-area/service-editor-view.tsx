import { MESSAGES } from '@vetted/api-client';
import type { Category, VendorService, VendorServiceBody } from '@vetted/contract';
import { Breadcrumbs, Card, PageHeader, Skeleton } from '@vetted/ui';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { ArchivedServiceNotice, DeleteService, ServicePreview } from './service-editor-parts';
import { ServiceDetailsForm } from './service-form-fields';
import { ServiceImagesEditor, type ServiceImagesEditorProps } from './service-images-view';
import { upcomingOrdersText } from './services-view';
import { useServiceForm } from './use-service-form';

/** The image callbacks of {@link ServiceImagesEditor}, wired to the API by the page. */
export type ServiceImageActions = Pick<
  ServiceImagesEditorProps,
  'onUpload' | 'onSaveAlt' | 'onReorder' | 'onDelete'
>;

export interface ServiceEditorViewProps {
  /** The service being edited (`GET /v1/vendor/services/:id`); unset for a new one. */
  service?: VendorService;
  /** True for "New service" (`?id=new`): the form starts empty. */
  isNew: boolean;
  /** The service (or, for a new one, the defaults) is loading: the form waits. */
  isLoading?: boolean;
  /** Loading the service failed (404: not one of this pro's services). */
  error?: Error | null;
  onRetry?: () => void;
  /** Every category (`GET /v1/categories`), for the category choice. */
  categories?: Category[];
  /** A new service's category (the page's `?category=`, else the pro's main category). */
  defaultCategorySlug?: string;
  /** A new service's currency (the pro's other services', else USD). */
  defaultCurrency: string;
  /**
   * Creates or saves the service (price in minor units). Reject with the API's error: its field
   * errors show on the fields, any other message above the buttons.
   */
  onSave: (body: VendorServiceBody) => Promise<void>;
  /** Deletes the service (after the person confirmed). Reject to keep the dialog open. */
  onDelete: () => Promise<void>;
  /** The photo editor's callbacks (a saved service only). */
  imageActions: ServiceImageActions;
  /** Link back to the list of services. */
  servicesHref: string;
}

/**
 * `/vendor/services/service?id=`: the editor of one of the pro's services —
 * category, title, description, price (typed in major units, sent as minor units), duration in
 * 15-minute steps and the active switch (react-hook-form with the contract's schema); its photos
 * (upload, alt text, order, delete); a preview of the card and price line customers see; and
 * "Delete service", whose confirmation says what will happen (archived when it has orders).
 * An archived service is shown read-only.
 */
export function ServiceEditorView(props: ServiceEditorViewProps) {
  const { service, isNew, isLoading, error, onRetry, servicesHref } = props;
  const title = isNew ? 'New service' : (service?.title ?? 'Service');
  let body: React.ReactNode;
  if (!isNew && error && !service) {
    body = (
      <ErrorState title={MESSAGES.errorLoadingService} message={error.message} onRetry={onRetry} />
    );
  } else if (isLoading || (!isNew && !service)) {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading service"
        className="flex flex-col gap-4"
      >
        <Skeleton className="h-9 w-64 max-w-full" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
          <Skeleton className="h-[32rem]" />
          <Skeleton className="h-80" />
        </div>
      </div>
    );
  } else {
    body = <ServiceForm {...props} title={title} />;
  }
  return (
    <div className="flex flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Services', href: servicesHref }, { label: title }]} />
      {body}
    </div>
  );
}

/** The editor once its service (or a new one's defaults) is there: header, form, photos, preview. */
function ServiceForm({
  title,
  service,
  isNew,
  categories,
  defaultCategorySlug = '',
  defaultCurrency,
  onSave,
  onDelete,
  imageActions,
}: ServiceEditorViewProps & { title: string }) {
  const archived = Boolean(service?.archivedAt);
  const { form, values, currency, formError, submit } = useServiceForm({
    service,
    defaultCategorySlug,
    defaultCurrency,
    onSave,
  });
  return (
    <>
      <PageHeader
        title={title}
        description={
          isNew
            ? 'Describe what customers book: the price, how long it takes and what is included. Add photos once it is saved.'
            : service && !archived
              ? `${service.active ? 'Active' : 'Inactive'} · ${upcomingOrdersText(service.upcomingOrderCount)}`
              : undefined
        }
      />
      {service?.archivedAt ? <ArchivedServiceNotice archivedAt={service.archivedAt} /> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <ServiceDetailsForm
              form={form}
              archived={archived}
              isNew={isNew}
              categories={categories}
              currency={currency}
              formError={formError}
              onSubmit={submit}
            />
          </Card>
          {service ? (
            <Card>
              <ServiceImagesEditor images={service.images} readOnly={archived} {...imageActions} />
            </Card>
          ) : (
            <Card>
              <h2 className="text-lg font-semibold">Photos</h2>
              <p className="text-sm text-muted">Create the service first, then add its photos.</p>
            </Card>
          )}
          {service && !archived ? <DeleteService service={service} onDelete={onDelete} /> : null}
        </div>
        <ServicePreview
          values={values}
          currency={currency}
          service={service}
          categories={categories}
          archived={archived}
        />
      </div>
    </>
  );
}
