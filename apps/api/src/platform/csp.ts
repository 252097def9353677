import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/** Directives in @fastify/helmet's (helmet's) shape: camelCase names, lists of sources. */
export type CspDirectives = Record<string, string[]>;

/** `type` values of a `<script>` the browser executes (HTML §4.12.1.1), so CSP checks it. */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'importmap',
  'speculationrules',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE_ATTRIBUTE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const SRC_ATTRIBUTE = /\bsrc\s*=/i;

/**
 * The CSP source expressions (`'sha256-<base64>'`) of every inline script the browser would run
 * in `html` — e.g. the theme init script apps/web puts in its `<head>` before paint. Scripts
 * with `src` and data blocks (`type="application/ld+json"`) are skipped: CSP does not check them.
 * The hash covers the script's exact text, as CSP Level 3 §8.4 defines it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes);
    const value = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(value)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** {@link inlineScriptHashes} of the built SPA's `index.html` in `webDist`; none when not built. */
export function builtIndexScriptHashes(webDist: string): string[] {
  const file = join(webDist, 'index.html');
  return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
}

/**
 * Stripe.js sources, per Stripe's CSP guide (docs.stripe.com/security/guide#content-security-policy):
 * the script and its iframes (card fields, 3-D Secure via hooks.stripe.com), and its API.
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The Content-Security-Policy of every response, SPA and API alike:
 *
 * - scripts only from our origin plus the hashes of the SPA's inline scripts (`scriptHashes`,
 *   see {@link builtIndexScriptHashes}) — never `'unsafe-inline'` for scripts;
 * - styles from our origin plus `'unsafe-inline'`: sonner (toasts) and react-remove-scroll
 *   (Radix dialogs) insert `<style>` elements at run time, which a hash cannot cover;
 * - images from our origin, `data:` and `blob:` (previews of a chosen file), and the origin of
 *   `MEDIA_PUBLIC_URL` (the CDN of public media) when set;
 * - fetch and WebSocket to our origin (`'self'`, plus `ws:`/`wss:` of `config.publicUrl` for
 *   browsers that do not map `'self'` to WebSocket schemes);
 * - the service worker and the web app manifest from our origin (`worker-src`, `manifest-src`);
 * - never framed (`frame-ancestors 'none'`), no plugins, `<base>` and forms to our origin only;
 * - with `PAYMENT_PROVIDER=stripe`, Stripe.js: `https://js.stripe.com` in script-src and
 *   frame-src, `https://api.stripe.com` in connect-src.
 * - `upgrade-insecure-requests` when `config.publicUrl` is https.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'publicUrl' | 'paymentProvider' | 'mediaPublicUrl'>,
  scriptHashes: readonly string[],
): CspDirectives {
  const stripe = config.paymentProvider === 'stripe';
  const publicUrl = new URL(config.publicUrl);
  const socketOrigin = `${publicUrl.protocol === 'https:' ? 'wss:' : 'ws:'}//${publicUrl.host}`;
  const directives: CspDirectives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes, ...(stripe ? STRIPE.script : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [
      "'self'",
      'data:',
      'blob:',
      ...(config.mediaPublicUrl ? [new URL(config.mediaPublicUrl).origin] : []),
    ],
    fontSrc: ["'self'"],
    // The service worker (`/sw.js`, Web Push) and the web app manifest: our origin only.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    connectSrc: ["'self'", socketOrigin, ...(stripe ? STRIPE.connect : [])],
    frameSrc: stripe ? STRIPE.frame : ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
  };
  if (publicUrl.protocol === 'https:') directives.upgradeInsecureRequests = [];
  return directives;
}
