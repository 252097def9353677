import { type CreateQuoteRequestBody, QUOTE_RULES } from '@vetted/contract';
import { Button, FormField, Input } from '@vetted/ui';
import { Plus, Trash2 } from 'lucide-react';
import {
  type Control,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import type { QuoteRequestFormInput } from './quote-request-schema';

export interface QuoteWindowsFieldProps {
  control: Control<QuoteRequestFormInput, unknown, CreateQuoteRequestBody>;
  register: UseFormRegister<QuoteRequestFormInput>;
  errors: FieldErrors<QuoteRequestFormInput>;
  /** The first day that may be picked (`YYYY-MM-DD`, today in the customer's calendar). */
  today: string;
  disabled?: boolean;
}

/**
 * "When suits you": 1–3 preferred date ranges (`QUOTE_RULES.maxWindows`), each a first and a
 * last day; add another range, remove one (never the last).
 */
export function QuoteWindowsField({
  control,
  register,
  errors,
  today,
  disabled,
}: QuoteWindowsFieldProps) {
  const windows = useFieldArray({ control, name: 'windows' });
  const listError = errors.windows?.message ?? errors.windows?.root?.message;
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">
        When suits you{' '}
        <span className="font-normal text-muted">(up to {QUOTE_RULES.maxWindows} date ranges)</span>
      </legend>
      <ul className="flex flex-col gap-3">
        {windows.fields.map((field, i) => (
          <li
            key={field.id}
            className="grid grid-cols-[1fr_1fr_auto] items-start gap-2 rounded-md border border-border p-3"
          >
            <FormField label="From" error={errors.windows?.[i]?.from?.message}>
              <Input type="date" min={today} {...register(`windows.${i}.from`)} />
            </FormField>
            <FormField label="To" error={errors.windows?.[i]?.to?.message}>
              <Input type="date" min={today} {...register(`windows.${i}.to`)} />
            </FormField>
            <Button
              variant="ghost"
              size="icon"
              className="mt-6"
              aria-label={`Remove date range ${i + 1}`}
              disabled={windows.fields.length === 1}
              onClick={() => windows.remove(i)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {listError ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {listError}
        </p>
      ) : null}
      {windows.fields.length < QUOTE_RULES.maxWindows ? (
        <Button
          variant="outline"
          className="w-fit"
          onClick={() => windows.append({ from: today, to: today })}
        >
          <Plus aria-hidden="true" /> Add another date range
        </Button>
      ) : null}
    </fieldset>
  );
}
