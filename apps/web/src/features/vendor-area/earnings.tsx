import { MESSAGES } from '@vetted/api-client';
import { Container, formatMoney, PageHeader } from '@vetted/ui';
import * as React from 'react';
import { useSearchParams } from 'wouter';
import { downloadEarningsCsv, useCreatePayout, useEarnings, usePayouts } from './use-earnings';
import { usePayoutAccount, useSavePayoutAccount } from './use-payout-account';
import { browserCountry } from '../../lib/countries';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { EarningsView } from './earnings-view';
import { maskedAccount, PayoutAccountSection, payoutDestination } from './payout-account-view';

/**
 * `/vendor/earnings`: the pro's earnings from the ledger, payouts, the entries page by
 * page and the CSV export. Wires the SWR hooks to {@link EarningsView}.
 */
export function VendorEarningsPage() {
  const [page, setPage] = React.useState(1);
  const earnings = useEarnings(page);
  const payouts = usePayouts();
  const payOut = useCreatePayout();
  const account = usePayoutAccount();
  const saveAccount = useSavePayoutAccount();
  const payoutTo = payoutDestination(account.data);
  // Back from Stripe's onboarding pages (return_url / refresh_url of the account link).
  const [params] = useSearchParams();
  const stripe = params.get('stripe');
  const stripeReturn = stripe === 'return' || stripe === 'refresh' ? stripe : null;

  return (
    <Container className="flex flex-col gap-6">
      <PageHeader
        title="Earnings"
        description="What customers paid you, what is on hold and what you can pay out, with every entry behind the figures."
      />
      <EarningsView
        data={earnings.data}
        isLoading={earnings.isLoading}
        error={earnings.error}
        onRetry={() => earnings.mutate()}
        onPageChange={setPage}
        payouts={payouts.data}
        payoutsLoading={payouts.isLoading}
        payoutsError={payouts.error}
        onRetryPayouts={() => payouts.mutate()}
        onPayOut={async (currency) => {
          try {
            const payout = await payOut({ currency });
            if (payout.status === 'failed') {
              toast.error('The payout failed', {
                description: payout.failureMessage ?? MESSAGES.tryAgain,
              });
            } else {
              const amount = formatMoney(payout.amount, payout.currency);
              // Name the destination: "Sent to •••• 6789", never a bank the pro never gave.
              toast.success(
                payout.status === 'paid'
                  ? `${amount} sent to ${payoutTo}`
                  : `${amount} is on its way to ${payoutTo}`,
              );
            }
          } catch (err) {
            toast.error(MESSAGES.tryAgain, { description: errorMessage(err) });
            throw err;
          }
        }}
        onDownload={() => downloadEarningsCsv()}
        payoutTo={payoutTo}
        payoutAccount={
          <PayoutAccountSection
            state={account.data}
            isLoading={account.isLoading}
            error={account.error}
            onRetry={() => account.mutate()}
            defaultCountry={browserCountry()}
            stripeReturn={stripeReturn}
            onSave={async (body) => {
              const saved = await saveAccount(body);
              const last4 = saved.account?.last4;
              toast.success(
                last4 ? `Payouts will go to ${maskedAccount(last4)}` : 'Payout account saved',
              );
            }}
            onStripeSetup={async () => {
              const started = await saveAccount({
                type: 'stripe_connect',
                country: account.data?.account?.country || browserCountry(),
              });
              // Stripe's hosted onboarding: it sends the pro back to this page when done.
              if (started.onboardingUrl) window.location.assign(started.onboardingUrl);
            }}
          />
        }
      />
    </Container>
  );
}
