import { CheckCircle2 } from 'lucide-react';

/** Where the customer is in the checkout: job details, then payment, then the confirmation. */
export type CheckoutStep = 'details' | 'payment' | 'done';

const STEPS: Array<{ key: CheckoutStep; label: string }> = [
  { key: 'details', label: 'Details' },
  { key: 'payment', label: 'Payment' },
  { key: 'done', label: 'Confirmed' },
];

/** Step indicator (an ordered list; the current step is `aria-current="step"`). */
export function CheckoutSteps({ step }: { step: CheckoutStep }) {
  const index = STEPS.findIndex((s) => s.key === step);
  return (
    <ol className="flex items-center gap-2 text-sm" aria-label="Checkout progress">
      {STEPS.map((s, i) => (
        <li
          key={s.key}
          className="flex items-center gap-2"
          aria-current={i === index ? 'step' : undefined}
        >
          <span
            className={
              i < index
                ? 'flex size-7 items-center justify-center rounded-pill bg-success text-success-fg'
                : i === index
                  ? 'flex size-7 items-center justify-center rounded-pill bg-primary font-semibold text-primary-fg'
                  : 'flex size-7 items-center justify-center rounded-pill border border-border text-muted'
            }
          >
            {i < index ? <CheckCircle2 aria-hidden="true" className="size-4" /> : i + 1}
            <span className="sr-only">{i < index ? ' (done)' : ''}</span>
          </span>
          <span className={i === index ? 'font-medium' : 'sr-only text-muted sm:not-sr-only'}>
            {s.label}
          </span>
          {i < STEPS.length - 1 ? (
            <span aria-hidden="true" className="mx-1 h-px w-4 bg-border sm:w-10" />
          ) : null}
        </li>
      ))}
    </ol>
  );
}
