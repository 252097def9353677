import { Alert, AlertDescription, AlertTitle } from '@vetted/ui';
import { Repeat } from 'lucide-react';
import { FREQUENCY_WORDS, PLAN_PAYMENT_TEXT } from './plan-words';
import type { PlanFrequency } from '@vetted/contract';

/**
 * At checkout, over the card form of a plan's first visit: the plan's frequency and what saving
 * the card means (`PLAN_PAYMENT_TEXT`).
 */
export function PlanPaymentNote({ frequency }: { frequency: PlanFrequency }) {
  return (
    <Alert variant="info">
      <Repeat aria-hidden="true" />
      <AlertTitle>First visit of a plan: {FREQUENCY_WORDS[frequency].toLowerCase()}</AlertTitle>
      <AlertDescription>{PLAN_PAYMENT_TEXT}</AlertDescription>
    </Alert>
  );
}
