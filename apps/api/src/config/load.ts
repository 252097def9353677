import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { type Env, envSchema, parseEnvWith } from './schema';
import { defaultVapidSubject, persistentVapidKeys, type VapidSettings } from './vapid';

/** Where settings that are generated when unset come from: `dataDir` → the value. */
export interface GeneratedFallbacks {
  /** The access-token secret. */
  secret: (dataDir: string) => Uint8Array;
  /** The VAPID key pair (default {@link persistentVapidKeys}). */
  vapidKeys?: (dataDir: string) => { publicKey: string; privateKey: string };
}

/** Walks up from this module to the monorepo root (the folder holding pnpm-workspace.yaml). */
export function findRepoRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

/** The Vite dev server's origin (apps/web/vite.config.ts), allowed on `/v1/ws` outside production. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';
/** See `Config.s3`. */
export interface S3Settings {
  /** `S3_BUCKET`: public media (avatars, service images), served under `/media` or a CDN. */
  bucket: string;
  /**
   * `S3_PRIVATE_BUCKET`: vetting documents and message attachments, read only through
   * authorised routes; never give it a public-read policy. Required with `S3_BUCKET`.
   */
  privateBucket: string;
  /** `S3_ENDPOINT`: the store's URL (MinIO, R2, …); unset means AWS S3 itself. */
  endpoint?: string;
  /** `S3_REGION`, default `us-east-1`. */
  region: string;
  /** `S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY` (both or neither: the SDK's credential chain). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `S3_FORCE_PATH_STYLE` (default false): `endpoint/bucket/key` URLs, for self-hosted stores. */
  forcePathStyle: boolean;
}

/** See `Config.stripe`. */
export interface StripeSettings {
  /** `sk_…`/`rk_…` (`STRIPE_SECRET_KEY`). */
  secretKey: string;
  /** `pk_…` (`STRIPE_PUBLISHABLE_KEY`), sent to the browser for Stripe.js. */
  publishableKey: string;
  /** `whsec_…` (`STRIPE_WEBHOOK_SECRET`): verifies `POST /v1/payments/webhooks/stripe`. */
  webhookSecret: string;
  /**
   * `whsec_…` (`STRIPE_CONNECT_WEBHOOK_SECRET`, optional): the secret of a second, Connect
   * endpoint at the same URL. Stripe sends events of connected accounts (`account.updated`) only
   * to Connect endpoints, and an endpoint is either Connect or not, each with its own secret.
   */
  connectWebhookSecret?: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** {@link Config.stripe} from the parsed environment: set when all three keys are. */
function stripeSettings(e: Env): StripeSettings | undefined {
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET)
    return undefined;
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    host: e.STRIPE_API_HOST,
    port: e.STRIPE_API_PORT,
    protocol: e.STRIPE_API_PROTOCOL,
  };
}

/** {@link Config.s3} from the parsed environment: set when both buckets are. */
function s3Settings(e: Env): S3Settings | undefined {
  if (!e.S3_BUCKET || !e.S3_PRIVATE_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    privateBucket: e.S3_PRIVATE_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/**
 * `{ [key]: value }`, typed `key?: T`: an unset setting's key is present and undefined, as
 * optional in the config's type as it reads.
 */
function optional<K extends string, T>(key: K, value: T | undefined): { [P in K]?: T } {
  return { [key]: value } as { [P in K]?: T };
}

function persistentSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file))
    return new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('hex'), { mode: 0o600 });
  return new Uint8Array(secret);
}

/** Addresses, local folders and token lifetimes. */
function serviceSettings(e: Env, root: string, fallbacks: GeneratedFallbacks) {
  const dataDir = resolve(root, e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    /** HTTP port, default 3000 (`PORT`). */
    port: e.PORT,
    host: e.HOST,
    /** Public origin used in mails and logs, default `http://localhost:<port>`. */
    publicUrl,
    /** `postgres://…` for a real PostgreSQL; undefined means embedded PGlite in `dataDir/pglite`. */
    ...optional('databaseUrl', e.DATABASE_URL),
    /**
     * Connections of the PostgreSQL pool (`DATABASE_POOL_MAX`, default 10); pg-boss keeps its
     * own 4 besides. Every transaction holds one until it commits, so it bounds how many run at
     * once. Unused on PGlite (one connection).
     */
    databasePoolMax: e.DATABASE_POOL_MAX,
    ...optional('redisUrl', e.REDIS_URL),
    /** `smtp://…`; undefined means mails are logged and written to `outboxDir`. */
    ...optional('smtpUrl', e.SMTP_URL),
    mailFrom: e.MAIL_FROM,
    /** Root of local state: PGlite data, uploads, mail outbox, generated secrets. */
    dataDir,
    uploadDir: resolve(root, e.UPLOAD_DIR ?? join(dataDir, 'uploads')),
    /**
     * Private files (vendors' vetting documents), never served under `/media`; admins download
     * them through an authorised route. `PRIVATE_UPLOAD_DIR`, default `$DATA_DIR/private`.
     */
    privateUploadDir: resolve(root, e.PRIVATE_UPLOAD_DIR ?? join(dataDir, 'private')),
    outboxDir: resolve(root, e.OUTBOX_DIR ?? join(dataDir, 'outbox')),
    /** HS256 secret for access tokens (≥ 32 bytes). */
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : fallbacks.secret(dataDir),
    /**
     * Web Push identity (`VAPID_PUBLIC_KEY` / `VAPID_PRIVATE_KEY` / `VAPID_SUBJECT`); unset keys are
     * generated once and kept in `$DATA_DIR/vapid-keys.json`.
     */
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : (fallbacks.vapidKeys ?? persistentVapidKeys)(dataDir)),
      subject: e.VAPID_SUBJECT ?? defaultVapidSubject(publicUrl, e.MAIL_FROM),
    } satisfies VapidSettings,
    /**
     * Access-token lifetime in seconds (`ACCESS_TOKEN_TTL_S`), default 900 (15 min): the
     * session cookie lives this minus 5 min (spec §9).
     */
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    /** Refresh-token lifetime in seconds, default 30 days. */
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
  };
}

/** Payments, the SPA, logging, what start-up does, and the test clock. */
function startupSettings(e: Env, root: string) {
  return {
    paymentProvider: e.PAYMENT_PROVIDER,
    /** Folder of the built SPA to serve, if present. */
    webDist: resolve(root, e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    /** Seed demo data on start when the database is empty (default true). */
    seedOnStart: e.SEED_ON_START,
    /**
     * `MIGRATE_ON_START` (default true): apply pending migrations at start, under the start-up
     * lock (one instance migrates, the others wait). False: refuse to start while any is pending,
     * for deployments that run `pnpm --filter @vetted/api db:migrate` as a release step.
     */
    migrateOnStart: e.MIGRATE_ON_START,
    /**
     * Whether the seed creates the demo logins with the published password (`DEMO_LOGINS`).
     * Default true, except with `NODE_ENV=production`, where it must be set explicitly.
     */
    demoLogins: e.DEMO_LOGINS ?? e.NODE_ENV !== 'production',
    /**
     * `TEST_CLOCK`: the server's clock can be moved forward through `PUT /v1/test/clock`, for
     * end-to-end journeys that span days (a job's start time, a 24 h cancellation band, a 7-day
     * hold). Default false; refused with `NODE_ENV=production`.
     */
    testClock: e.TEST_CLOCK,
    /**
     * How long (ms) the public category and vendor lists are cached in process, default 30 000.
     * 0 turns the cache off. Counts and new vendors show up at most this late.
     */
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
  };
}

/** Load shedding, rate limits, proxies, the outbox and shutdown. */
function limitSettings(e: Env) {
  return {
    /**
     * Load shedding (@fastify/under-pressure): above this mean event-loop delay (ms, over a
     * second) new requests get 503 with `Retry-After` instead of queueing until they time out; 0
     * turns the check off. Default 200: PGlite runs each query on the event loop, so
     * under a flood requests wait unread in the sockets, where no in-flight count sees them, while
     * the loop lags 0.6–1 s a turn — measured with 200 connections on an uncached list, 1000 still
     * let 20–100 requests time out; 200 sheds them.
     */
    overloadMaxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    /** The same for the V8 heap in use (bytes); 0 turns it off. */
    overloadMaxHeapUsedBytes: e.OVERLOAD_MAX_HEAP_USED_BYTES,
    /** `Retry-After` of a shed request (seconds). */
    overloadRetryAfterS: e.OVERLOAD_RETRY_AFTER_S,
    /**
     * Most API requests served at once past the cache, each waiting on the database
     * (`OVERLOAD_MAX_IN_FLIGHT`, default 64): one more is answered 503 with `Retry-After` at once,
     * instead of queueing behind them until the client times out; 0 turns it off. It bounds the
     * queue in front of PostgreSQL's pool (10 connections); on PGlite, whose queries block the
     * event loop, the event-loop check above usually sheds first.
     */
    overloadMaxInFlight: e.OVERLOAD_MAX_IN_FLIGHT,
    /** Requests per minute per client for the API (rate limit). */
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    /** Requests per minute per client IP on each sign-up/login/OTP route (default 10). */
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    /** Messages one sender may post per minute (`MESSAGES_PER_MINUTE`, default 30). */
    messagesPerMinute: e.MESSAGES_PER_MINUTE,
    /**
     * Fastify `trustProxy`: false (default) ignores X-Forwarded-For so clients cannot dodge rate
     * limits; `true` or a comma-separated list of proxy addresses/CIDRs behind a load balancer.
     */
    trustProxy: e.TRUST_PROXY,
    /**
     * Outbox poll interval in ms (`OUTBOX_POLL_MS`, default 1000); the worker is also kicked after
     * each write request. 0 turns the worker's timer off (tests drain it by hand).
     */
    outboxPollMs: e.OUTBOX_POLL_MS,
    /**
     * Days a delivered `outbox` row is kept (`OUTBOX_RETENTION_DAYS`, default 7: a week to look
     * into what was sent); a daily schedule deletes older ones. Rows given up on are kept.
     */
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    /**
     * How long (ms) a SIGTERM or SIGINT may take (`SHUTDOWN_TIMEOUT_MS`, default 10 000): the server
     * stops taking requests and lets the in-flight ones and running jobs finish; past this it exits
     * with status 1. The default matches `docker stop`'s grace period (10 s) and stays within
     * Kubernetes' (30 s), the time an orchestrator waits before SIGKILL.
     */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

/** Metrics, WebSocket origins, Stripe and object storage. */
function integrationSettings(e: Env) {
  return {
    /**
     * Bearer token that `/metrics` requires (`METRICS_TOKEN`, at least 16 characters). Unset:
     * `/metrics` is not served at all (404), never public.
     */
    ...optional('metricsToken', e.METRICS_TOKEN),
    /**
     * Browser origins (`scheme://host[:port]`, no trailing slash) allowed to open the WebSocket
     * `/v1/ws`, besides `publicUrl`'s origin and the request's own origin (`ALLOWED_ORIGINS`,
     * comma-separated). Default: `http://localhost:5173` (the Vite dev server) unless
     * `NODE_ENV=production`, where it is empty.
     */
    allowedOrigins: e.ALLOWED_ORIGINS ?? (e.NODE_ENV === 'production' ? [] : [VITE_DEV_ORIGIN]),
    /**
     * Stripe keys and API address, set when `paymentProvider` is `stripe`. Start-up
     * makes no call to Stripe. `host`/`port`/`protocol` (`STRIPE_API_HOST`/`_PORT`/`_PROTOCOL`)
     * only point the SDK at a local fake in tests; unset, it talks to api.stripe.com over HTTPS.
     */
    ...optional('stripe', stripeSettings(e)),
    ...optional('s3', s3Settings(e)),
    /**
     * `MEDIA_PUBLIC_URL`: base URL (a CDN in front of the public bucket) of the public media URLs
     * the API returns, instead of `/media`; no trailing slash. Private files never use it.
     */
    ...optional('mediaPublicUrl', e.MEDIA_PUBLIC_URL),
    /**
     * Busy-time import: how long one fetch of a pro's calendar address may take, redirects and
     * body included (`CALENDAR_IMPORT_TIMEOUT_MS`, default 10 000).
     */
    calendarImportTimeoutMs: e.CALENDAR_IMPORT_TIMEOUT_MS,
    /**
     * `CALENDAR_IMPORT_ALLOW_LOCAL` (default false; refused with `NODE_ENV=production`): let the
     * busy-time import fetch `http://` and private or loopback addresses — tests and local
     * development only. Off, only `https://` to public hosts is fetched (no SSRF).
     */
    calendarImportAllowLocal: e.CALENDAR_IMPORT_ALLOW_LOCAL,
    /**
     * `PUSH_ALLOW_LOCAL` (default false; refused with `NODE_ENV=production`): accept push
     * subscriptions whose endpoint is `http://` or a private or loopback host — tests only.
     */
    pushAllowLocal: e.PUSH_ALLOW_LOCAL,
  };
}

/**
 * The configuration schema: {@link envSchema} (the environment, validated) mapped to the app's
 * settings. Paths resolve against the repository root; without `JWT_SECRET` the access-token
 * secret is `fallbacks.secret(dataDir)`, without VAPID keys `fallbacks.vapidKeys(dataDir)`.
 */
export function configSchema(fallbacks: GeneratedFallbacks) {
  const root = findRepoRoot();
  return envSchema.transform((e) => ({
    ...serviceSettings(e, root, fallbacks),
    ...startupSettings(e, root),
    ...limitSettings(e),
    ...integrationSettings(e),
  }));
}

/** The app's settings: the output of {@link configSchema}. */
export type Config = z.infer<ReturnType<typeof configSchema>>;

/**
 * Reads configuration from the environment (see `.env.example` at the repo root): one zod
 * schema ({@link envSchema}) parsed once. Throws `ConfigError` naming the variable when a
 * value is invalid (`PORT=abc`, a 10-byte `JWT_SECRET`); the server then exits with status 1.
 * Without `JWT_SECRET`, the secret is `overrides.jwtSecret` or one generated once and kept in
 * the data folder; the same for the VAPID keys (`overrides.vapid`, else `vapid-keys.json`).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const schema = configSchema({
    secret: (dataDir) => overrides.jwtSecret ?? persistentSecret(overrides.dataDir ?? dataDir),
    vapidKeys: (dataDir) => overrides.vapid ?? persistentVapidKeys(overrides.dataDir ?? dataDir),
  });
  const config = parseEnvWith(schema, env);
  return { ...config, ...overrides };
}
