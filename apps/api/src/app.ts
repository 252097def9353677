import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { destination } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { AppError } from './lib/errors';
import { multipartError } from './lib/multipart';
import { openApiTransform } from './lib/route';
import authPlugin from './plugins/auth';
import { builtIndexScriptHashes, contentSecurityPolicy } from './platform/csp';
import platformPlugin from './platform/platform';
import healthPlugin from './platform/health';
import securityHeaders from './platform/security-headers';
import mediaPlugin from './platform/media';
import seoPlugin from './platform/seo';
import spaPlugin from './platform/spa';
import authRoutes from './domains/auth/routes';
import { createAuthService } from './domains/auth/service';
import { createPublicProService } from './domains/catalogue/public-pro';
import catalogueRoutes from './domains/catalogue/routes';
import { createServicePageService } from './domains/catalogue/service-page';
import {
  type CatalogueCache,
  createCatalogueCache,
  createCatalogueService,
} from './domains/catalogue/service';
import meRoutes from './domains/users/routes';
import { createUsersService } from './domains/users/service';
import conversationRoutes from './domains/conversations/routes';
import { createConversationsService } from './domains/conversations/service';
import { sharedGeocoder } from './domains/places/geocoder';
import placesRoutes from './domains/places/routes';
import { createPlacesService } from './domains/places/service';
import notificationRoutes from './domains/notifications/routes';
import { createNotificationsService } from './domains/notifications/service';
import { type Clock, systemClock } from './domains/deps';
import jobsPlugin from './jobs/plugin';
import { registerJobs } from './jobs/registry';
import orderRoutes from './domains/orders/routes';
import { createOrdersService } from './domains/orders/service';
import paymentRoutes from './domains/payments/routes';
import earningsRoutes from './domains/earnings/routes';
import { createPayoutAccountService } from './domains/earnings/payout-account-service';
import { createEarningsService } from './domains/earnings/service';
import waitlistRoutes from './domains/waitlist/routes';
import { createWaitlistService } from './domains/waitlist/service';
import { createSandboxProvider } from './domains/payments/sandbox-provider';
import { createPaymentsService, type PaymentsService } from './domains/payments/service';
import { createStripeProvider } from './domains/payments/stripe-provider';
import stripeWebhookRoutes, { createStripeWebhookService } from './domains/payments/stripe-webhook';
import realtimeRoutes from './routes/realtime';
import testClockRoutes from './platform/test-clock';
import reviewRoutes from './domains/reviews/routes';
import adminGuard from './domains/admin/guard';
import adminRoutes from './domains/admin/routes';
import { createAdminService } from './domains/admin/service';
import { createReviewsService } from './domains/reviews/service';
import vendorRoutes from './domains/vendors/routes';
import listingsRoutes from './domains/listings/routes';
import { createListingsService } from './domains/listings/service';
import { createVendorsService } from './domains/vendors/service';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** The time source of the domain services (tests stub `now`). */
    clock: Clock;
    /** The payments domain service (checkout, outbox handlers, reconciliation: issue #6 §3). */
    payments: PaymentsService;
    /** This app's catalogue caches, purged by writers here and on every other instance. */
    catalogueCache: CatalogueCache;
  }
}

/** Bytes of log lines buffered before a write: pino's suggested `minLength` for asynchronous logging. */
const LOG_BUFFER_BYTES = 4096;
/** Buffered log lines are written at least this often (ms). */
const LOG_FLUSH_MS = 1000;

/**
 * Fastify's request log made cheap (issue #10): one line per request, when it completes, with
 * method, URL, status and time (ms) as plain fields — instead of an "incoming request" line plus
 * a "request completed" one, each through the full req/res serializers. Still at info, so
 * `LOG_LEVEL` above info turns it off; errors keep Fastify's error line.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const fields = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
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
    // Log lines are buffered and written to stdout together (pino's asynchronous logging), at
    // the latest LOG_FLUSH_MS after they were logged and at exit (pino flushes synchronously
    // then) — instead of one blocking write(2) per line, ~5 µs of a ~60 µs cached read
    // (issue #10). A process killed with SIGKILL loses at most that last second of lines.
    logger: logger ?? {
      level: config.logLevel,
      stream: destination({
        dest: 1,
        sync: false,
        minLength: LOG_BUFFER_BYTES,
        periodicFlush: LOG_FLUSH_MS,
      }),
    },
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
  app.decorate('db', database.db);
  // A fresh object per app, so a test can stub `app.clock.now` without touching other apps.
  app.decorate('clock', clock ?? { now: () => systemClock.now() });

  app.setErrorHandler((err: Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          err.validationContext ||
          'body';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      const [firstPath, firstMessage] = Object.entries(fields)[0] ?? ['body', 'Invalid request'];
      return reply.code(400).send({
        ok: false,
        error: {
          message:
            firstPath && !/^(body|querystring|params)$/.test(firstPath)
              ? `${firstPath}: ${firstMessage}`
              : (firstMessage ?? 'Invalid request'),
          code: 'validation_error',
          fields,
        },
      });
    }
    // A multipart body the parser could not read is the client's to fix (lib/multipart.ts).
    const known = err instanceof AppError ? err : multipartError(err);
    if (known) {
      if (known.retryAfterS !== undefined) reply.header('Retry-After', String(known.retryAfterS));
      return reply.code(known.status).send({
        ok: false,
        error: {
          message: known.message,
          code: known.code,
          ...(known.fields ? { fields: known.fields } : {}),
        },
      });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({
        ok: false,
        error: { message: err.message, code: (err as { code?: string }).code?.toLowerCase() },
      });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({
      ok: false,
      error: { message: 'Oops! Something went wrong. Try again', code: 'internal_error' },
    });
  });

  // External plugins.
  // One strict CSP on every response (platform/csp.ts): the SPA's inline script by its hash.
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, builtIndexScriptHashes(config.webDist)),
    },
  });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Vetted API', version: '1.0.0', description: 'Vetted marketplace API v1' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: openApiTransform,
  });

  // App plugins.
  // Platform first: the auth hook uses its events bus (session revocation across instances).
  await app.register(platformPlugin);
  // GET /v1/health/ready over `app.readiness`, with the database's probe.
  await app.register(healthPlugin);
  await app.register(authPlugin, { secret: config.jwtSecret, ttlS: config.accessTokenTtlS });
  // Every /v1/admin/* route: 401 without a session, 403 "Admins only" for non-admins (#8).
  await app.register(adminGuard);
  await app.register(jobsPlugin);
  await app.register(mediaPlugin);

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

  // Routes.
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
  // The pro's own profile, checklist and vetting documents (#8); it also resolves the business
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
  await app.register(meRoutes, {
    users: createUsersService({
      db: app.db,
      clock: app.clock,
      config,
      storage: app.storage,
      auth,
    }),
    auth,
  });
  // Saved places and city type-ahead (#9); the city index is built at the first search, not here.
  await app.register(placesRoutes, {
    places: createPlacesService({
      db: app.db,
      clock: app.clock,
      geocoder,
    }),
  });
  await app.register(vendorRoutes, { vendors });
  // The pro's services, their images and opening hours (#8); slots follow at once.
  await app.register(listingsRoutes, {
    listings: createListingsService({
      db: app.db,
      clock: app.clock,
      storage: app.storage,
      catalogueCache,
    }),
  });
  const catalogue = createCatalogueService({
    db: app.db,
    clock: app.clock,
    config,
    cache: catalogueCache,
    geocoder,
  });
  // The public pages' data (`/pros/:slug`, `/services/:category[/:place]`): served by the API,
  // rendered to HTML by the SPA plugin and listed by the sitemap.
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
    cacheTtlMs: config.catalogueCacheTtlMs,
    purges: catalogueCache,
  });
  const orders = createOrdersService({
    db: app.db,
    clock: app.clock,
    config,
    log: app.log,
    payments,
    geocoder,
  });
  await app.register(orderRoutes, { orders });
  await app.register(paymentRoutes, { payments });
  // Vendor earnings from the ledger and payouts through the same providers (#8), with the
  // outbox kind that sends a payout.
  const earnings = createEarningsService({
    db: app.db,
    clock: app.clock,
    config,
    log: app.log.child({ domain: 'earnings' }),
    providers: paymentProviders,
  });
  // Where payouts go: bank details (sandbox) or Stripe Connect onboarding.
  const payoutAccounts = createPayoutAccountService({
    db: app.db,
    clock: app.clock,
    config,
    log: app.log.child({ domain: 'payout-accounts' }),
    providers: paymentProviders,
  });
  await app.register(earningsRoutes, { earnings, payoutAccounts });
  // Waitlist of fully booked days (issue #9) and its offer-expiry outbox handler.
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
  await app.register(notificationRoutes, {
    notifications: createNotificationsService({ db: app.db, clock: app.clock }),
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
  });
  await app.register(conversationRoutes, { conversations });
  await app.register(reviewRoutes, {
    reviews: createReviewsService({ db: app.db, clock: app.clock }),
  });
  // The admin console (#8): vetting, users, orders and refunds, overview, audit log.
  await app.register(adminRoutes, {
    admin: createAdminService({
      db: app.db,
      clock: app.clock,
      config,
      log: app.log.child({ domain: 'admin' }),
      payments,
      orders,
      documents: app.privateStorage,
      sessions: app.auth,
      catalogueCache,
    }),
  });
  // Every domain's job kinds and periodic tasks, on the engine the jobs plugin started.
  registerJobs(app.jobs, {
    payments,
    earnings,
    waitlist,
    conversations,
    auth,
    documents: app.privateStorage,
  });
  await app.register(realtimeRoutes);
  if (config.testClock) await app.register(testClockRoutes);

  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/v1/health', { schema: { hide: true } }, async () => ({
    ok: true,
    data: { status: 'up' },
  }));

  // The built SPA and the server side of the access rules (spec §2); also the JSON 404 for /v1.
  await app.register(seoPlugin, { servicePages: publicPages.servicePages });
  await app.register(spaPlugin, { ...publicPages, purges: catalogueCache });
  return app;
}
