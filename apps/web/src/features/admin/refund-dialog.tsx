import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminRefundBody,
  type Payment,
  type RefundBearer,
  refundBearerSchema,
  VENDOR_REFUND_REASON_MESSAGE,
} from '@vetted/contract';
import { Button, FormField, formatMoney, Input, Price, Textarea } from '@vetted/ui';
import { Undo2 } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toMinorUnits } from '../../lib/money';
import { FormDialog, useDialogForm } from './form-dialog';
import { type RadioCardOption, RadioCards } from './radio-cards';

/**
 * The refund form of one payment: all that is left, or a partial amount typed in major units
 * ("12.50") and sent in minor units; who bears it (`bearer`, the contract's
 * `refundBearerSchema`); and a reason of 3–500 characters, as the contract's
 * `adminRefundBodySchema` asks (with its words when the pro bears it: they are told it). A
 * partial amount must be a plain decimal above zero and not above the payment (`amount`, minor
 * units); the API checks what is really left (refunds already made or pending).
 */
export function refundFormSchema(currency: string, amount: number) {
  return z
    .object({
      scope: z.enum(['full', 'partial']),
      amount: z.string(),
      // The contract's default: Vetted pays unless the admin recovers it from the pro.
      bearer: refundBearerSchema.default('platform'),
      reason: z.string().trim().max(500),
    })
    .superRefine((values, ctx) => {
      if (values.reason.length < 3) {
        ctx.addIssue({
          code: 'custom',
          path: ['reason'],
          message:
            values.bearer === 'vendor'
              ? VENDOR_REFUND_REASON_MESSAGE
              : 'Say why the refund is given',
        });
      }
      if (values.scope !== 'partial') return;
      const minor = toMinorUnits(values.amount, currency);
      if (minor === null || minor <= 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `Enter an amount in ${currency}, e.g. 12.50`,
        });
      } else if (minor > amount) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `That is more than the payment (${formatMoney(amount, currency)})`,
        });
      }
    })
    .transform(
      (values): AdminRefundBody => ({
        reason: values.reason,
        bearer: values.bearer,
        ...(values.scope === 'partial'
          ? { amount: toMinorUnits(values.amount, currency) ?? undefined }
          : {}),
      }),
    );
}

type RefundFormInput = z.input<ReturnType<typeof refundFormSchema>>;

export interface RefundDialogProps {
  /** The captured payment to refund (its amount and what the provider confirmed refunded). */
  payment: Payment;
  /**
   * The pro's share of what is left to refund (minor units, the API's `proShareLeft`): a refund
   * of `a` takes `min(a, proShareLeft)` from the pro's part — what Vetted pays on a goodwill
   * refund, or recovers from the pro.
   */
  proShareLeft: number;
  /**
   * Sends the refund (`amount` in minor units, none = all that is left). Resolve to close;
   * reject to keep the dialog open with the error (e.g. 409: more than is left).
   */
  onRefund: (body: AdminRefundBody) => Promise<void>;
  /** Opens the dialog on first render (stories). @defaultValue false */
  defaultOpen?: boolean;
}

/**
 * The pro's part (minor units) of the refund the form describes: all of `proShareLeft` for
 * everything left; of a partial amount, as much as fits in it (the pro's part goes first); null
 * while the amount typed is not a valid one.
 */
function proPartOf(
  scope: 'full' | 'partial',
  typed: string,
  currency: string,
  proShareLeft: number,
): number | null {
  if (scope === 'full') return proShareLeft;
  const minor = toMinorUnits(typed, currency);
  return minor === null || minor <= 0 ? null : Math.min(minor, proShareLeft);
}

/** What the refund will do, in one sentence, for the form's current choices. */
function refundSummary(bearer: RefundBearer, proPart: number | null, currency: string) {
  const share = proPart === null ? 'their share' : formatMoney(proPart, currency);
  if (proPart === 0)
    return 'Only the booking fee is left to refund: the pro’s earnings are not touched.';
  return bearer === 'vendor'
    ? `${proPart === null ? 'The pro’s share' : share} is taken back from the pro’s earnings. They are told the amount and your reason in the app and by email.`
    : `Vetted pays this refund as goodwill: the pro keeps ${proPart === null ? share : `their ${share}`}.`;
}

/** How much to refund: everything left, or an amount typed in. */
const SCOPE_OPTIONS: readonly RadioCardOption<'full' | 'partial'>[] = [
  { value: 'full', label: 'Everything left', hint: 'What has not been refunded yet' },
  { value: 'partial', label: 'Part of it', hint: 'An amount you choose' },
];

/** Who bears the refund; `proPartWords` is the pro's part in money ("$12.00"), or "share". */
function bearerOptions(proPartWords: string): RadioCardOption<RefundBearer>[] {
  return [
    {
      value: 'platform',
      label: `Vetted pays (goodwill) — the pro keeps their ${proPartWords}`,
      hint: 'Posted as a Vetted expense; the pro’s earnings are not touched',
    },
    {
      value: 'vendor',
      label: 'Recover from the pro',
      hint: 'Taken from their earnings; they are told the amount and the reason',
    },
  ];
}

/**
 * "Refund" of a payment on the admin order page: full (all that is left) or partial,
 * who pays it — "Vetted pays (goodwill) — the pro keeps their $X" or "Recover from the pro" —
 * and a required reason (sent to the pro when they bear it). A line above the buttons says what
 * will happen; the dialog says up front that the refund is pending until the payment provider
 * confirms it.
 */
export function RefundDialog({
  payment,
  proShareLeft,
  onRefund,
  defaultOpen = false,
}: RefundDialogProps) {
  const currency = payment.amount.currency;
  const refunded = payment.amountRefunded?.amount ?? 0;
  const schema = React.useMemo(
    () => refundFormSchema(currency, payment.amount.amount),
    [currency, payment.amount.amount],
  );
  const form = useForm<RefundFormInput, unknown, AdminRefundBody>({
    resolver: zodResolver(schema),
    defaultValues: { scope: 'full', amount: '', bearer: 'platform', reason: '' },
  });
  const dialog = useDialogForm(form, {
    defaultOpen,
    send: onRefund,
    serverFields: ['amount', 'bearer', 'reason'],
  });
  const { register, control, watch, formState } = form;
  const scope = watch('scope');
  const bearer = watch('bearer') ?? 'platform';
  const proPart = proPartOf(scope, watch('amount'), currency, proShareLeft);

  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button variant="outline" size="sm">
          <Undo2 aria-hidden="true" /> Refund
        </Button>
      }
      title="Refund this payment?"
      description={
        <>
          Paid <Price amount={payment.amount.amount} currency={currency} />
          {refunded > 0 ? (
            <>
              , refunded so far <Price amount={refunded} currency={currency} />
            </>
          ) : null}
          . The refund shows as pending until the payment provider confirms it.
        </>
      }
      submitLabel="Refund"
      destructive
    >
      <RadioCards
        control={control}
        name="scope"
        legend="How much"
        options={SCOPE_OPTIONS}
        className="grid grid-cols-1 gap-2 sm:grid-cols-2"
      />
      {scope === 'partial' ? (
        <FormField
          label={`Amount (${currency})`}
          hint="In the currency’s usual units, e.g. 12.50."
          error={formState.errors.amount?.message}
          required
        >
          <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
        </FormField>
      ) : null}
      {proShareLeft > 0 ? (
        <RadioCards
          control={control}
          name="bearer"
          legend="Who pays"
          options={bearerOptions(proPart === null ? 'share' : formatMoney(proPart, currency))}
          className="grid grid-cols-1 gap-2"
        />
      ) : null}
      <FormField
        label="Reason"
        hint={
          bearer === 'vendor'
            ? 'Sent to the pro and kept in the audit log.'
            : 'Kept in the audit log.'
        }
        error={formState.errors.reason?.message}
        required
      >
        <Textarea rows={3} maxLength={500} {...register('reason')} />
      </FormField>
      <p aria-live="polite" className="text-sm" data-testid="refund-summary">
        {refundSummary(bearer, proPart, currency)}
      </p>
    </FormDialog>
  );
}
