import type { AuditEntry } from '@vetted/contract';
import { Price } from '@vetted/ui';
import { formatDateTime } from '../../lib/format';

/*
 * Admin decisions in words: the audit log page and the "Decision history" of a vendor
 * or a person read the same labels and show the same facts (who, what, when, reason, amount).
 */

/** Audit `action`s the API writes (`<subject>.<decision>`), in words. */
const ACTION_LABEL: Record<string, string> = {
  'vendor.approve': 'Approved',
  'vendor.reject': 'Rejected',
  'vendor.suspend': 'Suspended',
  'vendor.reinstate': 'Reinstated',
  'vendor.submit': 'Submitted for review',
  'user.suspend': 'Suspended',
  'user.reinstate': 'Reinstated',
  // The refund is requested from the provider; it is confirmed later (never "Refunded" here).
  'payment.refund': 'Refund requested',
};

/** The words of an audit action ("Approved", "Refund requested"); an unknown one as sent. */
export function auditActionLabel(action: string): string {
  return ACTION_LABEL[action] ?? action;
}

/**
 * The facts of a decision from its `detail`: the reason (quoted) and an amount (minor units, with
 * `currency` when the entry has one). Nothing when the decision has no detail.
 */
export function AuditDetail({ detail }: { detail: AuditEntry['detail'] }) {
  const reason = typeof detail.reason === 'string' ? detail.reason : null;
  const amount = typeof detail.amount === 'number' ? detail.amount : null;
  const currency = typeof detail.currency === 'string' ? detail.currency : null;
  // A refund says who bore it; older entries carry no bearer.
  const bearer =
    detail.bearer === 'vendor'
      ? 'Recovered from the pro'
      : detail.bearer === 'platform'
        ? 'Vetted paid (goodwill)'
        : null;
  if (!reason && amount === null) return null;
  return (
    <span className="flex flex-col gap-0.5">
      {bearer ? <span>{bearer}</span> : null}
      {amount !== null ? (
        <span>
          Amount:{' '}
          {currency ? (
            <Price amount={amount} currency={currency} />
          ) : (
            <span className="tabular-nums">{amount} (minor units)</span>
          )}
        </span>
      ) : null}
      {reason ? <q className="break-words text-fg">{reason}</q> : null}
    </span>
  );
}

export interface AuditHistoryProps {
  /** Decisions about one subject, newest first (as the API sends them). */
  entries: AuditEntry[];
  /** Said when there are none, e.g. "No decisions yet." */
  emptyText: string;
}

/** "Decision history": what was decided, by whom and when, with the reason. */
export function AuditHistory({ entries, emptyText }: AuditHistoryProps) {
  if (entries.length === 0) return <p className="text-sm text-muted">{emptyText}</p>;
  return (
    <ol className="relative flex flex-col gap-5 border-l border-border pl-6">
      {entries.map((entry, i) => (
        <li key={entry.id} className="relative text-sm">
          <span
            aria-hidden="true"
            className={`absolute top-1 -left-[31px] size-3 rounded-full ring-4 ring-surface-raised ${i === 0 ? 'bg-primary' : 'bg-neutral-400'}`}
          />
          <p className="font-medium">{auditActionLabel(entry.action)}</p>
          <p className="text-xs text-muted">
            by {entry.actor?.fullName ?? 'the system'} ·{' '}
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </p>
          <div className="mt-1">
            <AuditDetail detail={entry.detail} />
          </div>
        </li>
      ))}
    </ol>
  );
}
