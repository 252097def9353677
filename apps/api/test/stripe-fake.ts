import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP fake of the few Stripe endpoints the Stripe provider calls (tested
 * without the network). The official SDK is pointed at it with its `host`/`port`/`protocol`
 * options. It keeps PaymentIntents and refunds in memory, honours `Idempotency-Key` like Stripe
 * (same key → the first response), and records every request so tests can assert on them.
 *
 * Endpoints: `POST /v1/payment_intents`, `GET /v1/payment_intents/:id`, `GET /v1/payment_intents`
 * (`created[gte]`, `limit`, `starting_after`), `POST /v1/payment_intents/:id/capture`,
 * `POST /v1/payment_intents/:id/cancel`, `POST /v1/refunds`, `GET /v1/refunds?payment_intent=`,
 * `POST /v1/transfers` (Connect payouts), `POST /v1/accounts`, `GET /v1/accounts/:id`
 * and `POST /v1/account_links` (Connect Express onboarding; {@link StripeFake.onboard} plays the
 * pro finishing it at Stripe), `POST /v1/customers` (saved cards).
 *
 * Saved cards: an intent created with `customer` + `setup_future_usage` attaches its card (a
 * PaymentMethod) to that Customer once authorised. `POST /v1/payment_intents` with
 * `payment_method` + `confirm: true` (and `off_session: true`) authorises at once on a
 * PaymentMethod of {@link StripeFake.paymentMethods} or one of Stripe's test ids
 * (`pm_card_visa`, `pm_card_chargeCustomerFail`, `pm_card_authenticationRequired`). Cards behave
 * like Stripe's test cards by their last four digits: `0341` declines every charge
 * (`card_declined`), `3184` needs 3-D Secure every time (off-session: 402
 * `authentication_required`); a decline answers 402 `card_error` with the intent in the error.
 *
 * The browser's part (Stripe.js `confirmCardPayment`) is simulated with {@link StripeFake.confirm}
 * and {@link StripeFake.decline}.
 */

type Json = Record<string, unknown>;

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Json;
}

interface Intent extends Json {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  canceled_at: number | null;
  latest_charge: string | null;
  payment_method: string | null;
  last_payment_error: Json | null;
  customer: string | null;
  setup_future_usage: string | null;
}

interface PaymentMethod extends Json {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { last4: string; brand: string };
  customer: string | null;
  created: number;
}

/** Stripe's test PaymentMethod ids usable server-side, by the test card they stand for. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242',
  pm_card_chargeCustomerFail: '0341',
  pm_card_authenticationRequired: '3184',
};

interface Charge extends Json {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  status: string;
  created: number;
  currency: string;
  payment_intent: string;
  payment_method_details: { type: 'card'; card: { last4: string; brand: string } };
}

interface Refund extends Json {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  status: string;
  payment_intent: string;
  charge: string;
  metadata: Record<string, string>;
  created: number;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Parses Stripe's form encoding (`a[b]=1`, `expand[0]=x`, `expand[]=y`) into nested objects/arrays. */
function parseForm(text: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = out;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(keys[i + 1] ?? '');
      if (last) {
        if (Array.isArray(node)) (node as unknown[]).push(value);
        else node[key] = value;
        return;
      }
      if (Array.isArray(node)) {
        const child = nextIsIndex ? [] : {};
        (node as unknown[]).push(child);
        node = child as Record<string, unknown>;
        return;
      }
      node[key] ??= nextIsIndex ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return out;
}

const expansions = (params: Json): string[] => {
  const e = params.expand;
  return Array.isArray(e) ? (e as string[]) : typeof e === 'string' ? [e] : [];
};

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Stripe's error `type` and any further fields of the error object (`decline_code`…). */
    readonly type = 'invalid_request_error',
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

export class StripeFake {
  readonly intents = new Map<string, Intent>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  /** Connect transfers (payouts); a destination not starting with `acct_` is refused. */
  readonly transfers = new Map<string, Json>();
  /** Connect accounts by id (`acct_…`), as `GET /v1/accounts/:id` answers them. */
  readonly accounts = new Map<string, Json & { id: string }>();
  /** Customers (`cus_…`) by id. */
  readonly customers = new Map<string, Json & { id: string }>();
  /** Card PaymentMethods (`pm_…`) by id, with the Customer they are attached to. */
  readonly paymentMethods = new Map<string, PaymentMethod>();
  /** Every request received, oldest first. */
  readonly requests: FakeRequest[] = [];
  /** When set, refunds are created in this status (Stripe: card refunds can stay `pending`). */
  refundStatus: 'succeeded' | 'pending' = 'succeeded';
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  private server: Server | null = null;
  private clock = Math.floor(Date.now() / 1000);

  /** Starts listening on an ephemeral port of 127.0.0.1; returns the SDK options to reach it. */
  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return { host: '127.0.0.1', port, protocol: 'http' };
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  /** Requests of one method + path pattern (e.g. `'POST', /\/capture$/`). */
  calls(method: string, path: RegExp): FakeRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  /** The PaymentIntent whose `metadata.paymentId` is `paymentId`. */
  intentFor(paymentId: string): Intent | undefined {
    return [...this.intents.values()].find((i) => i.metadata.paymentId === paymentId);
  }

  /**
   * What Stripe.js `confirmCardPayment` does for a good card (after any 3-D Secure the customer
   * passed): authorises, `requires_capture`, and with `setup_future_usage` attaches the card's
   * new PaymentMethod to the intent's Customer.
   */
  confirm(intentId: string, last4 = '4242'): Intent {
    const intent = this.mustIntent(intentId);
    return this.authorise(intent, this.newPaymentMethod(last4));
  }

  private newPaymentMethod(last4: string): PaymentMethod {
    const pm: PaymentMethod = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      card: { last4, brand: 'visa' },
      customer: null,
      created: this.tick(),
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  /** Authorises `intent` on `pm` (a successful charge) and saves the card when asked to. */
  private authorise(intent: Intent, pm: PaymentMethod): Intent {
    const last4 = pm.card.last4;
    const charge: Charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      status: 'succeeded',
      created: this.tick(),
      currency: intent.currency,
      payment_intent: intent.id,
      payment_method_details: { type: 'card', card: { last4, brand: pm.card.brand } },
    };
    this.charges.set(charge.id, charge);
    Object.assign(intent, {
      status: 'requires_capture',
      amount_capturable: intent.amount,
      latest_charge: charge.id,
      payment_method: pm.id,
      last_payment_error: null,
    });
    if (intent.capture_method !== 'manual') {
      // Automatic capture: the charge is captured at once.
      Object.assign(charge, { captured: true, amount_captured: intent.amount });
      Object.assign(intent, {
        status: 'succeeded',
        amount_capturable: 0,
        amount_received: intent.amount,
      });
    }
    if (intent.customer && intent.setup_future_usage) pm.customer = intent.customer;
    return intent;
  }

  /** What Stripe.js reports for a declined card: back to `requires_payment_method` with the error. */
  decline(intentId: string, message = 'Your card was declined.', last4 = '0002'): Intent {
    const intent = this.mustIntent(intentId);
    const charge: Charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      status: 'failed',
      created: this.tick(),
      currency: intent.currency,
      payment_intent: intent.id,
      payment_method_details: { type: 'card', card: { last4, brand: 'visa' } },
    };
    this.charges.set(charge.id, charge);
    Object.assign(intent, {
      status: 'requires_payment_method',
      latest_charge: charge.id,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message,
        payment_method: { id: id('pm'), object: 'payment_method', card: { last4 } },
      },
    });
    return intent;
  }

  /**
   * What the pro's onboarding at Stripe does to Express account `accountId`: details submitted,
   * a bank account ending `last4` attached, payouts (and transfers) enabled or not. Returns the
   * account as an `account.updated` event carries it.
   */
  onboard(
    accountId: string,
    { payoutsEnabled = true, last4 = '6789', holderName = 'Demo Plumbing Co' } = {},
  ): Json & { id: string } {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    Object.assign(account, {
      details_submitted: true,
      payouts_enabled: payoutsEnabled,
      charges_enabled: payoutsEnabled,
      capabilities: { transfers: payoutsEnabled ? 'active' : 'inactive' },
      requirements: { disabled_reason: payoutsEnabled ? null : 'requirements.past_due' },
      external_accounts: {
        object: 'list',
        has_more: false,
        url: `/v1/accounts/${accountId}/external_accounts`,
        data: [
          {
            id: id('ba'),
            object: 'bank_account',
            account: accountId,
            account_holder_name: holderName,
            country: account.country,
            currency: 'usd',
            last4,
          },
        ],
      },
    });
    return account;
  }

  /** Marks a pending refund as succeeded (what Stripe later reports with `refund.updated`). */
  settleRefund(refundId: string): Refund {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    refund.status = 'succeeded';
    return refund;
  }

  private tick(): number {
    this.clock += 1;
    return this.clock;
  }

  private mustIntent(intentId: string): Intent {
    const intent = this.intents.get(intentId);
    if (!intent)
      throw new StripeApiError(404, 'resource_missing', `No such payment_intent: '${intentId}'`);
    return intent;
  }

  private view(intent: Intent, expand: string[], prefix = ''): Json {
    const out: Json = { ...intent };
    if (expand.includes(`${prefix}latest_charge`) && intent.latest_charge) {
      out.latest_charge = this.charges.get(intent.latest_charge) ?? null;
    }
    if (expand.includes(`${prefix}payment_method`) && intent.payment_method) {
      out.payment_method = this.paymentMethods.get(intent.payment_method) ?? null;
    }
    return out;
  }

  /** The PaymentMethod `ref` names for a server-side confirm (a test id makes a new one). */
  private mustPaymentMethod(ref: string): PaymentMethod {
    const testCard = TEST_PAYMENT_METHODS[ref];
    if (testCard) return this.newPaymentMethod(testCard);
    const pm = this.paymentMethods.get(ref);
    if (!pm) throw new StripeApiError(400, 'resource_missing', `No such PaymentMethod: '${ref}'`);
    return pm;
  }

  /**
   * `confirm: true` at creation: charges `pm` at once. A card that declines leaves the intent in
   * `requires_payment_method` and answers 402 `card_error` (the intent in the error), as Stripe
   * does; `3184` on-session waits for 3-D Secure (`requires_action`).
   */
  private confirmNow(intent: Intent, pm: PaymentMethod, offSession: boolean): Intent {
    const last4 = pm.card.last4;
    if (last4 === '3184' && !offSession) {
      Object.assign(intent, { status: 'requires_action', payment_method: pm.id });
      return intent;
    }
    if (last4 !== '0341' && last4 !== '3184') return this.authorise(intent, pm);
    const [code, declineCode, message] =
      last4 === '0341'
        ? ['card_declined', 'generic_decline', 'Your card was declined.']
        : [
            'authentication_required',
            'authentication_required',
            'Your card was declined. This transaction requires authentication.',
          ];
    const charge: Charge = {
      id: id('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      status: 'failed',
      created: this.tick(),
      currency: intent.currency,
      payment_intent: intent.id,
      payment_method_details: { type: 'card', card: { last4, brand: pm.card.brand } },
    };
    this.charges.set(charge.id, charge);
    const error = {
      type: 'card_error',
      code,
      decline_code: declineCode,
      message,
      charge: charge.id,
      payment_method: pm,
    };
    Object.assign(intent, {
      status: 'requires_payment_method',
      latest_charge: charge.id,
      payment_method: null,
      last_payment_error: error,
    });
    throw new StripeApiError(402, code, message, 'card_error', {
      decline_code: declineCode,
      charge: charge.id,
      payment_method: pm,
      payment_intent: this.view(intent, []),
    });
  }

  /** `POST /v1/payment_intents`, with Stripe's checks on the saved-card parameters. */
  private createIntent(params: Json): Intent {
    const customer = params.customer === undefined ? null : String(params.customer);
    if (customer !== null && !this.customers.has(customer)) {
      throw new StripeApiError(400, 'resource_missing', `No such customer: '${customer}'`);
    }
    const sfu = params.setup_future_usage === undefined ? null : String(params.setup_future_usage);
    if (sfu !== null && sfu !== 'on_session' && sfu !== 'off_session') {
      throw new StripeApiError(400, 'parameter_invalid', 'Invalid setup_future_usage');
    }
    const confirm = params.confirm === 'true';
    const offSession = params.off_session === 'true';
    if (params.off_session !== undefined && !confirm) {
      throw new StripeApiError(
        400,
        'parameter_invalid',
        'You can only pass `off_session` when `confirm` is true.',
      );
    }
    if (confirm && !params.payment_method) {
      throw new StripeApiError(
        400,
        'payment_intent_unexpected_state',
        'You cannot confirm this PaymentIntent because it is missing a payment method.',
      );
    }
    const pm = params.payment_method ? this.mustPaymentMethod(String(params.payment_method)) : null;
    if (pm?.customer && pm.customer !== customer) {
      throw new StripeApiError(
        400,
        'parameter_invalid',
        `The provided PaymentMethod ${pm.id} is attached to another Customer than ${customer ?? 'none'}: pass its customer.`,
      );
    }
    const intent: Intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(params.amount),
      amount_capturable: 0,
      amount_received: 0,
      currency: String(params.currency),
      capture_method: String(params.capture_method ?? 'automatic'),
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: '',
      metadata: (params.metadata as Record<string, string>) ?? {},
      created: this.tick(),
      canceled_at: null,
      latest_charge: null,
      payment_method: pm?.id ?? null,
      last_payment_error: null,
      customer,
      setup_future_usage: sfu,
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
    this.intents.set(intent.id, intent);
    return confirm && pm ? this.confirmNow(intent, pm, offSession) : intent;
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const params = parseForm(
      method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString(),
    );
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method, path: url.pathname, idempotencyKey: key, params });
    const replayKey = key ? `${method} ${url.pathname} ${key}` : null;
    if (replayKey && this.replies.has(replayKey)) return this.replies.get(replayKey)!;
    let reply: { status: number; body: unknown };
    try {
      reply = { status: 200, body: this.route(method, url.pathname, params) };
    } catch (err) {
      if (!(err instanceof StripeApiError)) throw err;
      reply = {
        status: err.status,
        body: { error: { type: err.type, code: err.code, message: err.message, ...err.extra } },
      };
    }
    if (replayKey) this.replies.set(replayKey, reply);
    return reply;
  }

  private route(method: string, path: string, params: Json): unknown {
    const expand = expansions(params);
    const [, intentId, action] =
      path.match(/^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/) ?? [];
    if (method === 'POST' && path === '/v1/payment_intents') {
      return this.view(this.createIntent(params), expand);
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        created: this.tick(),
      };
      this.customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      const gte = Number((params.created as Json | undefined)?.gte ?? 0);
      const limit = Number(params.limit ?? 10);
      let all = [...this.intents.values()]
        .filter((i) => i.created >= gte)
        .sort((a, b) => b.created - a.created);
      if (params.starting_after) {
        const at = all.findIndex((i) => i.id === params.starting_after);
        all = all.slice(at + 1);
      }
      const page = all.slice(0, limit);
      return {
        object: 'list',
        url: '/v1/payment_intents',
        has_more: all.length > limit,
        data: page.map((i) => this.view(i, expand, 'data.')),
      };
    }
    if (intentId && !action && method === 'GET') {
      return this.view(this.mustIntent(intentId), expand);
    }
    if (intentId && action === 'capture' && method === 'POST') {
      const intent = this.mustIntent(intentId);
      if (intent.status !== 'requires_capture') {
        throw new StripeApiError(
          400,
          'payment_intent_unexpected_state',
          `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
        );
      }
      const amount = Number(params.amount_to_capture ?? intent.amount);
      const charge = this.charges.get(intent.latest_charge!)!;
      Object.assign(charge, { captured: true, amount_captured: amount });
      Object.assign(intent, {
        status: 'succeeded',
        amount_capturable: 0,
        amount_received: amount,
        metadata: { ...intent.metadata, ...((params.metadata as Json) ?? {}) },
      });
      return this.view(intent, expand);
    }
    if (intentId && action === 'cancel' && method === 'POST') {
      const intent = this.mustIntent(intentId);
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        throw new StripeApiError(
          400,
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        );
      }
      Object.assign(intent, { status: 'canceled', amount_capturable: 0, canceled_at: this.tick() });
      return this.view(intent, expand);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = this.mustIntent(String(params.payment_intent));
      const charge = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
      if (intent.status !== 'succeeded' || !charge) {
        throw new StripeApiError(
          400,
          'charge_not_captured',
          'This PaymentIntent has no captured charge to refund.',
        );
      }
      const amount = Number(params.amount ?? charge.amount_captured - charge.amount_refunded);
      if (amount > charge.amount_captured - charge.amount_refunded) {
        throw new StripeApiError(
          400,
          'amount_too_large',
          'Refund amount is greater than unrefunded amount.',
        );
      }
      const refund: Refund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        status: this.refundStatus,
        payment_intent: intent.id,
        charge: charge.id,
        metadata: (params.metadata as Record<string, string>) ?? {},
        created: this.tick(),
      };
      this.refunds.set(refund.id, refund);
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded >= charge.amount_captured;
      return refund;
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: id('acct'),
        object: 'account',
        type: String(params.type),
        country: String(params.country ?? 'US'),
        email: params.email ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        details_submitted: false,
        payouts_enabled: false,
        charges_enabled: false,
        capabilities: { transfers: 'inactive' },
        requirements: { disabled_reason: 'requirements.past_due' },
        external_accounts: { object: 'list', has_more: false, url: '', data: [] },
        created: this.tick(),
      };
      this.accounts.set(account.id, account);
      return account;
    }
    const [, accountId] = path.match(/^\/v1\/accounts\/([^/]+)$/) ?? [];
    if (method === 'GET' && accountId) {
      const account = this.accounts.get(accountId);
      if (!account) {
        throw new StripeApiError(404, 'resource_missing', `No such account: '${accountId}'`);
      }
      return account;
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = String(params.account ?? '');
      if (!this.accounts.has(account)) {
        throw new StripeApiError(400, 'resource_missing', `No such account: '${account}'`);
      }
      if (params.type !== 'account_onboarding' || !params.return_url || !params.refresh_url) {
        throw new StripeApiError(
          400,
          'parameter_missing',
          'Missing type, return_url or refresh_url',
        );
      }
      const created = this.tick();
      return {
        object: 'account_link',
        created,
        expires_at: created + 300,
        url: `https://connect.stripe.com/setup/e/${account}/${randomBytes(8).toString('hex')}`,
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const destination = String(params.destination ?? '');
      if (!destination.startsWith('acct_')) {
        throw new StripeApiError(400, 'resource_missing', `No such destination: '${destination}'`);
      }
      const target = this.accounts.get(destination);
      if (target && (target.capabilities as Json).transfers !== 'active') {
        throw new StripeApiError(
          400,
          'insufficient_capabilities_for_transfer',
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        );
      }
      const transfer: Json = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(params.amount),
        currency: String(params.currency),
        destination,
        metadata: (params.metadata as Record<string, string>) ?? {},
        created: this.tick(),
      };
      this.transfers.set(transfer.id as string, transfer);
      return transfer;
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...this.refunds.values()].filter(
        (r) => !params.payment_intent || r.payment_intent === params.payment_intent,
      );
      return { object: 'list', url: '/v1/refunds', has_more: false, data };
    }
    throw new StripeApiError(
      404,
      'resource_missing',
      `Unrecognized request URL (${method}: ${path})`,
    );
  }
}
