import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerPlatform } from './platform';
import dbPlugin from './platform/db';
import { errorHandler } from './platform/error-handler';
import { loggerOptions, RequestLog } from './platform/request-log';
import seoPlugin from './platform/seo';
import spaPlugin, { type SpaOptions } from './platform/spa';
import { authRoutes, createAuthService } from './domains/auth';
import { createPublicProService } from './domains/catalogue/public-pro';
import catalogueRoutes from './domains/catalogue/routes';
import { createServicePageService } from './domains/catalogue/service-page';
import {
  type CatalogueCache,
  createCatalogueCache,
  createCatalogueService,
} from './domains/catalogue/service';
import { createUsersService, meRoutes } from './domains/users';
import { conversationRoutes, createConversationsService } from './domains/conversations';
import { sharedGeocoder } from './domains/places/geocoder';
import placesRoutes from './domains/places/routes';
import { createPlacesService } from './domains/places/service';
import {
  createNotificationsService,
  createPushService,
  notificationRoutes,
  pushRoutes,
} from './domains/notifications';
import { type Clock, systemClock } from './domains/deps';
import { registerJobs } from './jobs/registry';
import {
  createOrdersService,
  createPlanVisits,
  orderRoutes,
  reminderReads,
  supportChats,
} from './domains/orders';
import { createPlansService, planRoutes } from './domains/plans';
import { createQuotesService, quoteMessageMasker, quoteRoutes } from './domains/quotes';
import { calendarRoutes, createCalendarService } from './domains/calendar';
import { busyCalendarRoutes, createBusyCalendarsService } from './domains/scheduling';
import paymentRoutes from './domains/payments/routes';
import earningsRoutes from './domains/earnings/routes';
import { createPayoutAccountService } from './domains/earnings/payout-account-service';
import { createEarningsService } from './domains/earnings/service';
import { createWaitlistService, waitlistRoutes } from './domains/waitlist';
import { createSandboxProvider } from './domains/payments/sandbox-provider';
import { createPaymentsService, type PaymentsService } from './domains/payments/service';
import { createStripeProvider } from './domains/payments/stripe-provider';
import stripeWebhookRoutes, { createStripeWebhookService } from './domains/payments/stripe-webhook';
import realtimeRoutes from './routes/realtime';
import testClockRoutes from './platform/test-clock';
import reviewRoutes from './domains/reviews/routes';
import { adminGuard, adminRoutes, createAdminService } from './domains/admin';
import { createReviewsService } from './domains/reviews/service';
import vendorRoutes from './domains/vendors/routes';
import listingsRoutes from './domains/listings/routes';
import { createListingsService } from './domains/listings/service';
import { createVendorsService } from './domains/vendors/service';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The time source of the domain services (tests stub `now`). */
    clock: Clock;
    /** The payments domain service (checkout, outbox handlers, reconciliation). */
    payments: PaymentsService;
    /** This app's catalogue caches, purged by writers here and on every other instance. */
    catalogueCache: CatalogueCache;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino logger options; `false` silences logs (tests). */
  logger?: boolean | object;
  /** Time source of the domain services; default the wall clock. */
  clock?: Clock;
}

/**
 * Builds the Fastify app. Load order (STYLE.md): external plugins → app plugins → routes.
 * The caller owns `database` and closes it after `app.close()`.
 */
export async function buildApp({
  config,
  database,
  logger,
  clock,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Buffered pino lines, see platform/request-log.ts.
    logger: loggerOptions(config, logger),
    logController: new RequestLog(),
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While closing (SIGTERM), a request that still arrives on an open keep-alive connection is
    // served, with `Connection: close`, rather than answered 503: a balancer that reused the
    // connection gets an answer, and the connection ends after it. New connections are refused.
    return503OnClosing: false,
  });
  // Input is parsed by zod; responses are serialised by Fastify's default (fast-json-stringify)
  // from the JSON Schema that lib/route.ts derives from each contract schema.
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('config', config);
  await app.register(dbPlugin, { db: database.db });
  // A fresh object per app, so a test can stub `app.clock.now` without touching other apps.
  app.decorate('clock', clock ?? { now: () => systemClock.now() });
  app.setErrorHandler(errorHandler);

  await registerPlatform(app);
  // Every /v1/admin/* route: 401 without a session, 403 "Admins only" for non-admins.
  await app.register(adminGuard);
  const shared = await createSharedServices(app);
  const { auth, viewer } = await registerAccountDomains(app, shared);
  const publicPages = await registerCatalogueDomain(app, shared);
  const commerce = await registerCommerceDomains(app, shared);
  const conversations = await registerCommunicationDomains(app, shared, commerce.orders);
  // Every domain's job kinds and periodic tasks, on the engine the jobs plugin started.
  registerJobs(app.jobs, {
    payments: shared.payments,
    earnings: commerce.earnings,
    waitlist: commerce.waitlist,
    conversations,
    auth,
    documents: app.privateStorage,
    reminders: {
      db: app.db,
      clock: app.clock,
      publicUrl: config.publicUrl,
      orders: reminderReads,
    },
    busyCalendars: { db: app.db, clock: app.clock, config },
    responseTimes: { db: app.db, clock: app.clock },
    plans: commerce.plans.context,
    orders: commerce.orders.context,
    quotes: commerce.quotes.context,
  });
  await registerPlatformRoutes(app, { ...publicPages, viewer }, shared.catalogueCache);
  return app;
}

/** The services several domains share: payments, the catalogue caches and the city index. */
async function createSharedServices(app: FastifyInstance) {
  const { config } = app;
  // Payments: providers, service and its outbox handlers (capture, void, refund).
  const paymentProviders = {
    sandbox: createSandboxProvider({ db: app.db, clock: app.clock }),
    // Stripe when its keys are set (config refuses PAYMENT_PROVIDER=stripe without them);
    // creating it makes no network call.
    ...(config.stripe ? { stripe: createStripeProvider(config.stripe) } : {}),
  };
  const payments = createPaymentsService({
    db: app.db,
    clock: app.clock,
    config,
    log: app.log.child({ domain: 'payments' }),
    providers: paymentProviders,
  });
  app.decorate('payments', payments);

  // Catalogue answers and search vocabularies cached by this app, dropped by a write here or on
  // another instance (purges travel on the events bus: Redis with several instances).
  const catalogueCache = createCatalogueCache({
    events: app.events,
    log: app.log.child({ domain: 'catalogue' }),
  });
  app.addHook('onClose', async () => catalogueCache.close());
  await catalogueCache.ready;
  app.decorate('catalogueCache', catalogueCache);
  // The process-wide city index (places), built at its first use, not here.
  const geocoder = sharedGeocoder((stats) =>
    app.log.info({ ...stats, domain: 'places' }, 'city index built'),
  );
  return { paymentProviders, payments, catalogueCache, geocoder };
}

type SharedServices = Awaited<ReturnType<typeof createSharedServices>>;

/** Sign-in, the user's own account and places, the pro's profile and services. */
async function registerAccountDomains(app: FastifyInstance, shared: SharedServices) {
  const { config } = app;
  const { catalogueCache, geocoder } = shared;
  // The pro's own profile, checklist and vetting documents; it also resolves the business
  // of a pro's sign-up, and deletes documents from private storage through its outbox kind.
  const vendors = createVendorsService({
    db: app.db,
    clock: app.clock,
    config,
    geocoder,
    documents: app.privateStorage,
    purgeCatalogue: () => catalogueCache.purge({ search: true }),
  });
  const auth = createAuthService({
    db: app.db,
    clock: app.clock,
    config,
    log: app.log,
    tokens: app.auth,
    resolveBusiness: vendors.resolveBusiness,
  });
  await app.register(authRoutes, { auth });
  const users = createUsersService({
    db: app.db,
    clock: app.clock,
    config,
    storage: app.storage,
    auth,
  });
  await app.register(meRoutes, { users, auth });
  // Saved places and city type-ahead; the city index is built at the first search, not here.
  const places = createPlacesService({ db: app.db, clock: app.clock, geocoder });
  await app.register(placesRoutes, { places });
  await app.register(vendorRoutes, { vendors });
  // The pro's services, their images and opening hours; slots follow at once.
  await app.register(listingsRoutes, {
    listings: createListingsService({
      db: app.db,
      clock: app.clock,
      storage: app.storage,
      catalogueCache,
    }),
  });
  // What a signed-in person's search screen is rendered with (platform/spa.ts).
  return { auth, viewer: { me: users.getMe, places: places.list } };
}

/**
 * Search and the public pages' data (`/pros/:slug`, `/services/:category[/:place]`): served by
 * the API, rendered to HTML by the SPA plugin and listed by the sitemap. Returns those pages.
 */
async function registerCatalogueDomain(app: FastifyInstance, shared: SharedServices) {
  const { catalogueCache, geocoder } = shared;
  const catalogue = createCatalogueService({
    db: app.db,
    clock: app.clock,
    config: app.config,
    cache: catalogueCache,
    geocoder,
  });
  const publicPages = {
    pros: createPublicProService({ db: app.db, catalogue }),
    servicePages: createServicePageService({
      db: app.db,
      catalogue,
      geocoder,
      cache: catalogueCache,
    }),
  };
  await app.register(catalogueRoutes, {
    catalogue,
    ...publicPages,
    cacheTtlMs: app.config.catalogueCacheTtlMs,
    purges: catalogueCache,
  });
  return publicPages;
}

/** Orders, payments, the pro's earnings and payouts, the waitlist and Stripe's webhooks. */
async function registerCommerceDomains(app: FastifyInstance, shared: SharedServices) {
  const { config } = app;
  const { payments, paymentProviders: providers } = shared;
  const ordersDeps = {
    db: app.db,
    clock: app.clock,
    config,
    log: app.log,
    payments,
    geocoder: shared.geocoder,
    support: supportChats(app), // a disputed no-show fee opens a support chat
  };
  const orders = createOrdersService(ordersDeps);
  await app.register(orderRoutes, { orders });
  // Recurring plans: their visits are orders, booked ahead through the orders domain.
  const plans = createPlansService({ ...ordersDeps, visits: createPlanVisits(ordersDeps) });
  await app.register(planRoutes, { plans });
  const quotes = createQuotesService({ ...ordersDeps, storage: app.privateStorage });
  await app.register(quoteRoutes, { quotes });
  // Calendar files: an order's .ics and each pro's private feed.
  const calendar = createCalendarService({ db: app.db, clock: app.clock, config, log: app.log });
  await app.register(calendarRoutes, { calendar });
  // The pro's other calendars (busy-time import), whose events block their slots.
  await app.register(busyCalendarRoutes, {
    busyCalendars: createBusyCalendarsService({ db: app.db, clock: app.clock, config }),
  });
  await app.register(paymentRoutes, { payments });
  // Vendor earnings from the ledger and payouts through the same providers, with the outbox
  // kind that sends a payout.
  const earnings = createEarningsService({
    db: app.db,
    clock: app.clock,
    config,
    log: app.log.child({ domain: 'earnings' }),
    providers,
  });
  // Where payouts go: bank details (sandbox) or Stripe Connect onboarding.
  const payoutAccounts = createPayoutAccountService({
    db: app.db,
    clock: app.clock,
    config,
    log: app.log.child({ domain: 'payout-accounts' }),
    providers,
  });
  await app.register(earningsRoutes, { earnings, payoutAccounts });
  // Waitlist of fully booked days and its offer-expiry outbox handler.
  const waitlist = createWaitlistService({ db: app.db, clock: app.clock, config });
  await app.register(waitlistRoutes, { waitlist });
  if (config.paymentProvider === 'stripe' && config.stripe) {
    await app.register(stripeWebhookRoutes, {
      webhookSecret: config.stripe.webhookSecret,
      connectWebhookSecret: config.stripe.connectWebhookSecret,
      webhooks: createStripeWebhookService({
        db: app.db,
        clock: app.clock,
        log: app.log.child({ domain: 'stripe-webhook' }),
        payments,
        applyConnectedAccount: payoutAccounts.applyConnectedAccount,
      }),
    });
  }
  return { orders, earnings, waitlist, plans, quotes };
}

/** Notifications, conversations, reviews and the admin console; returns conversations. */
async function registerCommunicationDomains(
  app: FastifyInstance,
  shared: SharedServices,
  orders: ReturnType<typeof createOrdersService>,
) {
  const { config } = app;
  await app.register(notificationRoutes, {
    notifications: createNotificationsService({ db: app.db, clock: app.clock }),
  });
  await app.register(pushRoutes, {
    push: createPushService({ db: app.db, clock: app.clock, config }),
  });
  const conversations = createConversationsService({
    db: app.db,
    clock: app.clock,
    config,
    log: app.log.child({ domain: 'conversations' }),
    events: app.events,
    // Message images are private (participants and admins only); older ones may still be in
    // the public store, where they are read but never served publicly.
    storage: app.privateStorage,
    legacyStorage: app.storage,
    maskMessages: quoteMessageMasker, // quote conversations: contacts hidden until booked
  });
  await app.register(conversationRoutes, { conversations });
  await app.register(reviewRoutes, {
    reviews: createReviewsService({ db: app.db, clock: app.clock }),
  });
  // The admin console: vetting, users, orders and refunds, overview, audit log.
  await app.register(adminRoutes, {
    admin: createAdminService({
      db: app.db,
      clock: app.clock,
      config,
      log: app.log.child({ domain: 'admin' }),
      payments: shared.payments,
      orders,
      documents: app.privateStorage,
      sessions: app.auth,
      catalogueCache: shared.catalogueCache,
    }),
  });
  return conversations;
}

/** Realtime, the test clock, OpenAPI, liveness, then the built SPA (last: it answers the rest). */
async function registerPlatformRoutes(
  app: FastifyInstance,
  pageSources: Omit<SpaOptions, 'purges'>,
  catalogueCache: CatalogueCache,
): Promise<void> {
  await app.register(realtimeRoutes);
  if (app.config.testClock) await app.register(testClockRoutes);

  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/v1/health', { schema: { hide: true } }, async () => ({
    ok: true,
    data: { status: 'up' },
  }));

  // The built SPA and the server side of the access rules (spec §2); also the JSON 404 for /v1.
  await app.register(seoPlugin, { servicePages: pageSources.servicePages });
  await app.register(spaPlugin, { ...pageSources, purges: catalogueCache });
}
