import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { checkFocusVisibility } from '../../.storybook/focus-check';
import { ContextPool, openRoute, routePatterns, type Theme, WIDTHS } from './support/app-routes';

/**
 * Keyboard focus on every route of spec §2, in light and dark:
 * - the first Tab stop is a "Skip to content" link, and following it focuses `<main id="main">`
 *   (every layout has one);
 * - Tabbing through the whole page, every stop shows a focus indicator whose pixels change by at
 *   least 3:1 over at least the element's perimeter, and no fixed or sticky layer (the top bar,
 *   the mobile bottom nav) covers part of the focused element (.storybook/focus-check.ts);
 * - first, that the check itself fails a stop with no ring, a faint ring, an underline only, or
 *   one partly under a fixed bar, on a page of its own.
 *
 * Widths: every route at 390 px, the phone layout: that is where focus can be obscured (the
 * fixed bottom nav, the sticky header over a scrolled page, WCAG 2.4.11) and where cards stack
 * full width. One route per layout at 1280 px adds the chrome only the desktop shows (header
 * links, the side nav); the Storybook focus check covers every component and screen at 1280 px
 * too. Measurements go to e2e/artifacts/focus/.
 */

const THEMES: Theme[] = ['light', 'dark'];
const REPORT_DIR = join(import.meta.dirname, '..', 'artifacts', 'focus');

let pool: ContextPool;

test.beforeAll(async ({ playwright }) => {
  pool = await ContextPool.open(playwright);
  mkdirSync(REPORT_DIR, { recursive: true });
});

test.afterAll(async () => {
  await pool?.close();
});

/** Unfocuses everything and puts the Tab starting point at the top of the document. */
async function focusTop(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus({ preventScroll: true });
    start.remove();
  });
}

test('the focus check fails a stop without a ring, with a faint or small one, or a covered one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 400, height: 300 });
  await page.setContent(`
    <style>
      body { margin: 0; font: 16px sans-serif; background: #fff; }
      a { display: inline-block; margin: 12px; color: #333; outline: none; text-decoration: none; }
      #ring:focus-visible { box-shadow: 0 0 0 2px #135fe1; }
      #faint:focus-visible { box-shadow: 0 0 0 2px #e8e8e8; }
      #underline:focus-visible { text-decoration: underline; }
      #covered { position: absolute; top: 252px; left: 0; margin: 0 12px; }
      #covered:focus-visible { box-shadow: 0 0 0 2px #135fe1; }
      nav { position: fixed; bottom: 0; left: 0; right: 0; height: 32px; background: #eee; }
    </style>
    <a id="ring" href="#a">Ring</a><a id="none" href="#b">No ring</a>
    <a id="faint" href="#c">Faint</a><a id="underline" href="#d">Underline</a>
    <a id="covered" href="#e">Covered</a><nav></nav>`);
  const report = await checkFocusVisibility(page);
  expect(report.stops.map((s) => s.selector)).toEqual([
    '#ring ("Ring")',
    '#none ("No ring")',
    '#faint ("Faint")',
    '#underline ("Underline")',
    '#covered ("Covered")',
  ]);
  expect(report.failures).toEqual([
    '#none ("No ring"): focus changes no pixel',
    expect.stringMatching(/^#faint \("Faint"\): focus indicator too faint or small: 0 px/),
    expect.stringMatching(/^#underline \("Underline"\): focus indicator too faint or small/),
    '#covered ("Covered"): partly covered by nav',
  ]);
});

/**
 * Every route at the phone width; one route per layout (public, auth, user, vendor, admin,
 * dummy) at the desktop width too, for the chrome only the desktop shows (header links, the
 * side nav).
 */
const DESKTOP_ROUTES = new Set([
  'home',
  'login',
  'user.home',
  'vendor.home',
  'admin.home',
  'notFound',
]);
const RUNS = THEMES.flatMap((theme) => [
  ...routePatterns().map(([name, pattern]) => ({ theme, name, pattern, width: WIDTHS.mobile })),
  ...routePatterns()
    .filter(([name]) => DESKTOP_ROUTES.has(name))
    .map(([name, pattern]) => ({ theme, name, pattern, width: WIDTHS.desktop })),
]);

for (const { theme, name, pattern, width } of RUNS) {
  test(`focus: ${pattern} in ${theme} at ${width}px`, async ({ browser }) => {
    const route = pool.route(name);
    const page = await pool.page(browser, route, theme, width);
    try {
      await openRoute(page, route, theme);

      await focusTop(page);
      await page.keyboard.press('Tab');
      const skip = page.locator(':focus');
      await expect(skip, 'the first Tab stop is the skip link').toHaveAttribute('href', '#main');
      await expect(skip).toHaveText('Skip to content');
      await page.keyboard.press('Enter');
      await expect(page.locator(':focus')).toHaveAttribute('id', 'main');

      await focusTop(page);
      const report = await checkFocusVisibility(page);
      writeFileSync(
        join(REPORT_DIR, `${theme}-${width}-${name}.json`),
        JSON.stringify({ url: route.url, theme, width, ...report }, null, 1),
      );
      expect(report.stops.length, 'Tab stops found').toBeGreaterThan(1);
      expect(report.failures, `focus indicators on ${route.url}`).toEqual([]);
    } finally {
      await page.close();
    }
  });
}
