import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES_PER_MINUTE } from '@vetted/contract';
import { z } from 'zod';

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

export interface Config {
  /** HTTP port, default 3000 (`PORT`). */
  port: number;
  host: string;
  /** Public origin used in mails and logs, default `http://localhost:<port>`. */
  publicUrl: string;
  /** `postgres://…` for a real PostgreSQL; undefined means embedded PGlite in `dataDir/pglite`. */
  databaseUrl?: string;
  redisUrl?: string;
  /** `smtp://…`; undefined means mails are logged and written to `outboxDir`. */
  smtpUrl?: string;
  mailFrom: string;
  /** Root of local state: PGlite data, uploads, mail outbox, generated secrets. */
  dataDir: string;
  uploadDir: string;
  /**
   * Private files (#8: vendors' vetting documents), never served under `/media`; admins download
   * them through an authorised route. `PRIVATE_UPLOAD_DIR`, default `$DATA_DIR/private`.
   */
  privateUploadDir: string;
  outboxDir: string;
  /** HS256 secret for access tokens (≥ 32 bytes). */
  jwtSecret: Uint8Array;
  /**
   * Access-token lifetime in seconds (`ACCESS_TOKEN_TTL_S`), default 900 (15 min, issue #6): the
   * session cookie lives this minus 5 min (spec §9).
   */
  accessTokenTtlS: number;
  /** Refresh-token lifetime in seconds, default 30 days. */
  refreshTokenTtlS: number;
  paymentProvider: 'sandbox' | 'stripe';
  /** Folder of the built SPA to serve, if present. */
  webDist: string;
  logLevel: string;
  /** Seed demo data on start when the database is empty (default true). */
  seedOnStart: boolean;
  /**
   * `MIGRATE_ON_START` (default true): apply pending migrations at start, under the start-up
   * lock (one instance migrates, the others wait). False: refuse to start while any is pending,
   * for deployments that run `pnpm --filter @vetted/api db:migrate` as a release step.
   */
  migrateOnStart: boolean;
  /**
   * Whether the seed creates the demo logins with the published password (`DEMO_LOGINS`).
   * Default true, except with `NODE_ENV=production`, where it must be set explicitly (issue #6).
   */
  demoLogins: boolean;
  /**
   * `TEST_CLOCK`: the server's clock can be moved forward through `PUT /v1/test/clock`, for
   * end-to-end journeys that span days (a job's start time, a 24 h cancellation band, a 7-day
   * hold). Default false; refused with `NODE_ENV=production`.
   */
  testClock: boolean;
  /**
   * How long (ms) the public category and vendor lists are cached in process, default 30 000.
   * 0 turns the cache off. Counts and new vendors show up at most this late.
   */
  catalogueCacheTtlMs: number;
  /**
   * Load shedding (@fastify/under-pressure): above this mean event-loop delay (ms, over a
   * second) new requests get 503 with `Retry-After` instead of queueing until they time out; 0
   * turns the check off. Default 200 (issue #10): PGlite runs each query on the event loop, so
   * under a flood requests wait unread in the sockets, where no in-flight count sees them, while
   * the loop lags 0.6–1 s a turn — measured with 200 connections on an uncached list, 1000 still
   * let 20–100 requests time out; 200 sheds them.
   */
  overloadMaxEventLoopDelayMs: number;
  /** The same for the V8 heap in use (bytes); 0 turns it off. */
  overloadMaxHeapUsedBytes: number;
  /** `Retry-After` of a shed request (seconds). */
  overloadRetryAfterS: number;
  /**
   * Most API requests served at once past the cache, each waiting on the database
   * (`OVERLOAD_MAX_IN_FLIGHT`, default 64): one more is answered 503 with `Retry-After` at once,
   * instead of queueing behind them until the client times out; 0 turns it off. It bounds the
   * queue in front of PostgreSQL's pool (10 connections); on PGlite, whose queries block the
   * event loop, the event-loop check above usually sheds first.
   */
  overloadMaxInFlight: number;
  /** Requests per minute per client for the API (rate limit). */
  rateLimitPerMinute: number;
  /** Requests per minute per client IP on each sign-up/login/OTP route (default 10). */
  authRateLimitPerMinute: number;
  /** Messages one sender may post per minute (`MESSAGES_PER_MINUTE`, default 30: issue #7). */
  messagesPerMinute: number;
  /**
   * Fastify `trustProxy`: false (default) ignores X-Forwarded-For so clients cannot dodge rate
   * limits; `true` or a comma-separated list of proxy addresses/CIDRs behind a load balancer.
   */
  trustProxy: boolean | string;
  /**
   * Outbox poll interval in ms (`OUTBOX_POLL_MS`, default 1000); the worker is also kicked after
   * each write request. 0 turns the worker's timer off (tests drain it by hand).
   */
  outboxPollMs: number;
  /**
   * Days a delivered `outbox` row is kept (`OUTBOX_RETENTION_DAYS`, default 7: a week to look
   * into what was sent); a daily schedule deletes older ones. Rows given up on are kept.
   */
  outboxRetentionDays: number;
  /**
   * How long (ms) a SIGTERM or SIGINT may take (`SHUTDOWN_TIMEOUT_MS`, default 10 000): the server
   * stops taking requests and lets the in-flight ones and running jobs finish; past this it exits
   * with status 1. The default matches `docker stop`'s grace period (10 s) and stays within
   * Kubernetes' (30 s), the time an orchestrator waits before SIGKILL.
   */
  shutdownTimeoutMs: number;
  /**
   * Bearer token that `/metrics` requires (`METRICS_TOKEN`, at least 16 characters). Unset:
   * `/metrics` is not served at all (404), never public (issue #6).
   */
  metricsToken?: string;
  /**
   * Browser origins (`scheme://host[:port]`, no trailing slash) allowed to open the WebSocket
   * `/v1/ws`, besides `publicUrl`'s origin and the request's own origin (`ALLOWED_ORIGINS`,
   * comma-separated). Default: `http://localhost:5173` (the Vite dev server) unless
   * `NODE_ENV=production`, where it is empty.
   */
  allowedOrigins: string[];
  /**
   * Stripe keys and API address, set when `paymentProvider` is `stripe` (issue #6 §3). Start-up
   * makes no call to Stripe. `host`/`port`/`protocol` (`STRIPE_API_HOST`/`_PORT`/`_PROTOCOL`)
   * only point the SDK at a local fake in tests; unset, it talks to api.stripe.com over HTTPS.
   */
  stripe?: StripeSettings;
  /**
   * Object storage on an S3-compatible store (`S3_*`), shared by every instance; undefined means
   * local disk (`uploadDir` / `privateUploadDir`), the default.
   */
  s3?: S3Settings;
  /**
   * `MEDIA_PUBLIC_URL`: base URL (a CDN in front of the public bucket) of the public media URLs
   * the API returns, instead of `/media`; no trailing slash. Private files never use it.
   */
  mediaPublicUrl?: string;
}

/** See {@link Config.s3}. */
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

/** See {@link Config.stripe}. */
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

/** Thrown by {@link loadConfig} when a variable has a bad value; the message names each one. */
export class ConfigError extends Error {
  constructor(readonly problems: Array<{ variable: string; message: string }>) {
    super(
      `Invalid configuration (see .env.example):\n${problems
        .map((p) => `  ${p.variable}: ${p.message}`)
        .join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** The Vite dev server's origin (apps/web/vite.config.ts), allowed on `/v1/ws` outside production. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';
/** Minimum `JWT_SECRET` length in bytes: HS256 wants a key as long as its 256-bit output (RFC 7518 §3.2). */
const MIN_JWT_SECRET_BYTES = 32;
const MIN_METRICS_TOKEN_LENGTH = 16;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Variables `NODE_ENV=production` refuses to start without, with why: their defaults only suit
 * one process on a developer's machine.
 */
const PRODUCTION_REQUIRED = {
  DATABASE_URL:
    'is required with NODE_ENV=production: without it the API runs on an embedded PGlite in DATA_DIR, which only one process can open (set a postgres:// URL)',
  JWT_SECRET:
    'is required with NODE_ENV=production: without it each instance generates its own and refuses the tokens of the others; generate one with `openssl rand -hex 32` and give every instance the same',
} as const;

/** A whole number within `[min, max]`, written in decimal digits. */
function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z
    .string()
    .trim()
    .regex(/^-?\d+$/, {
      error: (issue) => `must be a whole number (got ${JSON.stringify(issue.input)})`,
    })
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** A URL whose scheme is one of `protocols` (without the colon). */
function url(protocols: string[]) {
  const expected = protocols.map((p) => `${p}://`).join(' or ');
  return z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol.slice(0, -1));
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${expected}` },
    );
}

/** An origin (`https://host[:port]`), normalised by WHATWG URL parsing. */
const origin = url(['http', 'https']).transform((value) => new URL(value).origin);

/** `true`/`false` (also 1/0, yes/no, on/off). */
const flag = () => z.stringbool({ error: 'must be true or false' });

/**
 * Every environment variable the API reads, with its default and coercion (documented, with the
 * same defaults, in `.env.example`). Blank values count as unset.
 */
export const envSchema = z
  .object({
    PORT: integer(0, 65_535).default(3000),
    HOST: z.string().trim().default('0.0.0.0'),
    PUBLIC_URL: url(['http', 'https']).optional(),
    DATABASE_URL: url(['postgres', 'postgresql']).optional(),
    REDIS_URL: url(['redis', 'rediss']).optional(),
    SMTP_URL: url(['smtp', 'smtps']).optional(),
    MAIL_FROM: z.string().default('Vetted <no-reply@vetted.local>'),
    DATA_DIR: z.string().default('.data'),
    UPLOAD_DIR: z.string().optional(),
    PRIVATE_UPLOAD_DIR: z.string().optional(),
    OUTBOX_DIR: z.string().optional(),
    JWT_SECRET: z
      .string()
      .refine((s) => Buffer.byteLength(s, 'utf8') >= MIN_JWT_SECRET_BYTES, {
        message: `must be at least ${MIN_JWT_SECRET_BYTES} bytes long (HS256); generate one with \`openssl rand -hex 32\``,
      })
      .optional(),
    ACCESS_TOKEN_TTL_S: integer(60).default(900),
    REFRESH_TOKEN_TTL_S: integer(60).default(30 * 24 * 3600),
    PAYMENT_PROVIDER: z
      .enum(['sandbox', 'stripe'], { error: 'must be sandbox or stripe' })
      .default('sandbox'),
    WEB_DIST: z.string().default('apps/web/dist'),
    LOG_LEVEL: z
      .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
      .default('info'),
    SEED_ON_START: flag().default(true),
    MIGRATE_ON_START: flag().default(true),
    DEMO_LOGINS: flag().optional(),
    TEST_CLOCK: flag().default(false),
    CATALOGUE_CACHE_TTL_MS: integer(0).default(30_000),
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: integer(0).default(200),
    OVERLOAD_MAX_HEAP_USED_BYTES: integer(0).default(0),
    OVERLOAD_RETRY_AFTER_S: integer(1).default(5),
    OVERLOAD_MAX_IN_FLIGHT: integer(0).default(64),
    RATE_LIMIT_PER_MINUTE: integer(1).default(600),
    AUTH_RATE_LIMIT_PER_MINUTE: integer(1).default(10),
    MESSAGES_PER_MINUTE: integer(1).default(MESSAGES_PER_MINUTE),
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((v): boolean | string => (v === 'false' ? false : v === 'true' ? true : v)),
    OUTBOX_POLL_MS: integer(0).default(1000),
    OUTBOX_RETENTION_DAYS: integer(1).default(7),
    SHUTDOWN_TIMEOUT_MS: integer(1).default(10_000),
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(MIN_METRICS_TOKEN_LENGTH, `must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long`)
      .optional(),
    ALLOWED_ORIGINS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(origin))
      .optional(),
    NODE_ENV: z.string().optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .trim()
      .regex(/^pk_(test|live)_\S+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    STRIPE_CONNECT_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    STRIPE_API_HOST: z.string().trim().optional(),
    STRIPE_API_PORT: integer(1, 65_535).optional(),
    STRIPE_API_PROTOCOL: z.enum(['http', 'https'], { error: 'must be http or https' }).optional(),
    S3_BUCKET: z.string().trim().optional(),
    S3_PRIVATE_BUCKET: z.string().trim().optional(),
    S3_ENDPOINT: url(['http', 'https']).optional(),
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    S3_FORCE_PATH_STYLE: flag().default(false),
    MEDIA_PUBLIC_URL: url(['http', 'https'])
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  })
  .superRefine((env, ctx) => {
    // Object storage: private files must never land in the public bucket (spec §5, vetting
    // documents; message attachments), so a public bucket alone is refused, not defaulted.
    if (env.S3_BUCKET && !env.S3_PRIVATE_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_PRIVATE_BUCKET'],
        message:
          'is required when S3_BUCKET is set: a second, never public bucket for vetting documents and message attachments',
      });
    }
    if (env.S3_PRIVATE_BUCKET && !env.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is required when S3_PRIVATE_BUCKET is set (the bucket of public media)',
      });
    }
    if (env.S3_BUCKET && env.S3_BUCKET === env.S3_PRIVATE_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_PRIVATE_BUCKET'],
        message: 'must differ from S3_BUCKET (the public bucket would expose private files)',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither',
      });
    }
    if (env.TEST_CLOCK && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK'],
        message: 'must not be set with NODE_ENV=production (it lets anyone move the clock)',
      });
    }
    if (env.NODE_ENV === 'production') {
      for (const [variable, message] of Object.entries(PRODUCTION_REQUIRED)) {
        if (!env[variable as keyof typeof PRODUCTION_REQUIRED]) {
          ctx.addIssue({ code: 'custom', path: [variable], message });
        }
      }
    }
    // Stripe needs all three keys; say which is missing at start rather than fail at checkout.
    if (env.PAYMENT_PROVIDER !== 'stripe') return;
    for (const variable of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ] as const) {
      if (!env[variable]) {
        ctx.addIssue({
          code: 'custom',
          path: [variable],
          message: 'is required when PAYMENT_PROVIDER=stripe',
        });
      }
    }
  });
export type Env = z.infer<typeof envSchema>;

function persistentSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file))
    return new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret.toString('hex'), { mode: 0o600 });
  return new Uint8Array(secret);
}

/**
 * Parses `env` with {@link envSchema}; blank values count as unset. Throws {@link ConfigError},
 * naming every bad variable (never echoing a secret's value), when a value is invalid.
 */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message:
          typeof issue.path[1] === 'number'
            ? `entry ${issue.path[1] + 1} ${issue.message}`
            : issue.message,
      })),
    );
  }
  return result.data;
}

/**
 * Reads configuration from the environment (see `.env.example` at the repo root): one zod
 * schema ({@link envSchema}) parsed once. Throws {@link ConfigError} naming the variable when a
 * value is invalid (`PORT=abc`, a 10-byte `JWT_SECRET`); the server then exits with status 1.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const root = findRepoRoot();
  const e = parseEnv(env);
  const dataDir = resolve(root, e.DATA_DIR);
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    dataDir,
    uploadDir: resolve(root, e.UPLOAD_DIR ?? join(dataDir, 'uploads')),
    privateUploadDir: resolve(root, e.PRIVATE_UPLOAD_DIR ?? join(dataDir, 'private')),
    outboxDir: resolve(root, e.OUTBOX_DIR ?? join(dataDir, 'outbox')),
    jwtSecret: e.JWT_SECRET
      ? new TextEncoder().encode(e.JWT_SECRET)
      : (overrides.jwtSecret ?? persistentSecret(overrides.dataDir ?? dataDir)),
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    paymentProvider: e.PAYMENT_PROVIDER,
    webDist: resolve(root, e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    seedOnStart: e.SEED_ON_START,
    migrateOnStart: e.MIGRATE_ON_START,
    demoLogins: e.DEMO_LOGINS ?? e.NODE_ENV !== 'production',
    testClock: e.TEST_CLOCK,
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    overloadMaxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    overloadMaxHeapUsedBytes: e.OVERLOAD_MAX_HEAP_USED_BYTES,
    overloadRetryAfterS: e.OVERLOAD_RETRY_AFTER_S,
    overloadMaxInFlight: e.OVERLOAD_MAX_IN_FLIGHT,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    messagesPerMinute: e.MESSAGES_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    allowedOrigins: e.ALLOWED_ORIGINS ?? (e.NODE_ENV === 'production' ? [] : [VITE_DEV_ORIGIN]),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
            host: e.STRIPE_API_HOST,
            port: e.STRIPE_API_PORT,
            protocol: e.STRIPE_API_PROTOCOL,
          }
        : undefined,
    s3:
      e.S3_BUCKET && e.S3_PRIVATE_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            privateBucket: e.S3_PRIVATE_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL,
  };
  return { ...config, ...overrides };
}

/** A variable a production deployment should set, and what happens without it. */
export interface ConfigWarning {
  variable: string;
  message: string;
}

/**
 * What a production start lacks without refusing to start: one entry per unset variable among
 * `REDIS_URL`, `S3_BUCKET`, `SMTP_URL`, `PUBLIC_URL` and `TRUST_PROXY`, saying what runs
 * instead; the server logs each as a warning line. Empty unless `NODE_ENV=production`. Reads the
 * raw environment (blank counts as unset), so a variable set explicitly — `TRUST_PROXY=false`
 * on an instance no proxy fronts — is not warned about.
 */
export function productionWarnings(env: NodeJS.ProcessEnv = process.env): ConfigWarning[] {
  if (env.NODE_ENV !== 'production') return [];
  const unset = (variable: string) => !env[variable]?.trim();
  const port = env.PORT?.trim() || '3000';
  const warnings: ConfigWarning[] = [
    {
      variable: 'REDIS_URL',
      message:
        'is not set: rate limits, session revocations, live events and cache purges stay inside this instance; set it when running more than one',
    },
    {
      variable: 'S3_BUCKET',
      message:
        "is not set: uploads are kept on this instance's disk (UPLOAD_DIR), which other instances cannot read; set it (with the other S3_* variables) when running more than one instance or on a disk that does not last",
    },
    {
      variable: 'SMTP_URL',
      message: `is not set: mails, sign-up codes included, are only written to OUTBOX_DIR and the log, and nobody receives them`,
    },
    {
      variable: 'PUBLIC_URL',
      message: `is not set: links in mails and pages point to http://localhost:${port}`,
    },
    {
      variable: 'TRUST_PROXY',
      message:
        "is not set: behind a load balancer every client has the balancer's address, so they share one rate limit; set it to the balancer's address (or true), or to false when clients connect directly",
    },
  ];
  return warnings.filter((w) => unset(w.variable));
}
