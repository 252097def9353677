import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseEnv as parseDotenv } from 'node:util';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  ConfigError,
  envSchema,
  findRepoRoot,
  loadConfig,
  productionWarnings,
} from '../src/config';

/** A VAPID pair passed in, as an operator would set it. */
const GIVEN_VAPID = webpush.generateVAPIDKeys();

const root = findRepoRoot();
const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret!');
const load = (env: Record<string, string>) => loadConfig(env, { jwtSecret: SECRET });
/** What NODE_ENV=production requires. */
const PRODUCTION = {
  DATABASE_URL: 'postgres://vetted@db.internal:5432/vetted',
  JWT_SECRET: 'x'.repeat(32),
};

/** The message `loadConfig(env)` throws, or null when it does not throw. */
function configError(env: Record<string, string>): ConfigError | null {
  try {
    load(env);
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = load({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Vetted <no-reply@vetted.local>',
      dataDir: join(root, '.data'),
      uploadDir: join(root, '.data', 'uploads'),
      outboxDir: join(root, '.data', 'outbox'),
      accessTokenTtlS: 900,
      refreshTokenTtlS: 2_592_000,
      paymentProvider: 'sandbox',
      webDist: join(root, 'apps/web/dist'),
      logLevel: 'info',
      seedOnStart: true,
      migrateOnStart: true,
      catalogueCacheTtlMs: 30_000,
      rateLimitPerMinute: 600,
      authRateLimitPerMinute: 10,
      trustProxy: false,
      outboxPollMs: 1000,
      metricsToken: undefined,
      allowedOrigins: ['http://localhost:5173'],
    });
    expect(config.jwtSecret).toBe(SECRET);
  });

  it('coerces numbers, booleans, lists and paths, and treats blank values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://vetted.example.com',
      DATABASE_URL: 'postgresql://u:p@db.internal:5432/vetted',
      REDIS_URL: '',
      SEED_ON_START: 'false',
      MIGRATE_ON_START: 'false',
      OUTBOX_POLL_MS: '0',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
      DATA_DIR: 'var/state',
      // Given, so loading writes no generated key pair into that folder.
      VAPID_PUBLIC_KEY: GIVEN_VAPID.publicKey,
      VAPID_PRIVATE_KEY: GIVEN_VAPID.privateKey,
      METRICS_TOKEN: 'm'.repeat(32),
      ALLOWED_ORIGINS: ' https://admin.example.com/ ,http://localhost:4000',
      JWT_SECRET: 'x'.repeat(32),
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://vetted.example.com',
      databaseUrl: 'postgresql://u:p@db.internal:5432/vetted',
      redisUrl: undefined,
      seedOnStart: false,
      migrateOnStart: false,
      outboxPollMs: 0,
      trustProxy: '10.0.0.0/8,127.0.0.1',
      dataDir: resolve(root, 'var/state'),
      uploadDir: resolve(root, 'var/state/uploads'),
      metricsToken: 'm'.repeat(32),
      allowedOrigins: ['https://admin.example.com', 'http://localhost:4000'],
    });
    expect(new TextDecoder().decode(config.jwtSecret)).toBe('x'.repeat(32));
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    // In production the Vite dev origin is not allowed unless listed.
    expect(load({ ...PRODUCTION, NODE_ENV: 'production' }).allowedOrigins).toEqual([]);
  });

  it('lets overrides win over the environment', () => {
    expect(loadConfig({ PORT: '4000' }, { port: 5000, jwtSecret: SECRET }).port).toBe(5000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT', 'must be a whole number (got "abc")'],
    [{ PORT: '70000' }, 'PORT', 'must be at most 65535'],
    [{ JWT_SECRET: '0123456789' }, 'JWT_SECRET', 'must be at least 32 bytes long'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER', 'must be sandbox or stripe'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'must be one of fatal, error'],
    [{ SEED_ON_START: 'maybe' }, 'SEED_ON_START', 'must be true or false'],
    [{ MIGRATE_ON_START: 'yes please' }, 'MIGRATE_ON_START', 'must be true or false'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'RATE_LIMIT_PER_MINUTE', 'must be at least 1'],
    [{ OUTBOX_POLL_MS: '1.5' }, 'OUTBOX_POLL_MS', 'must be a whole number'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL', 'postgres:// or postgresql://'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL', 'redis:// or rediss://'],
    [{ PUBLIC_URL: 'vetted.example.com' }, 'PUBLIC_URL', 'http:// or https://'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN', 'at least 16 characters'],
    [{ ALLOWED_ORIGINS: 'https://ok.test,nope' }, 'ALLOWED_ORIGINS', 'entry 2 must be a URL'],
  ])('refuses %j naming %s', (env, variable, message) => {
    const err = configError(env);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err?.problems).toHaveLength(1);
    expect(err?.problems[0]?.variable).toBe(variable);
    expect(err?.problems[0]?.message).toContain(message);
    expect(err?.message).toContain(`  ${variable}: `);
  });

  it('reports every bad variable at once and never echoes a secret', () => {
    const err = configError({ PORT: '-1', JWT_SECRET: 'hunter2-hunter2', LOG_LEVEL: 'x' });
    expect(err?.problems.map((p) => p.variable).sort()).toEqual([
      'JWT_SECRET',
      'LOG_LEVEL',
      'PORT',
    ]);
    expect(err?.message).not.toContain('hunter2');
  });
});

describe('production guardrails', () => {
  it.each(['DATABASE_URL', 'JWT_SECRET'])('refuses NODE_ENV=production without %s', (variable) => {
    const env: Record<string, string> = { ...PRODUCTION, NODE_ENV: 'production' };
    delete env[variable];
    const err = configError(env);
    expect(err?.problems.map((p) => p.variable)).toEqual([variable]);
    expect(err?.message).toContain(`  ${variable}: is required with NODE_ENV=production`);
  });

  it('requires neither outside production', () => {
    expect(() => load({})).not.toThrow();
    expect(() => load({ NODE_ENV: 'development' })).not.toThrow();
  });

  it('warns about each multi-instance variable left unset, and only in production', () => {
    const production = { ...PRODUCTION, NODE_ENV: 'production' };
    expect(productionWarnings(production).map((w) => w.variable)).toEqual([
      'REDIS_URL',
      'S3_BUCKET',
      'SMTP_URL',
      'PUBLIC_URL',
      'TRUST_PROXY',
    ]);
    expect(
      productionWarnings({
        ...production,
        REDIS_URL: 'redis://cache:6379',
        S3_BUCKET: 'vetted-media',
        SMTP_URL: 'smtp://mail:25',
        PUBLIC_URL: 'https://vetted.example.com',
        // Set, even to false: the operator decided (no proxy in front).
        TRUST_PROXY: 'false',
      }),
    ).toEqual([]);
    expect(productionWarnings({ ...production, REDIS_URL: ' ' }).map((w) => w.variable)).toContain(
      'REDIS_URL',
    );
    expect(productionWarnings({})).toEqual([]);
  });
});

describe('.env.example', () => {
  const text = readFileSync(join(root, '.env.example'), 'utf8');
  const active = parseDotenv(text);
  const commented = [...text.matchAll(/^#\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string);

  it('lists every variable of the schema, and only those', () => {
    const documented = new Set([...Object.keys(active), ...commented]);
    expect([...documented].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('parses as a valid configuration', () => {
    expect(() => loadConfig(active, { jwtSecret: SECRET })).not.toThrow();
  });
});

/** Runs `tsx src/server.ts` with `env` (plus PATH), resolving with its exit code and output. */
function runServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vetted-config-'));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(
      join(root, 'apps/api/node_modules/.bin/tsx'),
      [join(root, 'apps/api/src/server.ts')],
      {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // A server that starts instead of exiting would hang the test: stop it, and fail below.
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.on('error', fail);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe('server start with a bad value', () => {
  it.each([
    [{ PORT: 'abc' }, /PORT: must be a whole number \(got "abc"\)/],
    [{ JWT_SECRET: '0123456789' }, /JWT_SECRET: must be at least 32 bytes long/],
  ])(
    'exits non-zero on %j with a message naming the variable',
    async (env, message) => {
      const { code, stdout, stderr } = await runServer(env);
      expect(code).toBe(1);
      expect(stderr).toMatch(/^Invalid configuration \(see \.env\.example\):/);
      expect(stderr).toMatch(message);
      // No stack trace for a configuration mistake, and nothing started.
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stdout).not.toContain('Vetted is running');
    },
    120_000,
  );
});
