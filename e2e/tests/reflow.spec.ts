import { expect, test } from '@playwright/test';
import { ContextPool, openRoute, routePatterns } from './support/app-routes';

/**
 * WCAG 2.2 SC 1.4.10 Reflow: every route of spec §2, opened as its demo account, at 320 CSS px
 * wide shows all of its content without scrolling sideways (a table may scroll inside its own
 * region; the page itself may not). Light theme: the layout is the same in dark.
 */

/** The narrowest width Reflow asks for (CSS px). */
const REFLOW_WIDTH = 320;

let pool: ContextPool;

test.beforeAll(async ({ playwright }) => {
  pool = await ContextPool.open(playwright);
});

test.afterAll(async () => {
  await pool?.close();
});

for (const [name, pattern] of routePatterns()) {
  test(`reflow: ${pattern} at ${REFLOW_WIDTH}px`, async ({ browser }) => {
    const route = pool.route(name);
    const page = await pool.page(browser, route, 'light', REFLOW_WIDTH);
    try {
      await openRoute(page, route, 'light');
      const overflow = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        // The elements sticking out past the right edge, for the message.
        const out = [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((el) => el.getBoundingClientRect().right > width + 0.5)
          .filter(
            (el) =>
              !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 0.5,
          )
          .slice(0, 5)
          .map(
            (el) =>
              `${el.tagName.toLowerCase()}${el.dataset.slot ? `[data-slot=${el.dataset.slot}]` : ''}.${[...el.classList].slice(0, 4).join('.')} (right ${Math.round(el.getBoundingClientRect().right)})`,
          );
        return { scrollWidth: document.documentElement.scrollWidth, width, out };
      });
      expect(
        overflow.scrollWidth,
        `sideways scroll on ${route.url}: ${overflow.out.join('; ')}`,
      ).toBeLessThanOrEqual(overflow.width);
    } finally {
      await page.close();
    }
  });
}
