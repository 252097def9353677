import { MESSAGES } from '@vetted/api-client';
import type { Earnings, EarningsBalance, Paged, Payout } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  EmptyState,
  formatMoney,
  Skeleton,
  StatCard,
} from '@vetted/ui';
import { CircleAlert, Wallet } from 'lucide-react';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { formatDate } from '../../lib/format';
import { EntryTable, PayoutList } from './earnings-parts';
import { PayOutButton } from './pay-out-button';

/** "US dollar" for `USD`, else the code itself. */
function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export interface EarningsBalancesProps {
  /** Figures per currency from `GET /v1/vendor/earnings` (minor units). */
  balances: EarningsBalance[];
  /** Days a completed job's money stays on hold (`holdDays`, `PAYOUT_HOLD_DAYS`). */
  holdDays: number;
  /**
   * Pays out everything available in `currency` (after the person confirmed the amount). Rejects
   * on failure (the caller reports it). No "Pay out" buttons when unset (the dashboard).
   */
  onPayOut?: (currency: string) => Promise<void>;
  /**
   * Where a payout goes ("•••• 6789", from the verified payout account): named in the dialog.
   * Null: no verified account, so "Pay out" is disabled with a prompt to add one; undefined:
   * not known yet (disabled).
   */
  payoutTo?: string | null;
  /** Heading level of each currency's title. @defaultValue 'h2' */
  headingLevel?: 'h2' | 'h3';
}

/**
 * The earnings figures of each currency as four StatCards — pending (not available yet: jobs
 * not done plus jobs on hold), on hold (the completed part of pending, inside the hold, with the
 * date the oldest becomes available), available, paid out — and, when `onPayOut` is given, a
 * "Pay out" button that confirms the amount and names where the money goes (`payoutTo`;
 * disabled at 0, and without a verified account, when it says to add one first). When the pro
 * owes Vetted (`owed`: a refund recovered after a payout) an alert says "You owe $X" and that
 * it comes off their next earnings, and "Available" says it is net of that. Every figure is the
 * server's (ledger), never summed here.
 */
export function EarningsBalances({
  balances,
  holdDays,
  onPayOut,
  payoutTo,
  headingLevel: Heading = 'h2',
}: EarningsBalancesProps) {
  return (
    <div className="flex flex-col gap-6">
      {balances.map((b) => {
        const headingId = `earnings-${b.currency}`;
        const available = formatMoney(b.available, b.currency);
        return (
          <section key={b.currency} aria-labelledby={headingId} className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Heading id={headingId} className="text-lg font-semibold">
                {currencyName(b.currency)}{' '}
                <span className="text-sm font-normal text-muted">({b.currency})</span>
              </Heading>
              {onPayOut ? (
                <PayOutButton
                  currency={b.currency}
                  available={available}
                  hasAvailable={b.available > 0}
                  payoutTo={payoutTo}
                  headingId={headingId}
                  onConfirm={() => onPayOut(b.currency)}
                />
              ) : null}
            </div>
            {b.owed > 0 ? (
              <Alert variant="warning">
                <CircleAlert aria-hidden="true" />
                <AlertTitle>You owe {formatMoney(b.owed, b.currency)}</AlertTitle>
                <AlertDescription>
                  A refund was recovered from you after that money was paid out. It comes off your
                  next earnings as they become available, before any payout.
                </AlertDescription>
              </Alert>
            ) : null}
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <StatCard
                label="Pending"
                value={formatMoney(b.pending, b.currency)}
                hint="Not available yet: jobs to do and jobs on hold"
              />
              <StatCard
                label="On hold"
                value={formatMoney(b.onHold, b.currency)}
                hint={
                  b.nextAvailableAt
                    ? `Part of pending, available on ${formatDate(b.nextAvailableAt)}`
                    : `Part of pending: done jobs wait ${holdDays} days`
                }
              />
              <StatCard
                label="Available"
                value={available}
                hint={
                  b.owed > 0
                    ? `After the ${formatMoney(b.owed, b.currency)} you owe`
                    : 'Ready to pay out'
                }
              />
              <StatCard
                label="Paid out"
                value={formatMoney(b.paidOut, b.currency)}
                hint="Sent to your bank so far"
              />
            </div>
          </section>
        );
      })}
    </div>
  );
}

export interface EarningsViewProps {
  /** `GET /v1/vendor/earnings`: the figures and one page of entries. */
  data?: Earnings;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Shows another page of entries (1-based). */
  onPageChange: (page: number) => void;
  /** `GET /v1/vendor/payouts`: the newest payouts. */
  payouts?: Paged<Payout>;
  payoutsLoading?: boolean;
  payoutsError?: Error | null;
  onRetryPayouts?: () => void;
  /** Pays out what is available in `currency`; rejects on failure (the caller reports it). */
  onPayOut: (currency: string) => Promise<void>;
  /** Where a payout goes ("•••• 6789"); null without a verified account (see EarningsBalances). */
  payoutTo?: string | null;
  /** The "Payout account" section (payout-account-view.tsx), shown below the figures. */
  payoutAccount?: React.ReactNode;
  /** Downloads every entry as CSV; rejects with the error to show. */
  onDownload: () => Promise<void>;
}

/**
 * `/vendor/earnings`: the figures per currency with "Pay out", the payouts, the
 * ledger entries behind the figures (paged, each linked to its order) and "Download CSV". A new
 * pro sees what will show here and when.
 */
export function EarningsView(props: EarningsViewProps) {
  const { data, isLoading, error, onRetry } = props;
  if (error && !data) {
    return (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  }
  if (isLoading || !data) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading earnings"
        className="flex flex-col gap-6"
      >
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28 rounded-lg" />
          ))}
        </div>
        <Skeleton className="h-64 rounded-lg" />
      </div>
    );
  }

  if (data.currencies.length === 0 && data.total === 0) {
    return (
      <div className="flex flex-col gap-8">
        <EmptyState
          icon={<Wallet />}
          title="No earnings yet"
          description={`When a customer pays for a booking, your share shows here as pending. It becomes available to pay out ${data.holdDays} days after you complete the job.`}
        />
        {props.payoutAccount}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <EarningsBalances
        balances={data.currencies}
        holdDays={data.holdDays}
        onPayOut={props.onPayOut}
        payoutTo={props.payoutTo}
      />
      {props.payoutAccount}
      <PayoutList
        payouts={props.payouts}
        isLoading={props.payoutsLoading}
        error={props.payoutsError}
        onRetry={props.onRetryPayouts}
      />
      <EntryTable data={data} onPageChange={props.onPageChange} onDownload={props.onDownload} />
    </div>
  );
}
