import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from '../src/platform/csp';
import { createTestContext, type TestContext } from './helpers';

// sha256 of each script body below, computed once with
// `printf '%s' '<body>' | openssl dgst -sha256 -binary | base64`.
const THEME_SCRIPT = "document.documentElement.dataset.theme='dark';";
const THEME_HASH = "'sha256-IL7rwv2VOjU6vInkRwJTvFERJLVY80azmQFKaT/moJg='";
const MODULE_SCRIPT = "\n      (() => { document.title = 'x'; })();\n    ";
const MODULE_HASH = "'sha256-vUrfzKimwZwqeDWorbif2RL+J30wKWrgRfV2ZoqlryI='";

const INDEX = `<!doctype html><html><head>
<script>${THEME_SCRIPT}</script>
<script type="application/ld+json">{"@type":"WebSite"}</script>
<script type="module" crossorigin src="/assets/index.js"></script>
<script type=module>${MODULE_SCRIPT}</script>
</head><body><div id="root"></div></body></html>`;

/** The policy the app must send with the fixture SPA and the default PUBLIC_URL, directive by directive. */
const EXPECTED = [
  "default-src 'self'",
  `script-src 'self' ${THEME_HASH} ${MODULE_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "connect-src 'self' ws://localhost:3000",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join(';');

/** Parses a CSP header into `{ directive: [sources] }`. */
function parseCsp(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

let ctx: TestContext;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'vetted-csp-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, 'assets', 'index.js'), 'console.log(1);\n');
  ctx = await createTestContext({ webDist, publicUrl: 'http://localhost:3000' });
});
afterAll(async () => ctx?.close());

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts a browser runs, not data blocks or external scripts', () => {
    expect(inlineScriptHashes(INDEX)).toEqual([THEME_HASH, MODULE_HASH]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });
});

describe('Content-Security-Policy', () => {
  it('is sent on the SPA with the hash of its inline scripts and no unsafe-inline for scripts', async () => {
    for (const url of ['/', '/about', '/auth/login']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(EXPECTED);
    }
  });

  it('is sent on API answers, errors and static files too', async () => {
    for (const url of ['/v1/health', '/v1/categories', '/v1/nope', '/assets/index.js']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(EXPECTED);
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/v1/auth/login', payload: {} });
    expect(post.statusCode).toBe(400);
    expect(post.headers['content-security-policy']).toBe(EXPECTED);
  });

  it('forbids framing in legacy browsers as well', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows Stripe.js and its API only with PAYMENT_PROVIDER=stripe', () => {
    const sandbox = contentSecurityPolicy(
      { publicUrl: 'https://vetted.example.com', paymentProvider: 'sandbox' },
      [THEME_HASH],
    );
    expect(JSON.stringify(sandbox)).not.toContain('stripe');
    expect(sandbox.connectSrc).toEqual(["'self'", 'wss://vetted.example.com']);
    expect(sandbox.upgradeInsecureRequests).toEqual([]);

    const stripe = contentSecurityPolicy(
      { publicUrl: 'https://vetted.example.com', paymentProvider: 'stripe' },
      [THEME_HASH],
    );
    expect(stripe.scriptSrc).toEqual([
      "'self'",
      THEME_HASH,
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(stripe.frameSrc).toContain('https://js.stripe.com');
    expect(stripe.connectSrc).toContain('https://api.stripe.com');
    expect(stripe.frameAncestors).toEqual(["'none'"]);
    for (const sources of Object.values(stripe)) {
      expect(sources).not.toContain("'unsafe-eval'");
    }
    expect(stripe.scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('parses into the directives the issue asks for', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']?.[0]).toBe("'self'");
  });
});
