import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminRefundBody,
  type Payment,
  type RefundBearer,
  refundBearerSchema,
  VENDOR_REFUND_REASON_MESSAGE,
} from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  formatMoney,
  FormField,
  Input,
  Label,
  Price,
  RadioGroup,
  RadioGroupItem,
  Textarea,
} from '@vetted/ui';
import { Undo2 } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useFocusKeptInDialog } from '../../lib/hooks/use-focus-kept-in-dialog';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { toMinorUnits } from '../../lib/money';

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
  const [open, setOpen] = React.useState(defaultOpen);
  const [formError, setFormError] = React.useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RefundFormInput, unknown, AdminRefundBody>({
    resolver: zodResolver(schema),
    defaultValues: { scope: 'full', amount: '', bearer: 'platform', reason: '' },
  });
  const formRef = React.useRef<HTMLFormElement>(null);
  useFocusKeptInDialog(isSubmitting, formRef);
  const scope = watch('scope');
  const bearer = watch('bearer') ?? 'platform';
  const proPart = proPartOf(scope, watch('amount'), currency, proShareLeft);
  const proPartWords = proPart === null ? 'share' : formatMoney(proPart, currency);
  const id = React.useId();

  const changeOpen = (next: boolean) => {
    if (isSubmitting) return;
    setOpen(next);
    if (!next) {
      reset();
      setFormError(null);
    }
  };

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await onRefund(body);
      setOpen(false);
      reset();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['amount', 'bearer', 'reason'])) {
        setFormError(errorMessage(error));
      }
    }
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Undo2 aria-hidden="true" /> Refund
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Refund this payment?</DialogTitle>
            <DialogDescription>
              Paid <Price amount={payment.amount.amount} currency={currency} />
              {refunded > 0 ? (
                <>
                  , refunded so far <Price amount={refunded} currency={currency} />
                </>
              ) : null}
              . The refund shows as pending until the payment provider confirms it.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="flex flex-col gap-2">
            <legend id={`${id}-scope`} className="mb-2 text-sm font-medium">
              How much
            </legend>
            <Controller
              control={control}
              name="scope"
              render={({ field }) => (
                <RadioGroup
                  value={field.value}
                  onValueChange={field.onChange}
                  aria-labelledby={`${id}-scope`}
                  className="grid grid-cols-1 gap-2 sm:grid-cols-2"
                >
                  {(
                    [
                      ['full', 'Everything left', 'What has not been refunded yet'],
                      ['partial', 'Part of it', 'An amount you choose'],
                    ] as const
                  ).map(([value, label, hint]) => (
                    <Label
                      key={value}
                      htmlFor={`${id}-${value}`}
                      className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft"
                    >
                      <RadioGroupItem id={`${id}-${value}`} value={value} className="mt-0.5" />
                      <span className="flex flex-col">
                        <span className="font-medium">{label}</span>
                        <span className="text-xs font-normal text-muted">{hint}</span>
                      </span>
                    </Label>
                  ))}
                </RadioGroup>
              )}
            />
          </fieldset>
          {scope === 'partial' ? (
            <FormField
              label={`Amount (${currency})`}
              hint="In the currency’s usual units, e.g. 12.50."
              error={errors.amount?.message}
              required
            >
              <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
            </FormField>
          ) : null}
          {proShareLeft > 0 ? (
            <fieldset className="flex flex-col gap-2">
              <legend id={`${id}-bearer`} className="mb-2 text-sm font-medium">
                Who pays
              </legend>
              <Controller
                control={control}
                name="bearer"
                render={({ field }) => (
                  <RadioGroup
                    value={field.value}
                    onValueChange={field.onChange}
                    aria-labelledby={`${id}-bearer`}
                    className="grid grid-cols-1 gap-2"
                  >
                    {(
                      [
                        [
                          'platform',
                          `Vetted pays (goodwill) — the pro keeps their ${proPartWords}`,
                          'Posted as a Vetted expense; the pro’s earnings are not touched',
                        ],
                        [
                          'vendor',
                          'Recover from the pro',
                          'Taken from their earnings; they are told the amount and the reason',
                        ],
                      ] as const
                    ).map(([value, label, hint]) => (
                      <Label
                        key={value}
                        htmlFor={`${id}-bearer-${value}`}
                        className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft"
                      >
                        <RadioGroupItem
                          id={`${id}-bearer-${value}`}
                          value={value}
                          className="mt-0.5"
                        />
                        <span className="flex flex-col">
                          <span className="font-medium">{label}</span>
                          <span className="text-xs font-normal text-muted">{hint}</span>
                        </span>
                      </Label>
                    ))}
                  </RadioGroup>
                )}
              />
            </fieldset>
          ) : null}
          <FormField
            label="Reason"
            hint={
              bearer === 'vendor'
                ? 'Sent to the pro and kept in the audit log.'
                : 'Kept in the audit log.'
            }
            error={errors.reason?.message}
            required
          >
            <Textarea rows={3} maxLength={500} {...register('reason')} />
          </FormField>
          <p aria-live="polite" className="text-sm" data-testid="refund-summary">
            {refundSummary(bearer, proPart, currency)}
          </p>
          {formError ? (
            <Alert variant="danger" role="alert">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" loading={isSubmitting}>
              Refund
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
