import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { findChromium } from '../../scripts/find-chromium.mjs';

/**
 * The browser resolver every browser test launches through (scripts/find-chromium.mjs): CHROMIUM_PATH, else a system Chromium/Chrome, else the Chromium inside the
 * @sparticuz/chromium package; a candidate counts only if it is an executable file. Candidates
 * here are files in a temp folder; `.ci/run` also runs a real browser test with only the packaged
 * source allowed.
 */

let dir: string;
let calls: number;

test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vetted-resolver-'));
  calls = 0;
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A file in the temp folder, executable or not. */
function file(name: string, executable: boolean): string {
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, executable ? 0o755 : 0o644);
  return path;
}

/** A stand-in for the package's extraction that records that it ran. */
function packaged(path: string) {
  return async () => {
    calls++;
    return path;
  };
}

test('CHROMIUM_PATH comes first, and the package is not extracted', async () => {
  const own = file('my-chrome', true);
  const system = file('chromium', true);
  const found = await findChromium({
    env: { CHROMIUM_PATH: own },
    systemPaths: [system],
    extractPackaged: packaged(file('packaged', true)),
  });
  expect(found).toEqual({ path: own, source: 'CHROMIUM_PATH', env: {} });
  expect(calls).toBe(0);
});

test('a CHROMIUM_PATH that is not an executable file is passed over for the system one', async () => {
  const folder = join(dir, 'a-folder');
  mkdirSync(folder);
  const system = file('chromium', true);
  for (const bad of [folder, file('not-executable', false), join(dir, 'missing')]) {
    const found = await findChromium({ env: { CHROMIUM_PATH: bad }, systemPaths: [system] });
    expect(found).toEqual({ path: system, source: 'system', env: {} });
  }
});

test('the first executable system path wins, in order', async () => {
  const paths = [
    join(dir, 'missing'),
    file('chromium', false),
    file('chromium-browser', true),
    file('google-chrome', true),
  ];
  const found = await findChromium({
    env: {},
    systemPaths: paths,
    extractPackaged: packaged(file('packaged', true)),
  });
  expect(found.path).toBe(paths[2]);
  expect(found.source).toBe('system');
  expect(calls).toBe(0);
});

test('without a system browser, the packaged Chromium, with its own fonts', async () => {
  const exe = file('packaged', true);
  const found = await findChromium({
    env: {},
    systemPaths: [join(dir, 'missing'), file('chromium', false)],
    extractPackaged: packaged(exe),
  });
  expect(found).toEqual({
    path: exe,
    source: 'package',
    env: { FONTCONFIG_PATH: join(tmpdir(), 'fonts') },
  });
  expect(calls).toBe(1);
});

test('CHROMIUM_SOURCES=package hides CHROMIUM_PATH and the system browser', async () => {
  const exe = file('packaged', true);
  const found = await findChromium({
    env: { CHROMIUM_SOURCES: 'package', CHROMIUM_PATH: file('my-chrome', true) },
    systemPaths: [file('chromium', true)],
    extractPackaged: packaged(exe),
  });
  expect(found.source).toBe('package');
  expect(found.path).toBe(exe);
});

test('no source yields a browser: the error names everything tried', async () => {
  const notExe = file('packaged', false);
  await expect(
    findChromium({
      env: { CHROMIUM_PATH: join(dir, 'missing') },
      systemPaths: [join(dir, 'chromium')],
      extractPackaged: packaged(notExe),
    }),
  ).rejects.toThrow(
    `No Chromium for the browser tests. Tried: CHROMIUM_PATH=${join(dir, 'missing')} (not an executable file); system: none of ${join(dir, 'chromium')}; @sparticuz/chromium: ${notExe} is not an executable file`,
  );
  await expect(
    findChromium({
      env: { CHROMIUM_SOURCES: 'package' },
      extractPackaged: async () => {
        throw new Error('unsupported platform');
      },
    }),
  ).rejects.toThrow('Tried: @sparticuz/chromium: unsupported platform');
});

test('an unknown CHROMIUM_SOURCES entry is refused', async () => {
  await expect(findChromium({ env: { CHROMIUM_SOURCES: 'system,firefox' } })).rejects.toThrow(
    'CHROMIUM_SOURCES: unknown source firefox (use CHROMIUM_PATH, system, package)',
  );
});

test('the packaged Chromium extracts, launches and renders a page', async ({ playwright }) => {
  const found = await findChromium({ env: { CHROMIUM_SOURCES: 'package' } });
  expect(found.source).toBe('package');
  const browser = await playwright.chromium.launch({
    executablePath: found.path,
    args: ['--no-sandbox', '--headless', '--disable-gpu'],
    env: { ...process.env, ...found.env },
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<h1 style="color: rgb(19, 95, 225)">Vetted</h1>');
    await expect(page.getByRole('heading', { name: 'Vetted' })).toHaveCSS(
      'color',
      'rgb(19, 95, 225)',
    );
  } finally {
    await browser.close();
  }
});
