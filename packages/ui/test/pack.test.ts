/**
 * Packaging smoke test: what `pnpm pack` ships must work in a fresh app outside the workspace.
 *
 * 1. builds (turbo, cached) and packs the four published packages — @vetted/ui, contract,
 *    api-client and session (publishConfig exports → dist; `workspace:` ranges become versions);
 * 2. installs the tarballs + react + vite + zod (the contract's peer) into a temp Vite app (npm,
 *    from its cache first, then the registry);
 * 3. builds the app, which imports `@vetted/ui`, `@vetted/ui/button` and `@vetted/ui/styles.css`,
 *    and books a slot with `@vetted/api-client`, a body parsed by `@vetted/contract` and the
 *    access token read back from a `@vetted/session` cookie;
 * 4. renders it in Chromium (scripts/find-chromium.mjs: CHROMIUM_PATH, system, packaged) and checks Button styles
 *    (spec §9: #135FE1, 52px radius), the Dialog and a toast, and a booking through the stub
 *    `POST /v1/orders` the test's server answers.
 *
 * Slow (network install): run with `pnpm --filter @vetted/ui test:pack`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumContextOptions, chromiumLaunchOptions } from '../../../scripts/chromium.mjs';

const pkgDir = resolve(import.meta.dirname, '..');
const uiPkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
/** The published packages, packed and installed together. */
const PACKAGES = ['ui', 'contract', 'api-client', 'session'];
const contractPkg = JSON.parse(readFileSync(join(pkgDir, '../contract/package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
};

/** A service the stub books, and what its `POST /v1/orders` received. */
const SERVICE_ID = '3f1e2d4c-5b6a-4c7d-8e9f-0a1b2c3d4e5f';
const ORDER_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const booked: { headers: Record<string, string | string[] | undefined>; body: unknown }[] = [];

let appDir = '';
let server: Server | undefined;
let url = '';

const APP_JS = `
import React from 'react';
import { createRoot } from 'react-dom/client';
import {
  Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger, Toaster, toast,
} from '@vetted/ui';
import { Button } from '@vetted/ui/button';
import '@vetted/ui/styles.css';
import { createClient, createVettedApi } from '@vetted/api-client';
import { createOrderBodySchema } from '@vetted/contract';
import { buildLink, parseSessionCookie, serializeSessionCookie } from '@vetted/session';

// A session as the app keeps it (a cookie), read back for the access token.
const cookie = serializeSessionCookie({
  accessToken: 'stub-access',
  refreshToken: 'stub-refresh',
  expiresIn: new Date(Date.now() + 3_600_000).toISOString(),
  role: 'customer',
}).split(';')[0];
const api = createVettedApi(
  createClient({ baseUrl: '/v1', getAccessToken: () => parseSessionCookie(cookie).accessToken }),
);

const h = React.createElement;
function Booking() {
  const [state, setState] = React.useState(null);
  async function book() {
    const body = createOrderBodySchema.parse({
      serviceId: '${SERVICE_ID}',
      startsAt: '2030-01-02T10:00:00.000Z',
      address: '  1 Main Street, Springfield  ',
    });
    try {
      const order = await api.orders.create(body, { idempotencyKey: 'pack-smoke-1' });
      setState({ id: order.id, href: buildLink('/orders/:id', { params: { id: order.id } }) });
    } catch (e) {
      setState({ error: String(e) });
    }
  }
  return h('section', null,
    h(Button, { onClick: book }, 'Book the slot'),
    state && (state.error
      ? h('p', { role: 'alert' }, state.error)
      : h('a', { id: 'booked', href: state.href }, 'Booked ' + state.id)));
}
function App() {
  return h('main', { className: 'p-6 flex gap-3' },
    h(Booking, null),
    h(Button, { id: 'primary' }, 'Book now'),
    h(Button, { variant: 'outline', onClick: () => toast.success('Saved from the tarball') }, 'Toast'),
    h(Dialog, null,
      h(DialogTrigger, { asChild: true }, h(Button, { variant: 'secondary' }, 'Open dialog')),
      h(DialogContent, null,
        h(DialogTitle, null, 'Packed dialog'),
        h(DialogDescription, null, 'Rendered from dist.'))),
    h(Toaster, null));
}
createRoot(document.getElementById('root')).render(h(App));
`;

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

beforeAll(async () => {
  // Through turbo: right after `pnpm test`'s own build of @vetted/ui this is a cache hit that
  // restores dist/ (no second tsup + d.ts run); after a source change it builds again.
  execFileSync(
    join(pkgDir, '../../node_modules/.bin/turbo'),
    ['run', 'build', ...PACKAGES.map((p) => `--filter=@vetted/${p}`), '--output-logs=errors-only'],
    { cwd: pkgDir, stdio: 'inherit' },
  );
  appDir = mkdtempSync(join(tmpdir(), 'vetted-ui-pack-'));
  const tarballs: Record<string, string> = {};
  for (const name of PACKAGES) {
    execFileSync('pnpm', ['pack', '--pack-destination', appDir], {
      cwd: join(pkgDir, '..', name),
      stdio: 'inherit',
    });
    const tarball = readdirSync(appDir).find(
      (f) => f.startsWith(`vetted-${name}-`) && f.endsWith('.tgz'),
    );
    if (!tarball) throw new Error(`pnpm pack of @vetted/${name} produced no tarball`);
    tarballs[`@vetted/${name}`] = `file:./${tarball}`;
  }

  writeFileSync(
    join(appDir, 'package.json'),
    JSON.stringify({
      name: 'pack-smoke',
      private: true,
      type: 'module',
      dependencies: {
        ...tarballs,
        react: uiPkg.devDependencies.react,
        'react-dom': uiPkg.devDependencies['react-dom'],
        vite: '^8.0.0',
        zod: contractPkg.peerDependencies.zod,
      },
    }),
  );
  writeFileSync(
    join(appDir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pack</title></head><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
  writeFileSync(join(appDir, 'main.js'), APP_JS);
  // --prefer-offline: package data already in npm's cache is not fetched again.
  execFileSync(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    {
      cwd: appDir,
      stdio: 'inherit',
    },
  );
  execFileSync(join(appDir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: appDir,
    stdio: 'inherit',
  });

  const dist = join(appDir, 'dist');
  server = createServer(async (req, res) => {
    if (req.method === 'POST' && req.url === '/v1/orders') {
      // The stub API: records what the packed client sent and answers as the API does.
      let raw = '';
      for await (const chunk of req) raw += chunk;
      booked.push({ headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, data: { id: ORDER_ID, status: 'pending' } }));
      return;
    }
    const path = req.url === '/' ? '/index.html' : (req.url ?? '/');
    try {
      const body = await readFile(join(dist, path));
      res.writeHead(200, { 'content-type': MIME[extname(path)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
}, 600_000);

afterAll(() => {
  server?.close();
  if (appDir) rmSync(appDir, { recursive: true, force: true });
});

describe('packed @vetted/ui, contract, api-client and session', () => {
  it('renders Button, Dialog and a toast with the shipped CSS', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      // Reduced motion: the dialog and toast are checked settled, not mid-animation.
      const page = await browser.newPage(chromiumContextOptions);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url);
      const button = page.locator('#primary');
      await button.waitFor();
      const style = await button.evaluate((el) => {
        const cs = getComputedStyle(el);
        return { bg: cs.backgroundColor, radius: cs.borderTopLeftRadius, px: cs.paddingLeft };
      });
      expect(style.bg).toBe('rgb(19, 95, 225)');
      expect(style.radius).toBe('52px');
      expect(style.px).toBe('20px');

      await page.getByRole('button', { name: 'Open dialog' }).click();
      // Wait on states (Playwright's locator waits), never on time: open, then closed again.
      const dialog = page.getByRole('dialog', { name: 'Packed dialog' });
      await dialog.waitFor({ state: 'visible' });
      await expect(dialog.getAttribute('data-state')).resolves.toBe('open');
      const radius = await dialog.evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
      expect(radius).toBe('18px');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Toast' }).click();
      await page.getByText('Saved from the tarball').waitFor({ state: 'visible' });
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('books a slot through the stub API with the packed client, contract and session', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage(chromiumContextOptions);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url);
      await page.getByRole('button', { name: 'Book the slot' }).click();
      const link = page.locator('#booked');
      await link.waitFor({ state: 'visible' });
      expect(await link.textContent()).toBe(`Booked ${ORDER_ID}`);
      expect(await link.getAttribute('href')).toBe(`/orders/${ORDER_ID}`);
      expect(booked).toHaveLength(1);
      // The contract's schema trimmed the address; the client sent the key and the token.
      expect(booked[0]?.body).toEqual({
        serviceId: SERVICE_ID,
        startsAt: '2030-01-02T10:00:00.000Z',
        address: '1 Main Street, Springfield',
      });
      expect(booked[0]?.headers['idempotency-key']).toBe('pack-smoke-1');
      expect(booked[0]?.headers.authorization).toBe('Bearer stub-access');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
