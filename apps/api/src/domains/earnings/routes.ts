import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { rawRoute, route } from '../../lib/route';
import { idempotencyKeyOf } from '../../shared/idempotency';
import type { PayoutAccountService } from './payout-account-service';
import type { EarningsService } from './service';

/**
 * The vendor's earnings and payouts: figures and entries from the ledger, the CSV
 * export (a `text/csv` attachment, not wrapped in `{ ok, data }`), payouts (list, create with an
 * optional `Idempotency-Key`) and the payout account they go to. Vendors only: 401 without a
 * session, 403 for other roles.
 */
export default async function earningsRoutes(
  app: FastifyInstance,
  { earnings, payoutAccounts }: { earnings: EarningsService; payoutAccounts: PayoutAccountService },
): Promise<void> {
  route(app, endpoints.getEarnings, ({ user, query }) => earnings.getEarnings(user, query));

  rawRoute(app, endpoints.exportEarnings, async ({ user, reply }) => {
    const file = await earnings.exportCsv(user);
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'no-store');
    return file.data;
  });

  route(app, endpoints.listPayouts, ({ user, query }) => earnings.listPayouts(user, query));

  // Where payouts go: bank details (sandbox) or Stripe Connect onboarding.
  route(app, endpoints.getPayoutAccount, ({ user }) => payoutAccounts.get(user));
  route(app, endpoints.putPayoutAccount, ({ user, body }) => payoutAccounts.put(user, body));

  // 201 for a new payout and for an Idempotency-Key replay alike (the replay is the same answer).
  route(
    app,
    endpoints.createPayout,
    ({ user, body, request }) =>
      earnings.createPayout(user, body, idempotencyKeyOf(request.headers['idempotency-key'])),
    { successStatus: 201 },
  );
}
