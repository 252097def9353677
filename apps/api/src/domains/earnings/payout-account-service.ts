/**
 * Where a pro's payouts go (`GET/PUT /v1/vendor/payout-account`), one account per vendor profile
 * in `payout_accounts`:
 *
 * - Sandbox provider: the pro enters bank details (an IBAN, or a US routing number and account
 *   number), checked by payout-account-policy.ts; a good account is `verified` at once and only
 *   its last four digits (and the public routing number) are stored.
 * - Stripe: Connect onboarding. The PUT creates an Express account for the pro (once; the
 *   account id is kept) and answers a fresh account link to Stripe's hosted onboarding; Stripe's
 *   `account.updated` webhook then marks the account `verified` when payouts are enabled,
 *   `restricted` when they are disabled ({@link applyConnectedAccount}).
 *
 * Payouts ask {@link destinationOf} for where to send: only a verified account of the provider in
 * use is a destination.
 */
import type { PayoutAccount, PayoutAccountState, PutPayoutAccountBody } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/types';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../deps';
import { notify } from '../notifications';
import type { ConnectedAccountState } from '../payments';
import type { PaymentProviders } from '../payments';
import * as msg from './messages';
import * as policy from './payout-account-policy';
import * as repo from './payout-account-repository';
import { vendorOfUser, vendorUserId } from './repository';

/** What the payout account service needs: the usual deps and the payment providers. */
export interface PayoutAccountDeps extends Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'log'> {
  providers: PaymentProviders;
}

/** The contract view of a row: no full numbers exist to leak. */
export function toPayoutAccount(row: repo.PayoutAccountRow): PayoutAccount {
  return {
    kind: row.kind as PayoutAccount['kind'],
    status: row.status as PayoutAccount['status'],
    country: row.country,
    holderName: row.holderName,
    last4: row.last4,
    routingNumber: row.routingNumber,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Where a payout of vendor `vendorId` through `provider` goes: the verified bank account's last
 * four digits (sandbox) or the verified connected account id (Stripe); null when there is no
 * verified account of that provider's kind.
 */
export async function destinationOf(
  db: DbOrTx,
  vendorId: string,
  provider: string,
): Promise<{ destination: string; last4: string } | null> {
  const row = await repo.payoutAccountOf(db, vendorId);
  if (!row || !policy.canReceivePayouts(row)) return null;
  if (provider === 'stripe') {
    return row.kind === 'stripe_connect' && row.stripeAccountId
      ? { destination: row.stripeAccountId, last4: row.last4 }
      : null;
  }
  return row.kind === 'bank_account' ? { destination: row.last4, last4: row.last4 } : null;
}

/** 422: the form does not fit the provider in use. */
const wrongKind = (provider: 'sandbox' | 'stripe') =>
  new AppError(
    422,
    provider === 'stripe'
      ? 'Bank details are entered at Stripe here: use “Set up payouts with Stripe”'
      : 'Payouts go to a bank account here: enter your IBAN, or your US routing and account numbers',
    'payout_account_kind',
  );

/**
 * The caller's vendor profile.
 * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
 */
async function vendorOf(deps: PayoutAccountDeps, user: AuthUser) {
  if (user.role !== 'vendor') throw msg.vendorOnly();
  const vendor = await vendorOfUser(deps.db, user.id);
  if (!vendor) throw msg.vendorNotFound();
  return vendor;
}

/** What the API answers: the provider in use, the account (if any) and an onboarding link. */
const state = (
  deps: PayoutAccountDeps,
  row: repo.PayoutAccountRow | null,
  onboardingUrl: string | null = null,
): PayoutAccountState => ({
  provider: deps.config.paymentProvider,
  account: row ? toPayoutAccount(row) : null,
  onboardingUrl,
});

/**
 * Records what Stripe says of a connected account (`account.updated`): status, country,
 * bank last four digits and holder name; tells the pro in-app when the status changes.
 * Returns false when no payout account holds that connected account.
 */
export async function applyConnectedAccount(
  deps: PayoutAccountDeps,
  account: ConnectedAccountState,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockPayoutAccountByStripeId(tx, account.accountId);
    if (!row) return false;
    const status = policy.connectedAccountStatus(account);
    await repo.updatePayoutAccount(tx, row.vendorId, {
      status,
      country: account.country || row.country,
      last4: account.last4 || row.last4,
      holderName: account.holderName || row.holderName,
      updatedAt: deps.clock.now(),
    });
    const userId = status === row.status ? null : await vendorUserId(tx, row.vendorId);
    if (userId && status !== 'pending') {
      await notify(tx, [{ userId, ...msg.payoutAccountNotice(status) }]);
    }
    return true;
  });
}

/**
 * The account as Stripe has it now, for a Stripe account not verified yet: a pro back from
 * onboarding sees the outcome even before (or without) the `account.updated` webhook. On a
 * Stripe error the stored row is answered (and the error logged).
 */
async function refreshed(
  deps: PayoutAccountDeps,
  row: repo.PayoutAccountRow,
): Promise<repo.PayoutAccountRow> {
  const connect = deps.providers.stripe?.connectedAccounts;
  if (!connect || !row.stripeAccountId) return row;
  try {
    await applyConnectedAccount(deps, await connect.retrieve(row.stripeAccountId));
    return (await repo.payoutAccountOf(deps.db, row.vendorId)) ?? row;
  } catch (err) {
    deps.log.warn({ err, vendorId: row.vendorId }, 'stripe account not read back');
    return row;
  }
}

/** Starts or continues Stripe onboarding of `vendorId`; answers the account link. */
async function onboard(
  deps: PayoutAccountDeps,
  vendorId: string,
  country: string,
): Promise<PayoutAccountState> {
  const { db } = deps;
  const connect = deps.providers.stripe?.connectedAccounts;
  if (!connect) throw wrongKind('sandbox');
  let row = await repo.payoutAccountOf(db, vendorId);
  if (row?.kind !== 'stripe_connect' || !row.stripeAccountId) {
    // One Express account per pro: the key makes a repeated PUT reuse it at Stripe too.
    const account = await connect.create({
      vendorId,
      country,
      email: await repo.vendorEmail(db, vendorId),
      idempotencyKey: `connect-account:${vendorId}`,
    });
    row = await repo.upsertPayoutAccount(db, {
      vendorId,
      kind: 'stripe_connect',
      status: policy.connectedAccountStatus(account),
      country: account.country || country,
      holderName: account.holderName,
      last4: account.last4,
      routingNumber: null,
      stripeAccountId: account.accountId,
      updatedAt: deps.clock.now(),
    });
  }
  const back = (stripe: string) =>
    new URL(buildLink(ROUTES.vendor.earnings, { query: { stripe } }), deps.config.publicUrl).href;
  const link = await connect.onboardingLink({
    accountId: row.stripeAccountId!,
    returnUrl: back('return'),
    refreshUrl: back('refresh'),
  });
  return state(deps, row, link.url);
}

/**
 * `PUT /v1/vendor/payout-account` (see the service's `put`): checked bank details (sandbox) or
 * Stripe onboarding.
 */
async function putPayoutAccount(
  deps: PayoutAccountDeps,
  user: AuthUser,
  body: PutPayoutAccountBody,
): Promise<PayoutAccountState> {
  const provider = deps.config.paymentProvider;
  const vendor = await vendorOf(deps, user);
  if (body.type === 'stripe_connect') {
    if (provider !== 'stripe') throw wrongKind('sandbox');
    return onboard(deps, vendor.id, body.country);
  }
  if (provider !== 'sandbox') throw wrongKind('stripe');
  const checked = policy.checkBankAccount(body);
  if (!checked.ok) {
    const [first] = Object.values(checked.fields);
    throw new AppError(422, first!, 'invalid_bank_account', checked.fields);
  }
  const row = await repo.upsertPayoutAccount(deps.db, {
    vendorId: vendor.id,
    kind: 'bank_account',
    status: 'verified',
    ...checked.account,
    stripeAccountId: null,
    updatedAt: deps.clock.now(),
  });
  return state(deps, row);
}

/** The payout account service. Tests pass a Stripe provider pointed at the local fake. */
export function createPayoutAccountService(deps: PayoutAccountDeps) {
  return {
    /**
     * `GET /v1/vendor/payout-account`: the provider in use and the vendor's account (null before
     * one is added); a Stripe account not verified yet is read back from Stripe first.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
     */
    async get(user: AuthUser): Promise<PayoutAccountState> {
      const vendor = await vendorOf(deps, user);
      const row = await repo.payoutAccountOf(deps.db, vendor.id);
      const stale = row?.kind === 'stripe_connect' && row.status !== 'verified';
      const stripe = deps.config.paymentProvider === 'stripe';
      return state(deps, row && stale && stripe ? await refreshed(deps, row) : row);
    },

    /**
     * `PUT /v1/vendor/payout-account`: replaces the vendor's account with checked bank details
     * (sandbox: `verified` at once) or starts Stripe onboarding (`stripe_connect`: the answer's
     * `onboardingUrl` is where to send the pro).
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`; 422 `invalid_bank_account`
     *   with `fields` saying what to fix; 422 `payout_account_kind` when the body does not fit
     *   the provider in use.
     */
    put: (user: AuthUser, body: PutPayoutAccountBody): Promise<PayoutAccountState> =>
      putPayoutAccount(deps, user, body),

    /** Records what Stripe says of a connected account (see {@link applyConnectedAccount}). */
    applyConnectedAccount: (account: ConnectedAccountState): Promise<boolean> =>
      applyConnectedAccount(deps, account),
  };
}

export type PayoutAccountService = ReturnType<typeof createPayoutAccountService>;
