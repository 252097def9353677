import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  outboxDir: string;
  /** HS256 secret for access tokens (≥ 32 bytes). */
  jwtSecret: Uint8Array;
  /** Access-token lifetime in seconds, default 3600 (1 h): the session cookie lives this minus 5 min (spec §9). */
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
   * How long (ms) the public category and vendor lists are cached in process, default 30 000.
   * 0 turns the cache off. Counts and new vendors show up at most this late.
   */
  catalogueCacheTtlMs: number;
  /** Requests per minute per client for the API (rate limit). */
  rateLimitPerMinute: number;
  /** Requests per minute per client IP on each sign-up/login/OTP route (default 10). */
  authRateLimitPerMinute: number;
  /**
   * Fastify `trustProxy`: false (default) ignores X-Forwarded-For so clients cannot dodge rate
   * limits; `true` or a comma-separated list of proxy addresses/CIDRs behind a load balancer.
   */
  trustProxy: boolean | string;
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

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** Reads configuration from the environment (see `.env.example` at the repo root). */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const root = findRepoRoot();
  const port = Number(env.PORT ?? 3000);
  const dataDir = resolve(root, env.DATA_DIR ?? '.data');
  const config: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Vetted <no-reply@vetted.local>',
    dataDir,
    uploadDir: resolve(root, env.UPLOAD_DIR ?? join(dataDir, 'uploads')),
    outboxDir: resolve(root, env.OUTBOX_DIR ?? join(dataDir, 'outbox')),
    jwtSecret: env.JWT_SECRET
      ? new TextEncoder().encode(env.JWT_SECRET)
      : (overrides.jwtSecret ?? persistentSecret(dataDir)),
    accessTokenTtlS: Number(env.ACCESS_TOKEN_TTL_S ?? 3600),
    refreshTokenTtlS: Number(env.REFRESH_TOKEN_TTL_S ?? 30 * 24 * 3600),
    paymentProvider: env.PAYMENT_PROVIDER === 'stripe' ? 'stripe' : 'sandbox',
    webDist: resolve(root, env.WEB_DIST ?? 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedOnStart: env.SEED_ON_START !== 'false',
    catalogueCacheTtlMs: Number(env.CATALOGUE_CACHE_TTL_MS ?? 30_000),
    rateLimitPerMinute: Number(env.RATE_LIMIT_PER_MINUTE ?? 600),
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT_PER_MINUTE ?? 10),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
  return { ...config, ...overrides };
}
