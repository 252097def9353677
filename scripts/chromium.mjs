// One place for how every browser test launches Debian's Chromium (RECIPES.md): Playwright's
// own browser download is not possible on these machines. Used by the e2e config, the
// Storybook test-runner and the packed-@vetted/ui test.

/** Path of the Chromium binary; `CHROMIUM_PATH` overrides the Debian default. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/** Launch options for Playwright / jest-playwright. */
export const chromiumLaunchOptions = { executablePath: chromiumPath, args: chromiumArgs };

/**
 * Browser-context options for every browser test: `prefers-reduced-motion: reduce`, so the
 * design system's animations (fades, zooms, slides; cut to ~0 in packages/ui preset.css) never
 * leave an element half-shown when a test looks at it. Playwright `use`, jest-playwright
 * `contextOptions`, `browser.newPage()`.
 */
export const chromiumContextOptions = { reducedMotion: 'reduce' };
