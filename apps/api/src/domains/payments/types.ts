/**
 * Types of the payments domain that its use cases, its composition (`service.ts`) and other
 * domains share: the providers, the service's dependencies, the caller and the confirm body.
 */
import type { ServiceDeps } from '../deps';
import type { PaymentProvider } from './provider';

/** The configured providers by name; `stripe` only when its keys are set. */
export interface PaymentProviders {
  sandbox: PaymentProvider;
  stripe?: PaymentProvider;
}

export interface PaymentsDeps extends ServiceDeps {
  providers: PaymentProviders;
}

/** What the checkout caller is. */
export interface Payer {
  id: string;
  role: string;
}

/** Card as the confirm body carries it (sandbox only; Stripe collects the card in the browser). */
export interface ConfirmInput {
  card?: {
    number: string;
    expMonth: number | string;
    expYear: number | string;
    cvc: string;
    name: string;
  };
}
