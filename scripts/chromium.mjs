// One place for how every browser test launches Chromium: the e2e config, the Storybook
// test-runner and the packed-@vetted/ui test. Playwright's own browser download is not possible
// on these machines; scripts/find-chromium.mjs finds CHROMIUM_PATH, a system Chromium or Chrome,
// or the headless Chromium inside the @sparticuz/chromium npm package, in that order.
import { findChromium } from './find-chromium.mjs';

/** The browser every test launches, and where it came from (resolved once per process). */
export const chromium = await findChromium();

/** Path of the Chromium binary. */
export const chromiumPath = chromium.path;

/** Flags: headless as root, and no calls out (the machines have no network but the registries). */
export const chromiumArgs = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Launch options for Playwright / jest-playwright. `env` adds the browser's own variables (the
 * packaged Chromium's fonts) to the environment.
 */
export const chromiumLaunchOptions = {
  executablePath: chromium.path,
  args: chromiumArgs,
  ...(Object.keys(chromium.env).length > 0 ? { env: { ...process.env, ...chromium.env } } : {}),
};

/**
 * Browser-context options for every browser test: `prefers-reduced-motion: reduce`, so the
 * design system's animations (fades, zooms, slides; cut to ~0 in packages/ui preset.css) never
 * leave an element half-shown when a test looks at it. Playwright `use`, jest-playwright
 * `contextOptions`, `browser.newPage()`.
 */
export const chromiumContextOptions = { reducedMotion: 'reduce' };
