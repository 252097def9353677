import { expect, test } from '@playwright/test';
import { hydrationErrors, keepParsedCard, sameParsedCard, watchErrors } from './support/hydration';

/**
 * `/search?q=…` arrives rendered by the server with its first page of results
 * (apps/api/src/platform/spa.ts): readable with JavaScript off, and hydrated without asking the
 * API for that page again — the data came in the HTML.
 */

const shots = 'artifacts/screenshots/search-ssr';
const QUERY = 'plumbing';

test('with JavaScript off, /search?q=plumbing shows its first results from the HTML alone', async ({
  browser,
  request,
}) => {
  // What the page's first render asks for (a signed-out visitor: page 1 of 12, no place).
  const api = await request.get(`/v1/vendors?q=${QUERY}&page=1&pageSize=12`);
  expect(api.ok()).toBe(true);
  const { items } = (await api.json()).data as { items: Array<{ businessName: string }> };
  expect(items.length).toBeGreaterThan(0);

  const context = await browser.newContext({ javaScriptEnabled: false, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const response = await page.goto(`/search?q=${QUERY}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${QUERY}”`);
  await expect(page.locator('[data-slot="vendor-card"]')).toHaveCount(items.length);
  for (const { businessName } of items.slice(0, 3)) {
    await expect(page.getByRole('heading', { level: 3, name: businessName }).first()).toBeVisible();
  }
  // The first card's picture (the largest paint on a phone) is asked for at once and first; every
  // other picture waits until it nears the screen.
  const loading = await page.locator('[data-slot="vendor-card"]').evaluateAll((cards) =>
    cards.map((card) => {
      const img = card.querySelector('img');
      return img && `${img.getAttribute('loading')}/${img.getAttribute('fetchpriority')}`;
    }),
  );
  expect(loading[0]).toBe('eager/high');
  const others = loading.slice(1).filter((l) => l !== null);
  expect(others.length).toBeGreaterThan(0);
  expect(new Set(others)).toEqual(new Set(['lazy/null']));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/no-js-light-${width}.png`, fullPage: true });
  }
  await context.close();
});

test('before any module script, in dark theme, the results show at 375 and 1280 px', async ({
  page,
}) => {
  // The inline theme script runs (it sets the stored theme); the app's modules never load.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  await page.goto(`/search?q=${QUERY}`);
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await expect(page.locator('[data-slot="vendor-card"]').first()).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/no-modules-dark-${width}.png`, fullPage: true });
  }
});

test('with JavaScript on, the page hydrates without asking /v1/vendors for its first page', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const vendorRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/v1/vendors') vendorRequests.push(r.url());
  });
  await page.goto(`/search?q=${QUERY}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${QUERY}”`);
  // Hydrated: the theme toggle renders only once React has taken over the page.
  await expect(page.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(vendorRequests).toEqual([]);
  expect(hydrationErrors(errors)).toEqual([]);
  await page.screenshot({ path: `${shots}/hydrated-1280.png`, fullPage: true });

  // The page is live: a new search asks the API (so the count above could see one).
  const box = page.locator('#search-q');
  await box.fill('electrician');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “electrician”');
  await expect.poll(() => vendorRequests.length).toBeGreaterThan(0);
  expect(vendorRequests.every((url) => url.includes('q=electrician'))).toBe(true);
});

test('hydration keeps the very result cards the server sent, for the query it rendered with', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await keepParsedCard(page);
  // A query with characters that must be encoded to travel in an HTML attribute.
  const query = 'plumbing & "drains"';
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${query}”`);
  await expect(page.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The server says which query it rendered with; it is this page's own.
  const rendered = await page.evaluate(() => {
    const search = document.getElementById('ssr-data')?.dataset.search;
    return search === undefined ? null : decodeURIComponent(search);
  });
  expect(new URLSearchParams(rendered ?? '').get('q')).toBe(query);
  expect(await sameParsedCard(page)).toBe(true);
  expect(hydrationErrors(errors)).toEqual([]);
});

test('words typed before the page hydrates are the words searched', async ({ page }) => {
  // Hold the app's modules: the field is the server's HTML until they run.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/search?q=${QUERY}`, { waitUntil: 'commit' });
  const box = page.locator('#search-q');
  await expect(box).toHaveValue(QUERY);
  await box.fill('electrician');
  release();
  await expect(page.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible();
  await expect(box).toHaveValue('electrician');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?(.*&)?q=electrician/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “electrician”');
});
