/**
 * Packaging smoke test: what `pnpm pack` ships must work in a fresh app outside the workspace.
 *
 * 1. builds (turbo, cached) and packs @vetted/ui (publishConfig exports → dist);
 * 2. installs the tarball + react + vite into a temp Vite app (npm, from the registry);
 * 3. builds the app, which imports `@vetted/ui`, `@vetted/ui/button` and `@vetted/ui/styles.css`;
 * 4. renders it in Chromium (scripts/find-chromium.mjs: CHROMIUM_PATH, system, packaged) and checks Button styles
 *    (spec §9: #135FE1, 52px radius), the Dialog and a toast.
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

const h = React.createElement;
function App() {
  return h('main', { className: 'p-6 flex gap-3' },
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
    ['run', 'build', '--filter=@vetted/ui', '--output-logs=errors-only'],
    { cwd: pkgDir, stdio: 'inherit' },
  );
  appDir = mkdtempSync(join(tmpdir(), 'vetted-ui-pack-'));
  execFileSync('pnpm', ['pack', '--pack-destination', appDir], { cwd: pkgDir, stdio: 'inherit' });
  const tarball = readdirSync(appDir).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack produced no tarball');

  writeFileSync(
    join(appDir, 'package.json'),
    JSON.stringify({
      name: 'pack-smoke',
      private: true,
      type: 'module',
      dependencies: {
        '@vetted/ui': `file:./${tarball}`,
        react: uiPkg.devDependencies.react,
        'react-dom': uiPkg.devDependencies['react-dom'],
        vite: '^8.0.0',
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

describe('packed @vetted/ui', () => {
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
});
