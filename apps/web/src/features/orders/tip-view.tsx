import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vetted/api-client';
import {
  endSentence,
  maxTip,
  type Money,
  type Payment,
  TIP_LIMITS,
  tipBodySchema,
  tipPresets,
} from '@vetted/contract';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  formatMoney,
  Input,
  Price,
} from '@vetted/ui';
import { ChevronLeft, HandCoins } from 'lucide-react';
import type * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toMajorText, toMinorUnits } from '../../lib/money';

/*
 * Tipping a completed booking: the amount form, the two-step dialog and the tip line of the
 * order page. Amounts print with `formatMoney` of @vetted/ui, in the currency's own minor digits
 * as `<Price>` prints them. Its container (`TipAction`) is in `order-changes.tsx`; every state is
 * storied in `order-changes.stories.tsx`.
 */

/** The tip form's values: the amount as typed, in whole currency units ("5", "7.50"). */
type TipFormInput = { amount: string };

/**
 * The tip form's schema: a decimal amount with at most the currency's minor digits (2 for USD,
 * 0 for JPY, 3 for KWD), turned into minor units exactly (`toMinorUnits`) and checked by the
 * contract's tip body schema and bounds (`TIP_LIMITS`, `maxTip`), so the browser and the API
 * refuse the same amounts with the same limits.
 */
export function tipFormSchema(subtotal: Money) {
  const min = TIP_LIMITS.minMinor;
  const max = maxTip(subtotal.amount);
  return z.object({
    amount: z
      .string()
      .trim()
      .transform((s, ctx) => {
        const minor = toMinorUnits(s, subtotal.currency);
        if (minor !== null) return minor;
        ctx.addIssue({ code: 'custom', message: 'Enter an amount like 5 or 7.50' });
        return z.NEVER;
      })
      .pipe(
        tipBodySchema.shape.amount
          .min(min, `A tip must be at least ${formatMoney(min, subtotal.currency)}`)
          .max(max, `A tip can be at most ${formatMoney(max, subtotal.currency)} for this booking`),
      ),
  });
}

export interface TipAmountFormProps {
  /** The pro's business name. */
  businessName: string;
  /** The service price: presets are shares of it and the largest tip depends on it. */
  subtotal: Money;
  /** Starts the tip with the amount in minor units; rejects with the API's refusal. */
  onSubmit: (amountMinor: number) => Promise<void>;
  /** Initial amount in minor units (e.g. an attempt being resumed). */
  defaultAmount?: number;
}

/**
 * Step 1 of "Add a tip": preset amounts (10, 15 and 20 % of the service price, from the
 * contract's `tipPresets`) that fill the amount field, or any amount typed in.
 */
export function TipAmountForm({
  businessName,
  subtotal,
  onSubmit,
  defaultAmount,
}: TipAmountFormProps) {
  const presets = tipPresets(subtotal.amount);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TipFormInput, unknown, { amount: number }>({
    resolver: zodResolver(tipFormSchema(subtotal)),
    defaultValues: { amount: defaultAmount ? toMajorText(defaultAmount, subtotal.currency) : '' },
  });
  const typed = watch('amount');
  const submit = handleSubmit(async ({ amount }) => {
    try {
      await onSubmit(amount);
    } catch (error) {
      setError('amount', {
        type: 'server',
        message: error instanceof Error ? error.message : MESSAGES.tryAgain,
      });
    }
  });
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">
          All of it goes to {endSentence(businessName)} Pick an amount:
        </legend>
        <div className="flex flex-wrap gap-2">
          {presets.map((p) => {
            const value = toMajorText(p, subtotal.currency);
            const pressed = toMinorUnits(typed ?? '', subtotal.currency) === p;
            return (
              <Button
                key={p}
                type="button"
                variant={pressed ? 'primary' : 'outline'}
                aria-pressed={pressed}
                onClick={() => setValue('amount', value, { shouldValidate: true })}
              >
                {formatMoney(p, subtotal.currency)}
              </Button>
            );
          })}
        </div>
      </fieldset>
      <FormField
        label={`Tip amount (${subtotal.currency})`}
        hint={`From ${formatMoney(TIP_LIMITS.minMinor, subtotal.currency)} to ${formatMoney(maxTip(subtotal.amount), subtotal.currency)}.`}
        error={errors.amount?.message}
      >
        <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
      </FormField>
      <DialogFooter>
        <Button type="submit" loading={isSubmitting}>
          Continue to payment
        </Button>
      </DialogFooter>
    </form>
  );
}

export interface TipDialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  businessName: string;
  subtotal: Money;
  /** `amount`: choose it; `pay`: the card step for the tip `payment` (`paymentStep`). */
  step: 'amount' | 'pay';
  /** The tip being paid (step `pay`). */
  payment?: Payment | null;
  /** The card form (the checkout's `PaymentForm`), shown at step `pay`. */
  paymentStep?: React.ReactNode;
  onStart: (amountMinor: number) => Promise<void>;
  /** Back from the card step to the amount. */
  onBack: () => void;
}

/** "Add a tip": amount first, then the same card step as checkout. */
export function TipDialogView({
  open,
  onOpenChange,
  businessName,
  subtotal,
  step,
  payment,
  paymentStep,
  onStart,
  onBack,
}: TipDialogViewProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Tip {businessName}</DialogTitle>
          <DialogDescription>
            {step === 'amount'
              ? 'Say thanks for a job well done. The tip is charged to your card once.'
              : payment
                ? `Tip of ${formatMoney(payment.amount.amount, payment.amount.currency)}: pay with your card.`
                : 'Pay with your card.'}
          </DialogDescription>
        </DialogHeader>
        {step === 'amount' ? (
          <TipAmountForm
            businessName={businessName}
            subtotal={subtotal}
            onSubmit={onStart}
            defaultAmount={payment?.amount.amount}
          />
        ) : (
          <div className="flex flex-col gap-4">
            {paymentStep}
            <div>
              <Button variant="link" onClick={onBack}>
                <ChevronLeft aria-hidden="true" /> Change the amount
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Tip status in words (say only what happened). */
const TIP_LABEL: Partial<Record<Payment['status'], string>> = {
  requires_payment: 'Not paid yet',
  failed: 'Card declined',
  authorized: 'Processing',
  captured: 'Sent',
  succeeded: 'Sent',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};

/** The tip line of the order page's payment card: amount and status. */
export function TipLine({
  tip,
  perspective,
}: {
  tip: Payment;
  perspective: 'customer' | 'vendor';
}) {
  return (
    <dl className="border-t border-border pt-2 text-sm">
      <div className="flex items-center justify-between gap-3">
        <dt className="inline-flex items-center gap-1.5 text-muted">
          <HandCoins aria-hidden="true" className="size-4" />
          {perspective === 'customer' ? 'Your tip' : 'Tip from the customer'}
        </dt>
        <dd className="text-right">
          <Price amount={tip.amount.amount} currency={tip.amount.currency} />
          <span className="ml-2 text-muted">{TIP_LABEL[tip.status] ?? tip.status}</span>
        </dd>
      </div>
    </dl>
  );
}
