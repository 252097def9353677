import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vetted/api-client';
import { type CreateQuoteBody, createQuoteBodySchema } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormField,
  Input,
  Textarea,
} from '@vetted/ui';
import { addDays, format } from 'date-fns';
import { Send } from 'lucide-react';
import * as React from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { QuoteLinesField, QuoteSlotsField } from './vendor-quote-fields';
import { type QuoteFormInput, quoteFormSchema } from './vendor-quote-schema';
import type { VendorSlotPickerProps } from './vendor-slot-picker';

/** Field paths the API may name in a 400, shown on the matching field. */
const FIELDS = ['durationMinutes', 'slots', 'validUntil', 'message', 'lineItems'] as const;

export interface VendorQuoteBuilderProps {
  /** The pro's currency: amounts are typed and totalled in it (ISO 4217). */
  currency: string;
  /** "Now" (ms since epoch): "Valid until" starts 3 days later and must be after it. */
  now: number;
  /** The free times for the duration typed (the container asks `onDurationChange`'s). */
  slots: Pick<VendorSlotPickerProps, 'data' | 'isLoading' | 'error' | 'onRetry'>;
  /** Called with a valid duration in minutes as it is typed (null while it is not valid). */
  onDurationChange: (minutes: number | null) => void;
  /** Sends the quote; rejects with the API's error (field errors land on their fields). */
  onSubmit: (body: CreateQuoteBody) => Promise<void>;
}

/**
 * The quote builder: line items (add and remove rows, description and amount) with a running
 * total in the pro's currency, the job's duration, 1–3 free times from the pro's calendar,
 * "Valid until" (3 days from now by default) and a message; "Send quote".
 */
export function VendorQuoteBuilder({
  currency,
  now,
  slots,
  onDurationChange,
  onSubmit,
}: VendorQuoteBuilderProps) {
  // The API checks validity against its own clock too; this only spares a round trip.
  const schema = React.useMemo(() => quoteFormSchema(currency, () => now), [currency, now]);
  const form = useForm<QuoteFormInput, unknown, CreateQuoteBody>({
    resolver: zodResolver(schema),
    defaultValues: {
      lineItems: [{ description: '', amount: '' }],
      durationMinutes: '60',
      slots: [],
      validUntil: format(addDays(now, 3), "yyyy-MM-dd'T'HH:mm"),
      message: '',
    },
  });
  const { register, handleSubmit, watch, setValue, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const [failure, setFailure] = React.useState<string | null>(null);

  const duration = watch('durationMinutes');
  React.useEffect(() => {
    const parsed = createQuoteBodySchema.shape.durationMinutes.safeParse(Number(duration));
    onDurationChange(parsed.success ? parsed.data : null);
    // Times chosen for another length may not be free for this one.
    setValue('slots', []);
  }, [duration, onDurationChange, setValue]);

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) setFailure(errorMessage(error));
    }
  });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">Your quote</h2>
      </CardHeader>
      <CardContent>
        <FormProvider {...form}>
          <form className="flex flex-col gap-6" onSubmit={submit} noValidate>
            <QuoteLinesField currency={currency} />

            <FormField
              label="How long the job takes (minutes)"
              hint="From 15 minutes to 12 hours. Your free times below fit this length."
              error={errors.durationMinutes?.message}
              className="sm:max-w-xs"
            >
              <Input
                type="number"
                inputMode="numeric"
                min={15}
                max={720}
                step={15}
                {...register('durationMinutes')}
              />
            </FormField>

            <QuoteSlotsField slots={slots} />

            <FormField
              label="Valid until"
              hint="In your device's time zone. After this the quote expires."
              error={errors.validUntil?.message}
              className="sm:max-w-xs"
            >
              <Input type="datetime-local" {...register('validUntil')} />
            </FormField>

            <FormField label="Message (optional)" error={errors.message?.message}>
              <Textarea rows={4} maxLength={2000} {...register('message')} />
            </FormField>

            {failure ? (
              <Alert variant="danger">
                <AlertDescription>{failure || MESSAGES.tryAgain}</AlertDescription>
              </Alert>
            ) : null}
            <div>
              <Button type="submit" loading={isSubmitting}>
                <Send aria-hidden="true" /> Send quote
              </Button>
            </div>
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}
