import { MESSAGES } from '@vetted/api-client';
import type { PayoutAccount, PayoutAccountState, PutPayoutAccountBody } from '@vetted/contract';
import { Alert, AlertDescription, AlertTitle, Button, Card, Skeleton } from '@vetted/ui';
import { ExternalLink, Info, Landmark, TriangleAlert } from 'lucide-react';
import * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { countryName } from '../../lib/countries';
import { errorMessage } from '../../lib/errors';
import { BankAccountForm } from './bank-account-form';
import { StatusBadge, type StatusLooks } from './status-badge';

/**
 * "•••• 6789": how an account is named to people (its last four digits only). A no-break space
 * keeps the dots and the digits on one line.
 */
export const maskedAccount = (last4: string) => `••••\u00a0${last4}`;

/**
 * Where a payout goes now, for the payout dialog: the verified account as "•••• 6789"; null
 * when there is no verified account; undefined while that is not known yet (loading).
 */
export function payoutDestination(
  state: PayoutAccountState | undefined,
): string | null | undefined {
  if (!state) return undefined;
  const account = state.account;
  if (account?.status !== 'verified') return null;
  return account.last4 ? maskedAccount(account.last4) : 'your Stripe account';
}

/** A payout account's state, in words. */
const STATUS: StatusLooks<PayoutAccount['status']> = {
  pending: { label: 'Setup not finished', variant: 'warning' },
  verified: { label: 'Verified', variant: 'success' },
  restricted: { label: 'Paused by Stripe', variant: 'danger' },
};

export interface PayoutAccountSectionProps {
  /** `GET /v1/vendor/payout-account`: the provider in use and the account, if any. */
  state?: PayoutAccountState;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Saves bank details (sandbox); rejects with the API's error (422 with `fields`). */
  onSave: (body: PutPayoutAccountBody) => Promise<void>;
  /** Starts or continues Stripe onboarding (the caller sends the browser there); rejects on failure. */
  onStripeSetup: () => Promise<void>;
  /** Back from Stripe's onboarding (`?stripe=return`) or its link expired (`?stripe=refresh`). */
  stripeReturn?: 'return' | 'refresh' | null;
  /** The bank country the form starts with when there is no account. @defaultValue 'US' */
  defaultCountry?: string;
}

/**
 * "Payout account" on `/vendor/earnings`: where payouts go, and how to add or change it. With
 * the sandbox provider a bank account form (IBAN, or US routing and account numbers; the server
 * checks the check digits); with Stripe, "Set up payouts with Stripe" (Connect onboarding) and
 * the account's state: setup not finished, verified, or paused by Stripe.
 */
export function PayoutAccountSection(props: PayoutAccountSectionProps) {
  const { state, isLoading, error, onRetry } = props;
  let body: React.ReactNode;
  if (error && !state) {
    body = (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  } else if (isLoading || !state) {
    body = (
      <div role="status" aria-busy="true" aria-label="Loading payout account">
        <Skeleton className="h-24 rounded-lg" />
      </div>
    );
  } else if (state.provider === 'stripe') {
    body = <StripeAccount {...props} account={state.account} />;
  } else {
    body = <BankAccount {...props} account={state.account} />;
  }
  return (
    <section
      id="payout-account"
      aria-labelledby="payout-account-title"
      className="flex scroll-mt-24 flex-col gap-3"
    >
      <div className="flex flex-col gap-1">
        <h2 id="payout-account-title" className="text-lg font-semibold">
          Payout account
        </h2>
        <p className="text-sm text-muted">
          Where your payouts go. Add it before your first payout.
        </p>
      </div>
      {body}
    </section>
  );
}

/** The account as a card row: icon, name, details, status and an action. */
function AccountCard({
  title,
  details,
  status,
  action,
}: {
  title: string;
  details: string;
  status: PayoutAccount['status'];
  action: React.ReactNode;
}) {
  return (
    <Card className="flex flex-row flex-wrap items-center gap-4">
      <Landmark aria-hidden="true" className="size-6 shrink-0 text-muted" />
      {/* At least 12rem for the name: on a phone the action wraps below instead of squeezing it. */}
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{title}</span>
          <StatusBadge look={STATUS[status]} />
        </div>
        <span className="text-sm text-muted">{details}</span>
      </div>
      {action}
    </Card>
  );
}

function BankAccount({
  account,
  onSave,
  defaultCountry = 'US',
}: PayoutAccountSectionProps & { account: PayoutAccount | null }) {
  const [editing, setEditing] = React.useState(false);
  if (account && !editing) {
    const details = [
      account.holderName,
      countryName(account.country),
      account.routingNumber ? `Routing ${account.routingNumber}` : null,
    ]
      .filter(Boolean)
      .join(' · ');
    return (
      <AccountCard
        title={`Bank account ${maskedAccount(account.last4)}`}
        details={details}
        status={account.status}
        action={
          <Button variant="outline" onClick={() => setEditing(true)}>
            Change
          </Button>
        }
      />
    );
  }
  return (
    <BankAccountForm
      account={account}
      defaultCountry={defaultCountry}
      onSave={async (body) => {
        await onSave(body);
        setEditing(false);
      }}
      onCancel={account ? () => setEditing(false) : undefined}
    />
  );
}

function StripeAccount({
  account,
  onStripeSetup,
  stripeReturn,
}: PayoutAccountSectionProps & { account: PayoutAccount | null }) {
  const [starting, setStarting] = React.useState(false);
  const [startError, setStartError] = React.useState<string | null>(null);
  const start = async () => {
    setStarting(true);
    setStartError(null);
    try {
      await onStripeSetup();
    } catch (err) {
      setStartError(errorMessage(err));
      setStarting(false);
    }
  };
  const label = !account
    ? 'Set up payouts with Stripe'
    : account.status === 'pending'
      ? 'Continue setup with Stripe'
      : 'Update details with Stripe';
  const button = (
    <Button
      variant={account?.status === 'verified' ? 'outline' : 'primary'}
      loading={starting}
      onClick={start}
    >
      <ExternalLink aria-hidden="true" /> {label}
    </Button>
  );
  return (
    <div className="flex flex-col gap-3">
      {stripeReturn === 'return' && account?.status === 'pending' ? (
        <Alert variant="info" role="status">
          <Info aria-hidden="true" />
          <AlertTitle>Back from Stripe</AlertTitle>
          <AlertDescription>
            Stripe is checking your details. This page shows “Verified” once it confirms; if you
            left before the end, continue setup.
          </AlertDescription>
        </Alert>
      ) : null}
      {stripeReturn === 'refresh' ? (
        <Alert variant="warning" role="status">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>That Stripe link expired</AlertTitle>
          <AlertDescription>Continue setup to get a new one.</AlertDescription>
        </Alert>
      ) : null}
      {account?.status === 'restricted' ? (
        <Alert variant="warning">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>Stripe paused payouts to this account</AlertTitle>
          <AlertDescription>
            Stripe needs more details before it can pay you. Update them with Stripe.
          </AlertDescription>
        </Alert>
      ) : null}
      {account ? (
        <AccountCard
          title={
            account.last4 ? `Stripe account ${maskedAccount(account.last4)}` : 'Stripe account'
          }
          details={
            [account.holderName, account.country ? countryName(account.country) : null]
              .filter(Boolean)
              .join(' · ') || 'Payouts are sent by Stripe to your bank.'
          }
          status={account.status}
          action={button}
        />
      ) : (
        <Card className="flex flex-col items-start gap-3">
          <p className="text-sm">
            Payouts are sent by Stripe to your bank. Stripe asks for your bank details and identity
            on its own secure pages, then brings you back here.
          </p>
          {button}
        </Card>
      )}
      {startError ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{startError}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
