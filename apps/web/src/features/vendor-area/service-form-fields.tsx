import type { Category } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Button,
  FormField,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Switch,
  Textarea,
} from '@vetted/ui';
import * as React from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { CategorySelect } from '../../components/category-select';
import { formatDuration } from '../../lib/format';
import { currencyCodes, DESCRIPTION_MAX, durationChoices } from './service-form-schema';
import type { ServiceFormApi } from './use-service-form';

/** What every field group of the service form needs. */
interface FieldGroupProps {
  /** The form's react-hook-form handle (from `useServiceForm`). */
  form: ServiceFormApi;
  /** An archived service: every control is disabled. */
  archived: boolean;
}

export interface ServiceDetailsFormProps extends FieldGroupProps {
  /** True for a new service: "Create service", enabled before any change. */
  isNew: boolean;
  /** Every category, for the category choice; undefined while loading. */
  categories?: Category[];
  /** The price's currency (ISO 4217) as chosen, for the price label and the currency choice. */
  currency: string;
  /** A save failure that is not about one field, shown above the buttons. */
  formError: string | null;
  /** Validates and saves (`useServiceForm().submit`). */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
}

/**
 * The "Service details" form: category, title, description (with its length), price and
 * currency, duration and the active switch, then a save failure and the save button. An
 * archived service shows the fields disabled and no button.
 */
export function ServiceDetailsForm({
  form,
  archived,
  isNew,
  categories,
  currency,
  formError,
  onSubmit,
}: ServiceDetailsFormProps) {
  const { register, control, formState } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const descriptionLength = useWatch({ control, name: 'description' })?.length ?? 0;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Service details">
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
        <PriceFields form={form} archived={archived} currency={currency} />
        <DurationField form={form} archived={archived} />
        <ActiveField form={form} />
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
  );
}

/** The price, typed in major units of `currency`, beside the currency choice. */
function PriceFields({ form, archived, currency }: FieldGroupProps & { currency: string }) {
  const { register, control, formState } = form;
  const currencies = React.useMemo(() => currencyCodes(currency), [currency]);
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
      <FormField
        label={`Price (${currency})`}
        hint="What the customer pays for the service; the booking fee is added at checkout."
        error={formState.errors.price?.amount?.message}
        required
      >
        <Input inputMode="decimal" autoComplete="off" {...register('price.amount')} />
      </FormField>
      <FormField label="Currency" error={formState.errors.price?.currency?.message} required>
        <Controller
          control={control}
          name="price.currency"
          render={({ field }) => (
            <OptionSelect
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={archived}
              options={currencies.map((code) => ({ value: code, label: code }))}
            />
          )}
        />
      </FormField>
    </div>
  );
}

/** The duration in 15-minute blocks (and the service's own length if it is off that grid). */
function DurationField({ form, archived }: FieldGroupProps) {
  const { control, formState } = form;
  const durations = durationChoices(useWatch({ control, name: 'durationMinutes' }) ?? 60);
  return (
    <FormField
      label="Duration"
      hint="How long you need at the customer's; bookings are made in these blocks."
      error={formState.errors.durationMinutes?.message}
      required
    >
      <Controller
        control={control}
        name="durationMinutes"
        render={({ field }) => (
          <OptionSelect
            value={String(field.value)}
            onChange={(v) => field.onChange(Number(v))}
            onBlur={field.onBlur}
            disabled={archived}
            options={durations.map((m) => ({ value: String(m), label: formatDuration(m) }))}
          />
        )}
      />
    </FormField>
  );
}

/** The "Active" switch, its hint saying what on and off mean for customers. */
function ActiveField({ form }: Pick<FieldGroupProps, 'form'>) {
  return (
    <Controller
      control={form.control}
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
  );
}

/** A Select of fixed options; inside a `FormField` its trigger is the labelled control. */
function OptionSelect({
  value,
  onChange,
  onBlur,
  disabled,
  options,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  disabled: boolean;
  options: { value: string; label: string }[];
}) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger onBlur={onBlur}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
