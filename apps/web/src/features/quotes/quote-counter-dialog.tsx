import { zodResolver } from '@hookform/resolvers/zod';
import { counterQuoteBodySchema, type Quote } from '@vetted/contract';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  formatMoney,
  Input,
  Textarea,
} from '@vetted/ui';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { toMinorUnits } from '../../lib/money';

/**
 * The counter-offer form's schema for `quote`: a decimal amount in the quote's currency, turned
 * into minor units exactly and checked with the contract's body schema, below the quote's total
 * (the API's rule); the note as the contract allows it.
 */
export function counterFormSchema(quote: Quote) {
  const { currency, amount: total } = quote.total;
  return z.object({
    amount: z
      .string()
      .trim()
      .transform((s, ctx) => {
        const minor = toMinorUnits(s, currency);
        if (minor !== null) return minor;
        ctx.addIssue({ code: 'custom', message: 'Enter an amount like 120 or 120.50' });
        return z.NEVER;
      })
      .pipe(
        counterQuoteBodySchema.shape.amount.max(
          total - 1,
          `Offer less than the quote's ${formatMoney(total, currency)}`,
        ),
      ),
    note: counterQuoteBodySchema.shape.note,
  });
}

/** The counter form's values as typed: the amount in major units ("150"), a note. */
type CounterFormInput = z.input<ReturnType<typeof counterFormSchema>>;

export interface QuoteCounterDialogProps {
  quote: Quote;
  /** Sends the counter-offer (amount in minor units); rejects with the API's refusal. */
  onCounter: (amount: number, note: string) => Promise<void>;
  disabled?: boolean;
}

/**
 * "Counter-offer": one offer per quote, below its total, with an optional note; the pro accepts
 * (the quote's total becomes the amount) or declines (the quote stands). The API's refusal is
 * shown in the dialog, which stays open.
 */
export function QuoteCounterDialog({ quote, onCounter, disabled }: QuoteCounterDialogProps) {
  const [open, setOpen] = React.useState(false);
  const { currency } = quote.total;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CounterFormInput, unknown, { amount: number; note: string }>({
    resolver: zodResolver(counterFormSchema(quote)),
    defaultValues: { amount: '', note: '' },
  });
  const submit = handleSubmit(async ({ amount, note }) => {
    try {
      await onCounter(amount, note);
      setOpen(false);
      reset();
    } catch (error) {
      setError('amount', { type: 'server', message: errorMessage(error) });
    }
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          Counter-offer
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Counter-offer to {quote.vendor.businessName}</DialogTitle>
          <DialogDescription>
            Their quote is {formatMoney(quote.total.amount, currency)} before the booking fee. You
            can counter once; they accept your amount or keep their quote.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormField label={`Your offer (${currency})`} error={errors.amount?.message} required>
            <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
          </FormField>
          <FormField label="Note (optional)" error={errors.note?.message}>
            <Textarea rows={3} maxLength={500} {...register('note')} />
          </FormField>
          <DialogFooter>
            <Button type="submit" loading={isSubmitting}>
              Send counter-offer
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
