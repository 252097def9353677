import { Card } from '@vetted/ui';
import type * as React from 'react';
import { type CheckoutStep, CheckoutSteps } from './checkout-steps';

export interface CheckoutViewProps {
  step: CheckoutStep;
  /** The current step: the details form, the payment form or the confirmation. */
  children: React.ReactNode;
  /** The order summary, beside the step on wide screens (sticky there), below it on phones. */
  summary: React.ReactNode;
  /** The step's focusable wrapper (`tabIndex={-1}`): focused when the step changes. */
  stepRef?: React.Ref<HTMLDivElement>;
}

/**
 * The checkout page under its breadcrumbs: the "Checkout" heading with the step indicator, then
 * the current step in a card and the order summary beside it.
 */
export function CheckoutView({ step, children, summary, stepRef }: CheckoutViewProps) {
  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Checkout</h1>
        <CheckoutSteps step={step} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
        <Card className="p-5 sm:p-6">
          <div ref={stepRef} className="outline-none" tabIndex={-1}>
            {children}
          </div>
        </Card>
        <div className="lg:sticky lg:top-24">{summary}</div>
      </div>
    </>
  );
}
