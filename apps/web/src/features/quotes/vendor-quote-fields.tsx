import { QUOTE_RULES } from '@vetted/contract';
import { Button, FormField, Input, Price } from '@vetted/ui';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { toMinorUnits } from '../../lib/money';
import type { QuoteFormInput } from './vendor-quote-schema';
import { VendorSlotPicker, type VendorSlotPickerProps } from './vendor-slot-picker';

/*
 * Two groups of the quote builder's form (`vendor-quote-builder.tsx`, whose `FormProvider` they
 * read): the line items with their running total, and the times offered.
 */

/**
 * "What the price covers": numbered lines (description, amount in `currency`), "Add a line" up
 * to `QUOTE_RULES.maxLineItems` (20), a remove button per line (not the last one), and the
 * running total of what is typed.
 */
export function QuoteLinesField({ currency }: { currency: string }) {
  const { control, register, watch, formState } = useFormContext<QuoteFormInput>();
  const { errors } = formState;
  const lines = useFieldArray({ control, name: 'lineItems' });
  // A preview of what is being typed (an empty amount counts 0 until it is filled in); the API
  // sums the lines itself and answers the total.
  const typed = watch('lineItems').map((l) =>
    l.amount.trim() === '' ? 0 : toMinorUnits(l.amount, currency),
  );
  const total = typed.every((a) => a !== null)
    ? typed.reduce<number>((s, a) => s + (a ?? 0), 0)
    : null;
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">What the price covers</legend>
      <ol className="flex flex-col gap-3">
        {lines.fields.map((field, i) => (
          <li key={field.id} className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <FormField
              className="flex-1"
              label={`Line ${i + 1}`}
              error={errors.lineItems?.[i]?.description?.message}
            >
              <Input
                placeholder="e.g. Replace the drain valve"
                {...register(`lineItems.${i}.description`)}
              />
            </FormField>
            <FormField
              className="sm:w-40"
              label={`Amount (${currency})`}
              error={errors.lineItems?.[i]?.amount?.message}
            >
              <Input
                inputMode="decimal"
                autoComplete="off"
                {...register(`lineItems.${i}.amount`)}
              />
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="self-end sm:mt-6"
              aria-label={`Remove line ${i + 1}`}
              disabled={lines.fields.length === 1}
              onClick={() => lines.remove(i)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      {errors.lineItems?.root?.message || errors.lineItems?.message ? (
        <p role="alert" className="text-sm text-danger">
          {errors.lineItems?.root?.message ?? errors.lineItems?.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={lines.fields.length >= QUOTE_RULES.maxLineItems}
          onClick={() => lines.append({ description: '', amount: '' })}
        >
          <Plus aria-hidden="true" /> Add a line
        </Button>
        <p className="text-base font-semibold" aria-live="polite">
          Total{' '}
          {total === null ? (
            <span className="font-normal text-muted">— check the amounts</span>
          ) : (
            <Price amount={total} currency={currency} />
          )}
        </p>
      </div>
    </fieldset>
  );
}

/**
 * "Times you can come": the pro's free starts for the duration (`slots`, the free-slots answer
 * and its states) as toggles, 1–3 of them, with the field's hint and error.
 */
export function QuoteSlotsField({
  slots,
}: {
  slots: Pick<VendorSlotPickerProps, 'data' | 'isLoading' | 'error' | 'onRetry'>;
}) {
  const { control, formState } = useFormContext<QuoteFormInput>();
  const { errors } = formState;
  // A group of toggles, not one control: a fieldset names it, as the lines above.
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" aria-describedby="quote-slots-hint">
      <legend className="mb-1.5 text-sm font-medium">Times you can come</legend>
      <Controller
        control={control}
        name="slots"
        render={({ field }) => (
          <VendorSlotPicker {...slots} value={field.value} onChange={field.onChange} />
        )}
      />
      <p id="quote-slots-hint" className="text-xs text-muted">
        Offer 1 to {QUOTE_RULES.maxSlots} times; the customer picks one when they accept.
      </p>
      {errors.slots?.message ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {errors.slots.message}
        </p>
      ) : null}
    </fieldset>
  );
}
