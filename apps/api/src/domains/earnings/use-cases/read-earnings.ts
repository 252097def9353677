/**
 * What a pro reads of their money: the figures and entries (from the ledger, never recomputed
 * from order totals), the CSV export and the payouts.
 */
import { type Earnings, type Paged, PAYOUT_HOLD_DAYS, type Payout } from '@vetted/contract';
import { stringify } from 'csv-stringify/sync';
import type { AuthUser } from '../../../platform/types';
import { localDate } from '../../../shared/time';
import { toEntry, toPayout } from '../dto';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import { type EarningsDeps, type PageQuery, vendorOf } from './context';

/**
 * `GET /v1/vendor/earnings`: the figures per currency (minor units, at the service clock's
 * now; see policy `balances`) and a page of the `vendor_payable` postings behind them,
 * newest first, each with its bucket, order reference and payout id. `holdDays` is
 * `PAYOUT_HOLD_DAYS`.
 * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
 */
export async function getEarnings(
  deps: EarningsDeps,
  { user, query }: { user: AuthUser; query: PageQuery },
): Promise<Earnings> {
  const { db } = deps;
  const vendor = await vendorOf(deps, user);
  const now = deps.clock.now();
  const groups = await repo.owedGroups(db, vendor.id);
  const { rows, total } = await repo.entriesPage(db, vendor.id, query);
  return {
    currencies: policy.balances(groups, now),
    entries: rows.map((r) => toEntry(r, now)),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
    holdDays: PAYOUT_HOLD_DAYS,
  };
}

/**
 * `GET /v1/vendor/earnings/export`: every entry as CSV (RFC 4180 by csv-stringify, UTF-8 with
 * a byte-order mark so spreadsheets read names right), newest first: date (ISO 8601, UTC),
 * type, status (bucket), order reference, service, payout id, currency, amount in major units
 * (a plain decimal, exact) and in minor units. File name `vetted-earnings-<vendor-local
 * date>.csv`.
 * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
 */
export async function exportCsv(
  deps: EarningsDeps,
  user: AuthUser,
): Promise<{ fileName: string; data: string }> {
  const vendor = await vendorOf(deps, user);
  const now = deps.clock.now();
  const rows = await repo.allEntries(deps.db, vendor.id);
  const records = rows.map((row) => {
    const e = toEntry(row, now);
    return [
      e.createdAt,
      e.kind === 'refund' && e.note
        ? policy.spreadsheetSafe(msg.refundRecoveredLabel(e.note))
        : // An extra's line carries its words ("Extra: …"), a booking's none.
          e.kind === 'vendor_payable' && e.note
          ? policy.spreadsheetSafe(e.note)
          : msg.KIND_LABELS[e.kind],
      msg.BUCKET_LABELS[e.bucket],
      e.orderReference ?? '',
      row.serviceTitle ? policy.spreadsheetSafe(row.serviceTitle) : '',
      e.payoutId ?? '',
      e.currency,
      policy.majorUnits(e.amount, e.currency),
      String(e.amount),
    ];
  });
  const data = stringify(records, {
    bom: true,
    header: true,
    columns: [...msg.CSV_COLUMNS],
    record_delimiter: 'windows',
  });
  return { fileName: msg.exportFileName(localDate(now, vendor.timeZone)), data };
}

/**
 * `GET /v1/vendor/payouts`: a page of the vendor's payouts, newest first.
 * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
 */
export async function listPayouts(
  deps: EarningsDeps,
  { user, query }: { user: AuthUser; query: PageQuery },
): Promise<Paged<Payout>> {
  const vendor = await vendorOf(deps, user);
  const { rows, total } = await repo.payoutsPage(deps.db, vendor.id, query);
  return {
    items: rows.map(toPayout),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}
