import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vetted/api-client';
import {
  type Category,
  type VendorService,
  type VendorServiceBody,
  vendorServiceBodySchema,
} from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  ConfirmDialog,
  FormField,
  Input,
  Label,
  PageHeader,
  Price,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  ServiceCard,
  Skeleton,
  Switch,
  Textarea,
} from '@vetted/ui';
import { data as iso4217 } from 'currency-codes';
import { Archive, Clock, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CategorySelect } from '../../components/category-select';
import { ErrorState } from '../../components/error-state';
import { useUnsavedChangesWarning } from '../../lib/hooks/use-unsaved-changes';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { formatDate, formatDuration } from '../../lib/format';
import { toMajorText, toMinorUnits } from '../../lib/money';
import { upcomingOrdersText } from './services-view';
import { ServiceImagesEditor, type ServiceImagesEditorProps } from './service-images-view';

/** Durations offered: 15 minutes to 12 hours in 15-minute steps (contract `durationMinutes`). */
const DURATIONS = Array.from({ length: 48 }, (_, i) => (i + 1) * 15);
/** Longest description the API keeps (contract `vendorServiceBodySchema`). */
const DESCRIPTION_MAX = 2000;

const bodyShape = vendorServiceBodySchema.shape;

/**
 * The service form's schema: the contract's `vendorServiceBodySchema`, except that the price is
 * typed in major units ("49.99") and turned into integer minor units of its currency before the
 * contract's own price rules run — so the browser and the API refuse the same prices with the
 * same words, on the same field (`price.amount`).
 */
export const serviceFormSchema = vendorServiceBodySchema.extend({
  price: z
    .object({ amount: z.string(), currency: bodyShape.price.shape.currency })
    .transform(({ amount, currency }, ctx) => {
      const minor = toMinorUnits(amount, currency);
      if (minor === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: amount.trim() ? 'Enter a price such as 50 or 49.99' : 'Enter a price',
        });
        return z.NEVER;
      }
      return { amount: minor, currency };
    })
    .pipe(bodyShape.price),
});
/** What the service form holds (price as typed). */
export type ServiceFormInput = z.input<typeof serviceFormSchema>;
/** What the service form submits: the contract's body, price in minor units. */
type ServiceFormOutput = z.output<typeof serviceFormSchema>;

/** Server field errors the form can show on a field (the API's dotted paths). */
const FIELDS = [
  'categorySlug',
  'title',
  'description',
  'price.amount',
  'price.currency',
  'durationMinutes',
  'active',
] as const;

/**
 * Units of account on ISO 4217's list that nobody pays a bill in: the IMF's special drawing
 * right, the SUCRE clearing unit, the African Development Bank's unit.
 */
const UNITS_OF_ACCOUNT = new Set(['XDR', 'XSU', 'XUA']);

/** ISO 4217 list one as `currency-codes` ships it: the currencies in use today. */
const CURRENT_CURRENCIES = new Set(
  iso4217.map((c) => c.code).filter((code) => !UNITS_OF_ACCOUNT.has(code)),
);

/**
 * The page's currency choice: the currencies in use today (ISO 4217 list one, without units of
 * account) that Intl can format, with `also` (the service's own) kept in. Intl alone also knows
 * withdrawn ones (HRK, SLL, ZWL …), which a pro must not be offered.
 */
export function currencyCodes(also: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('currency').filter((code) => CURRENT_CURRENCIES.has(code))
      : [...CURRENT_CURRENCIES].sort();
  return known.includes(also) ? known : [...known, also].sort();
}

/** The form's values for `service`, or a new service's defaults. */
function formValues(
  service: VendorService | undefined,
  defaults: { categorySlug: string; currency: string },
): ServiceFormInput {
  if (!service) {
    return {
      categorySlug: defaults.categorySlug,
      title: '',
      description: '',
      price: { amount: '', currency: defaults.currency },
      durationMinutes: 60,
      active: true,
    };
  }
  return {
    categorySlug: service.category.slug,
    title: service.title,
    description: service.description,
    price: {
      amount: toMajorText(service.price.amount, service.price.currency),
      currency: service.price.currency,
    },
    durationMinutes: service.durationMinutes,
    active: service.active,
  };
}

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
  const crumbs = (
    <Breadcrumbs items={[{ label: 'Services', href: servicesHref }, { label: title }]} />
  );
  if (!isNew && error && !service) {
    return (
      <div className="flex flex-col gap-6">
        {crumbs}
        <ErrorState
          title={MESSAGES.errorLoadingService}
          message={error.message}
          onRetry={onRetry}
        />
      </div>
    );
  }
  if (isLoading || (!isNew && !service)) {
    return (
      <div className="flex flex-col gap-6">
        {crumbs}
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
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {crumbs}
      <ServiceForm {...props} />
    </div>
  );
}

function ServiceForm({
  service,
  isNew,
  categories,
  defaultCategorySlug = '',
  defaultCurrency,
  onSave,
  onDelete,
  imageActions,
}: ServiceEditorViewProps) {
  const archived = Boolean(service?.archivedAt);
  const [formError, setFormError] = React.useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ServiceFormInput, unknown, ServiceFormOutput>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: formValues(service, {
      categorySlug: defaultCategorySlug,
      currency: defaultCurrency,
    }),
  });
  useUnsavedChangesWarning(isDirty && !isSubmitting);
  const values = useWatch({ control });
  const currency = values.price?.currency || defaultCurrency;
  const currencies = React.useMemo(() => currencyCodes(currency), [currency]);

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await onSave(body);
      // Saved: what is on screen is now the service, not a change to it.
      reset(getValues());
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, FIELDS)) setFormError(errorMessage(err));
    }
  });

  const previewPrice = {
    amount: toMinorUnits(values.price?.amount ?? '', currency) ?? service?.price.amount ?? 0,
    currency,
  };
  const categoryName =
    categories?.find((c) => c.slug === values.categorySlug)?.name ?? service?.category.name;
  const durations = DURATIONS.includes(values.durationMinutes ?? 60)
    ? DURATIONS
    : [...DURATIONS, values.durationMinutes ?? 60].sort((a, b) => a - b);
  const descriptionLength = values.description?.length ?? 0;

  return (
    <>
      <PageHeader
        title={isNew ? 'New service' : (service?.title ?? 'Service')}
        description={
          isNew
            ? 'Describe what customers book: the price, how long it takes and what is included. Add photos once it is saved.'
            : service && !archived
              ? `${service.active ? 'Active' : 'Inactive'} · ${upcomingOrdersText(service.upcomingOrderCount)}`
              : undefined
        }
      />
      {archived && service?.archivedAt ? (
        <Alert variant="warning">
          <Archive aria-hidden="true" />
          <AlertTitle>Archived on {formatDate(service.archivedAt)}</AlertTitle>
          <AlertDescription>
            It was deleted while it had orders, so it is kept for them. Customers cannot see or book
            it, and it can no longer be changed.
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <form noValidate onSubmit={submit} aria-label="Service details">
              <fieldset disabled={archived} className="flex min-w-0 flex-col gap-4">
                <legend className="sr-only">Service details</legend>
                <FormField label="Category" error={errors.categorySlug?.message} required>
                  <Controller
                    control={control}
                    name="categorySlug"
                    render={({ field }) => (
                      <CategorySelect
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        categories={categories}
                        disabled={archived}
                      />
                    )}
                  />
                </FormField>
                <FormField
                  label="Title"
                  hint="What customers search for, e.g. “Boiler service”."
                  error={errors.title?.message}
                  required
                >
                  <Input maxLength={80} autoComplete="off" {...register('title')} />
                </FormField>
                <FormField
                  label="Description"
                  hint={`What is included and what the customer should prepare. ${descriptionLength} / ${DESCRIPTION_MAX}`}
                  error={errors.description?.message}
                  required
                >
                  <Textarea rows={5} maxLength={DESCRIPTION_MAX} {...register('description')} />
                </FormField>
                <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
                  <FormField
                    label={`Price (${currency})`}
                    hint="What the customer pays for the service; the booking fee is added at checkout."
                    error={errors.price?.amount?.message}
                    required
                  >
                    <Input inputMode="decimal" autoComplete="off" {...register('price.amount')} />
                  </FormField>
                  <FormField label="Currency" error={errors.price?.currency?.message} required>
                    <Controller
                      control={control}
                      name="price.currency"
                      render={({ field }) => (
                        <Select
                          value={field.value}
                          onValueChange={field.onChange}
                          disabled={archived}
                        >
                          <SelectTrigger onBlur={field.onBlur}>
                            <SelectValue />
                          </SelectTrigger>
                          <SelectContent>
                            {currencies.map((code) => (
                              <SelectItem key={code} value={code}>
                                {code}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                      )}
                    />
                  </FormField>
                </div>
                <FormField
                  label="Duration"
                  hint="How long you need at the customer's; bookings are made in these blocks."
                  error={errors.durationMinutes?.message}
                  required
                >
                  <Controller
                    control={control}
                    name="durationMinutes"
                    render={({ field }) => (
                      <Select
                        value={String(field.value)}
                        onValueChange={(v) => field.onChange(Number(v))}
                        disabled={archived}
                      >
                        <SelectTrigger onBlur={field.onBlur}>
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {durations.map((m) => (
                            <SelectItem key={m} value={String(m)}>
                              {formatDuration(m)}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                </FormField>
                <Controller
                  control={control}
                  name="active"
                  render={({ field }) => (
                    <div className="flex items-start justify-between gap-4 rounded-md border border-border p-3">
                      <div className="flex flex-col gap-0.5">
                        <Label htmlFor="service-active">Active</Label>
                        <p id="service-active-hint" className="text-xs text-muted">
                          {field.value
                            ? 'Customers can find and book it once your profile is approved.'
                            : 'Hidden from customers and not bookable; it stays here to switch back on.'}
                        </p>
                      </div>
                      <Switch
                        id="service-active"
                        aria-describedby="service-active-hint"
                        checked={field.value ?? true}
                        onCheckedChange={field.onChange}
                        onBlur={field.onBlur}
                      />
                    </div>
                  )}
                />
                {formError ? (
                  <Alert variant="danger" role="alert">
                    <AlertDescription>{formError}</AlertDescription>
                  </Alert>
                ) : null}
                {archived ? null : (
                  <div className="flex flex-wrap items-center gap-3">
                    <Button type="submit" loading={isSubmitting} disabled={!isNew && !isDirty}>
                      {isNew ? 'Create service' : 'Save changes'}
                    </Button>
                    <p role="status" className="text-sm text-muted">
                      {isDirty && !isSubmitting ? 'Unsaved changes' : ''}
                    </p>
                  </div>
                )}
              </fieldset>
            </form>
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
        <section
          aria-labelledby="service-preview"
          className="flex flex-col gap-3 lg:sticky lg:top-20"
        >
          <h2 id="service-preview" className="text-lg font-semibold">
            How customers see it
          </h2>
          <ServiceCard
            title={values.title?.trim() || 'Your service title'}
            description={values.description?.trim() || undefined}
            price={previewPrice}
            durationMinutes={values.durationMinutes ?? 60}
            imageUrl={service?.coverImageUrl ?? null}
          />
          <Card className="gap-2">
            {categoryName ? <Badge variant="secondary">{categoryName}</Badge> : null}
            <p className="font-semibold">{values.title?.trim() || 'Your service title'}</p>
            <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
              <Price
                amount={previewPrice.amount}
                currency={previewPrice.currency}
                className="text-xl font-bold text-fg"
              />
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-4" />
                {formatDuration(values.durationMinutes ?? 60)}
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
      </div>
    </>
  );
}

/**
 * "Delete service" with a confirmation that says what will happen: a service with upcoming
 * orders is archived (kept for them), and so is one booked before (the API archives any service
 * with orders); only a never-booked one is deleted with its photos.
 */
function DeleteService({
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
