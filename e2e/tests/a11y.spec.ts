import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ContextPool, openRoute, routePatterns, type Theme, WIDTHS } from './support/app-routes';

/**
 * axe on every route of spec §2 (`ROUTES` of @vetted/session), opened as the route's demo
 * account, in light and dark at 1280 and 390 px: zero WCAG 2.2 A/AA violations.
 * What axe cannot see (focus indicators, focus obscured) is e2e/tests/focus.spec.ts. Each page is
 * also saved as a screenshot (e2e/artifacts/screenshots/routes/<route>.<theme>.<width>.png) for
 * people to look at.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const THEMES: Theme[] = ['light', 'dark'];

let pool: ContextPool;

test.beforeAll(async ({ playwright }) => {
  pool = await ContextPool.open(playwright);
});

test.afterAll(async () => {
  await pool?.close();
});

for (const theme of THEMES) {
  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    for (const [name, pattern] of routePatterns()) {
      test(`axe: ${pattern} in ${theme} at ${width}px`, async ({ browser }) => {
        const route = pool.route(name);
        const page = await pool.page(browser, route, theme, width);
        try {
          await openRoute(page, route, theme);
          // What axe judged, to look at (not compared): artifacts/screenshots/routes/.
          await page.screenshot({
            path: `artifacts/screenshots/routes/${name}.${theme}.${width}.png`,
          });
          const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
          const found = violations.flatMap((v) =>
            v.nodes.map((n) => `${v.id} [${v.impact}] ${n.target.join(' ')}: ${v.help}`),
          );
          expect(found, `axe violations on ${route.url}`).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  }
}
