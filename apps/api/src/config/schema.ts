import { MESSAGES_PER_MINUTE } from '@vetted/contract';
import { z } from 'zod';

/** Thrown by {@link parseEnv} (and so `loadConfig`) when a variable has a bad value; the message names each one. */
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

/** Web Push variables (see `config/vapid.ts`): the VAPID key pair, its contact, local endpoints. */
const PUSH_ENV = {
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      'must be a base64url P-256 public key (web-push generate-vapid-keys)',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{43}$/,
      'must be a base64url P-256 private key (web-push generate-vapid-keys)',
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  PUSH_ALLOW_LOCAL: flag().default(false),
};

/** Checks of {@link PUSH_ENV} across variables: keys in pairs, no local endpoints in production. */
function refinePush(
  env: {
    VAPID_PUBLIC_KEY?: string;
    VAPID_PRIVATE_KEY?: string;
    PUSH_ALLOW_LOCAL: boolean;
    NODE_ENV?: string;
  },
  ctx: z.RefinementCtx,
): void {
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
    });
  }
  if (env.PUSH_ALLOW_LOCAL && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['PUSH_ALLOW_LOCAL'],
      message:
        'must not be set with NODE_ENV=production (it lets anyone make the server post to its own network)',
    });
  }
}

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
    DATABASE_POOL_MAX: integer(1, 1000).default(10),
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
    CALENDAR_IMPORT_TIMEOUT_MS: integer(100, 60_000).default(10_000),
    CALENDAR_IMPORT_ALLOW_LOCAL: flag().default(false),
    ...PUSH_ENV,
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
    if (env.CALENDAR_IMPORT_ALLOW_LOCAL && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['CALENDAR_IMPORT_ALLOW_LOCAL'],
        message:
          'must not be set with NODE_ENV=production (it lets pros make the server read its own network)',
      });
    }
    refinePush(env, ctx);
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

/**
 * Parses `env` with {@link envSchema}; blank values count as unset. Throws {@link ConfigError},
 * naming every bad variable (never echoing a secret's value), when a value is invalid.
 */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  return parseEnvWith(envSchema, env);
}

/**
 * Parses `env` with `schema` ({@link envSchema} or a mapping of it); blank values count as unset.
 * Throws {@link ConfigError}, naming every bad variable (never echoing a secret's value), when a
 * value is invalid.
 */
export function parseEnvWith<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = schema.safeParse(present);
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
