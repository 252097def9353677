// Finds a Chromium for the browser tests: the e2e (Playwright), the Storybook
// test-runner and the packed-@vetted/ui test all launch the one this returns (scripts/chromium.mjs).
import { accessSync, constants, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a system Chromium or Chrome is looked for, in this order (Debian, Ubuntu, Chrome). */
export const SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
];

/** The sources, in the order they are tried. */
export const CHROMIUM_SOURCES = ['CHROMIUM_PATH', 'system', 'package'];

/**
 * True when `path` is an executable regular file (a directory, a dangling link or a file without
 * the execute bit is no browser).
 * @param {string} path
 */
export function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Extracts the headless Chromium shipped inside the `@sparticuz/chromium` npm package (brotli
 * archives in the package; no download) and returns its path. The package extracts to
 * `<tmpdir>/chromium` once and reuses it; a lock file around the call keeps two test processes
 * from extracting at the same time (the second would find a half-written binary). Linux x64 only.
 * @returns {Promise<string>}
 */
export async function extractPackagedChromium() {
  const [{ default: packaged }, { default: lockfile }] = await Promise.all([
    import('@sparticuz/chromium'),
    import('proper-lockfile'),
  ]);
  const release = await lockfile.lock(tmpdir(), {
    lockfilePath: join(tmpdir(), 'vetted-chromium-extract.lock'),
    // Extraction takes ~4 s idle; wait up to ~2 min on a busy machine.
    retries: { retries: 120, minTimeout: 250, maxTimeout: 1000 },
    stale: 120_000,
  });
  try {
    return await packaged.executablePath();
  } finally {
    await release();
  }
}

/**
 * @typedef {object} FoundChromium
 * @property {string} path Executable to launch.
 * @property {'CHROMIUM_PATH' | 'system' | 'package'} source Where it was found.
 * @property {Record<string, string>} env Extra environment for the browser process: the packaged
 *   Chromium renders with the fonts it ships (`FONTCONFIG_PATH`), whatever the machine has, so its
 *   screenshots are the same on every machine.
 */

/**
 * Finds the browser: `CHROMIUM_PATH`, else the first system Chromium/Chrome of `systemPaths`,
 * else the Chromium inside the `@sparticuz/chromium` package. A candidate counts only if it is an
 * executable file. `CHROMIUM_SOURCES` (comma-separated subset of `CHROMIUM_PATH,system,package`)
 * limits the sources tried, e.g. `CHROMIUM_SOURCES=package` proves the fallback on a machine that
 * has a system Chromium.
 *
 * @param {object} [options]
 * @param {Record<string, string | undefined>} [options.env] Environment read (default `process.env`).
 * @param {string[]} [options.systemPaths] System locations tried (default {@link SYSTEM_CHROMIUM_PATHS}).
 * @param {() => Promise<string>} [options.extractPackaged] Returns the packaged Chromium's path
 *   (default {@link extractPackagedChromium}).
 * @returns {Promise<FoundChromium>}
 * @throws {Error} when no source yields an executable, naming what was tried; or when
 *   `CHROMIUM_SOURCES` names an unknown source.
 */
export async function findChromium(options = {}) {
  const env = options.env ?? process.env;
  const systemPaths = options.systemPaths ?? SYSTEM_CHROMIUM_PATHS;
  const extractPackaged = options.extractPackaged ?? extractPackagedChromium;
  const allowed = (env.CHROMIUM_SOURCES ?? '').trim()
    ? env.CHROMIUM_SOURCES.split(',').map((s) => s.trim())
    : CHROMIUM_SOURCES;
  const unknown = allowed.filter((s) => !CHROMIUM_SOURCES.includes(s));
  if (unknown.length > 0) {
    throw new Error(
      `CHROMIUM_SOURCES: unknown source ${unknown.join(', ')} (use ${CHROMIUM_SOURCES.join(', ')})`,
    );
  }
  const tried = [];

  if (allowed.includes('CHROMIUM_PATH') && env.CHROMIUM_PATH) {
    if (isExecutableFile(env.CHROMIUM_PATH)) {
      return { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH', env: {} };
    }
    tried.push(`CHROMIUM_PATH=${env.CHROMIUM_PATH} (not an executable file)`);
  }
  if (allowed.includes('system')) {
    const found = systemPaths.find(isExecutableFile);
    if (found) return { path: found, source: 'system', env: {} };
    tried.push(`system: none of ${systemPaths.join(', ')}`);
  }
  if (allowed.includes('package')) {
    try {
      const path = await extractPackaged();
      if (isExecutableFile(path)) {
        return { path, source: 'package', env: { FONTCONFIG_PATH: join(tmpdir(), 'fonts') } };
      }
      tried.push(`@sparticuz/chromium: ${path} is not an executable file`);
    } catch (error) {
      tried.push(`@sparticuz/chromium: ${error instanceof Error ? error.message : error}`);
    }
  }
  throw new Error(`No Chromium for the browser tests. Tried: ${tried.join('; ')}`);
}
