import { MESSAGES } from '@vetted/api-client';
import type { Earnings, EarningsEntry, Paged, Payout } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  Alert,
  AlertDescription,
  Button,
  Card,
  formatMoney,
  Pagination,
  Skeleton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@vetted/ui';
import { Download } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { type StatusLooks, StatusBadge } from './status-badge';

/** What each kind of ledger entry is called. */
const KIND_LABELS: Record<EarningsEntry['kind'], string> = {
  vendor_payable: 'Booking',
  tip: 'Tip',
  refund: 'Refund',
  payout: 'Payout',
};

/** What an entry is: its kind, or "Refund recovered — <reason>" when Vetted recovered it from the pro. */
function entryLabel(e: EarningsEntry): string {
  return e.kind === 'refund' && e.note ? `Refund recovered — ${e.note}` : KIND_LABELS[e.kind];
}

/** Which figure an entry counts in, in words. */
const BUCKETS: StatusLooks<EarningsEntry['bucket']> = {
  pending: { label: 'Pending', variant: 'info' },
  on_hold: { label: 'On hold', variant: 'warning' },
  available: { label: 'Available', variant: 'success' },
  paid_out: { label: 'Paid out', variant: 'secondary' },
};

/** Where a payout is, in words. */
const PAYOUT_STATUS: StatusLooks<Payout['status']> = {
  pending: { label: 'On its way', variant: 'info' },
  paid: { label: 'Paid', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
};

/** The "Payouts" section: the newest payouts (amount, state, date, why one failed). */
export function PayoutList({
  payouts,
  isLoading,
  error,
  onRetry,
}: {
  payouts?: Paged<Payout>;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
}) {
  return (
    <section aria-labelledby="earnings-payouts" className="flex flex-col gap-3">
      <h2 id="earnings-payouts" className="text-lg font-semibold">
        Payouts
      </h2>
      {error && !payouts ? (
        <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
      ) : isLoading || !payouts ? (
        <div role="status" aria-busy="true" aria-label="Loading payouts">
          <Skeleton className="h-20 rounded-lg" />
        </div>
      ) : payouts.items.length === 0 ? (
        <p className="text-sm text-muted">
          No payouts yet. Use “Pay out” when you have money available.
        </p>
      ) : (
        <Card className="gap-0 p-0">
          <ul aria-label="Payouts" className="divide-y divide-border">
            {payouts.items.map((p) => {
              const status = PAYOUT_STATUS[p.status];
              return (
                <li key={p.id} className="flex flex-col gap-1 p-4">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-semibold tabular-nums">
                      {formatMoney(p.amount, p.currency)}
                    </span>
                    <StatusBadge look={status} />
                    <span className="ml-auto text-sm text-muted">
                      {p.paidAt
                        ? `Paid ${formatDate(p.paidAt)}`
                        : `Asked ${formatDate(p.createdAt)}`}
                    </span>
                  </div>
                  {p.failureMessage ? (
                    <p className="text-sm text-danger">{p.failureMessage}</p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </section>
  );
}

/** The "Entries" section: one page of ledger entries, each linked to its order, and "Download CSV". */
export function EntryTable({
  data,
  onPageChange,
  onDownload,
}: {
  data: Earnings;
  onPageChange: (page: number) => void;
  onDownload: () => Promise<void>;
}) {
  return (
    <section aria-labelledby="earnings-entries" className="flex flex-col gap-3">
      <EntriesHeading onDownload={onDownload} />
      <Card className="gap-0 p-0">
        <Table label="Earnings entries" className="min-w-[34rem]">
          <TableCaption className="sr-only">
            Earnings entries, newest first, page {data.page} of {data.totalPages}
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead className="pl-4">Date</TableHead>
              <TableHead>What</TableHead>
              <TableHead>Order</TableHead>
              <TableHead>Counts as</TableHead>
              <TableHead className="pr-4 text-right">Amount</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.entries.map((e) => (
              <TableRow key={e.id}>
                <TableCell className="pl-4 whitespace-nowrap">{formatDate(e.createdAt)}</TableCell>
                <TableCell>{entryLabel(e)}</TableCell>
                <TableCell>
                  {e.orderId && e.orderReference ? (
                    <Link
                      href={buildLink(ROUTES.vendor.historyOrder, { query: { id: e.orderId } })}
                      className="font-medium text-link underline-offset-4 hover:underline"
                    >
                      {e.orderReference}
                    </Link>
                  ) : (
                    <span className="text-muted">—</span>
                  )}
                </TableCell>
                <TableCell>
                  <StatusBadge look={BUCKETS[e.bucket]} />
                </TableCell>
                <TableCell className="pr-4 text-right font-medium whitespace-nowrap tabular-nums">
                  {formatMoney(e.amount, e.currency)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <Pagination
        page={data.page}
        totalPages={data.totalPages}
        onPageChange={onPageChange}
        className="self-center"
      />
    </section>
  );
}

/** The "Entries" heading with "Download CSV", and the download's error under it. */
function EntriesHeading({ onDownload }: { onDownload: () => Promise<void> }) {
  const [downloading, setDownloading] = React.useState(false);
  const [downloadError, setDownloadError] = React.useState<string | null>(null);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="earnings-entries" className="text-lg font-semibold">
          Entries
        </h2>
        <Button
          variant="outline"
          loading={downloading}
          onClick={async () => {
            setDownloading(true);
            setDownloadError(null);
            try {
              await onDownload();
            } catch (err) {
              setDownloadError(errorMessage(err));
            } finally {
              setDownloading(false);
            }
          }}
        >
          <Download aria-hidden="true" /> Download CSV
        </Button>
      </div>
      {downloadError ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{downloadError}</AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}
