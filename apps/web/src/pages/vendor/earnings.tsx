import { MESSAGES } from '@vetted/api-client';
import { Container, formatMoney, PageHeader } from '@vetted/ui';
import * as React from 'react';
import {
  downloadEarningsCsv,
  useCreatePayout,
  useEarnings,
  usePayouts,
} from '../../hooks/use-earnings';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { EarningsView } from './earnings-view';

/**
 * `/vendor/earnings` (issue #8): the pro's earnings from the ledger, payouts, the entries page by
 * page and the CSV export. Wires the SWR hooks to {@link EarningsView}.
 */
export function VendorEarningsPage() {
  const [page, setPage] = React.useState(1);
  const earnings = useEarnings(page);
  const payouts = usePayouts();
  const payOut = useCreatePayout();

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
              toast.success(
                payout.status === 'paid' ? `${amount} paid out` : `${amount} is on its way`,
              );
            }
          } catch (err) {
            toast.error(MESSAGES.tryAgain, { description: errorMessage(err) });
            throw err;
          }
        }}
        onDownload={() => downloadEarningsCsv()}
      />
    </Container>
  );
}
