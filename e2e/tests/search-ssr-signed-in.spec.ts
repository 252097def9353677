import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  test,
} from '@playwright/test';
import { chromiumContextOptions } from '../../scripts/chromium.mjs';
import { readOtp } from './outbox';
import { dataOf } from './support/api-booking';
import {
  hydrationErrors,
  keepParsedCard,
  openHydrated,
  sameParsedCard,
  watchErrors,
  watchRequests,
} from './support/hydration';

/**
 * The search screens arrive rendered by the server for a signed-in customer too
 * (apps/api/src/platform/spa.ts): `/search` and `/user/services`, in their layout, with the
 * first page of results around their default saved place — readable before any script runs,
 * and hydrated for that very session without asking the API for that page again.
 */

const shots = 'artifacts/screenshots/search-ssr-signed-in';
const QUERY = 'plumbing';
/** The customer's saved place: in Boston, where the demo plumbers work (db/seed.ts). */
const HOME = { label: 'Home', line1: '1 Tremont St', city: 'Boston', country: 'US' };

interface Session {
  accessToken: string;
  refreshToken: string;
  expiresIn: string;
  role: 'customer';
}

/**
 * A new customer signed up through the API (the one-time code from the mail folder) with one
 * saved place, which is therefore their default: a fresh account, so no other test's places
 * or bookings change what this one sees.
 */
async function customerWithHome(request: APIRequestContext): Promise<Session> {
  const email = `ssr-${Date.now()}@example.test`;
  const since = Date.now();
  const { challengeId } = await dataOf<{ challengeId: string }>(
    await request.post('/v1/auth/signup', {
      data: { fullName: 'Sasha Render', email, password: 'vetted-demo-1', role: 'customer' },
    }),
  );
  const code = await readOtp(email, since);
  const session = await dataOf<Session>(
    await request.post('/v1/auth/otp/verify', { data: { challengeId, code } }),
  );
  await dataOf(
    await request.post('/v1/me/addresses', {
      headers: { authorization: `Bearer ${session.accessToken}` },
      data: HOME,
    }),
  );
  return session;
}

/**
 * A browser context holding `session` in the `user_session` cookie (spec §3), in `theme` (with
 * JavaScript on: the theme is applied by a script).
 */
async function contextFor(
  browser: Browser,
  baseURL: string,
  session: Session,
  options: { theme?: 'light' | 'dark'; javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...chromiumContextOptions,
    baseURL,
    colorScheme: options.theme ?? 'light',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  // The theme a person picked lives in localStorage (spec §4), read by index.html's inline script.
  await context.addInitScript(
    (theme) => window.localStorage.setItem('theme', theme),
    options.theme ?? 'light',
  );
  await context.addCookies([
    {
      name: 'user_session',
      value: encodeURIComponent(JSON.stringify(session)),
      url: baseURL,
      sameSite: 'Strict',
    },
  ]);
  return context;
}

let session: Session;
test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  session = await customerWithHome(request);
  await request.dispose();
});

test('with JavaScript off, /search shows the signed-in customer results around their Home', async ({
  browser,
  baseURL,
}) => {
  // What their browser's first render asks for: page 1 of 12 around their default place.
  const request = (await browser.newContext({ baseURL })).request;
  const places = await dataOf<Array<{ lat: number; lng: number; isDefault: boolean }>>(
    await request.get('/v1/me/addresses', {
      headers: { authorization: `Bearer ${session.accessToken}` },
    }),
  );
  const home = places.find((p) => p.isDefault);
  expect(home).toBeDefined();
  const page1 = await dataOf<{ items: Array<{ businessName: string; distanceKm: number | null }> }>(
    await request.get(
      `/v1/vendors?q=${QUERY}&page=1&pageSize=12&lat=${home?.lat}&lng=${home?.lng}`,
      { headers: { authorization: `Bearer ${session.accessToken}` } },
    ),
  );
  expect(page1.items.length).toBeGreaterThan(0);
  expect(page1.items.every((v) => typeof v.distanceKm === 'number')).toBe(true);

  const context = await contextFor(browser, baseURL!, session, { javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`/search?q=${QUERY}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${QUERY}”`);
  await expect(page.locator('[data-slot="vendor-card"]')).toHaveCount(page1.items.length);
  await expect(
    page.getByRole('heading', { level: 3, name: page1.items[0]!.businessName }).first(),
  ).toBeVisible();
  // Signed in: their dashboard, not "Log in"; the place chip names their Home; distances in mi.
  await expect(page.getByRole('link', { name: 'Go to dashboard' }).first()).toBeAttached();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(page.getByText(`Near ${HOME.label}`, { exact: true }).first()).toBeVisible();
  // The search field holds the query, and nothing claims to be loading suggestions for it.
  await expect(page.locator('#search-q')).toHaveValue(QUERY);
  await expect(page.getByText('Loading suggestions')).toHaveCount(0);
  await expect(page.locator('[data-slot="vendor-card"]').first()).toContainText(
    /Boston · \d+(\.\d+)?\smi/,
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `${shots}/search-no-js-light-${width}.png`,
      fullPage: true,
    });
  }
  await context.close();
});

test('/search hydrates for the signed-in session without asking /v1/vendors for its first page', async ({
  browser,
  baseURL,
}) => {
  const context = await contextFor(browser, baseURL!, session);
  const page = await context.newPage();
  const errors = watchErrors(page);
  const vendorRequests = watchRequests(page, '/v1/vendors');
  const suggestRequests = watchRequests(page, '/v1/search/suggest');
  await keepParsedCard(page);
  await openHydrated(page, `/search?q=${QUERY}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${QUERY}”`);
  expect(vendorRequests).toEqual([]);
  expect(await sameParsedCard(page)).toBe(true);
  expect(hydrationErrors(errors)).toEqual([]);
  // Suggestions follow typing: the query the page opened with is not asked for again.
  expect(suggestRequests).toEqual([]);
  // The page names the session it was rendered for (never its tokens).
  const html = await page.content();
  expect(html).toContain(`data-session="${encodeURIComponent(session.expiresIn)}"`);
  expect(html).not.toContain(session.accessToken);

  // The page is live: a new search asks the API, around their Home.
  const box = page.locator('#search-q');
  await box.fill('electrician');
  await expect.poll(() => suggestRequests.length).toBeGreaterThan(0);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “electrician”');
  await expect.poll(() => vendorRequests.length).toBeGreaterThan(0);
  expect(vendorRequests.every((url) => url.includes('q=electrician') && url.includes('lat='))).toBe(
    true,
  );
  await context.close();
});

test('/user/services arrives in the customer layout with results, and hydrates in place', async ({
  browser,
  baseURL,
}) => {
  for (const theme of ['light', 'dark'] as const) {
    const context = await contextFor(browser, baseURL!, session, { theme });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const vendorRequests = watchRequests(page, '/v1/vendors');
    await keepParsedCard(page);
    await openHydrated(page, `/user/services?q=${QUERY}`);
    await expect(page.locator('html')).toHaveClass(
      theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await expect(page.getByRole('navigation', { name: 'Account' }).first()).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${QUERY}”`);
    await expect(page.locator('[data-slot="vendor-card"]').first()).toBeVisible();
    expect(vendorRequests).toEqual([]);
    expect(await sameParsedCard(page)).toBe(true);
    expect(hydrationErrors(errors)).toEqual([]);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `${shots}/user-services-${theme}-${width}.png`,
        fullPage: true,
      });
    }
    await context.close();
  }
});

test('a page rendered for another session is rendered afresh, not hydrated', async ({
  browser,
  baseURL,
}) => {
  const context = await contextFor(browser, baseURL!, session);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await keepParsedCard(page);
  // As if another tab refreshed the session between the answer and the page's scripts: the
  // cookie the scripts read names another token expiry than the one the HTML was rendered for.
  await page.route('**/search?*', async (route) => {
    const answer = await route.fetch();
    const html = (await answer.text()).replace(
      `data-session="${encodeURIComponent(session.expiresIn)}"`,
      'data-session="2000-01-01T00%3A00%3A00.000Z"',
    );
    await route.fulfill({ response: answer, body: html });
  });
  await openHydrated(page, `/search?q=${QUERY}`);
  await expect(page.locator('[data-slot="vendor-card"]').first()).toBeVisible();
  // The server's nodes were replaced by the browser's own render, without a hydration error.
  expect(await sameParsedCard(page)).toBe(false);
  expect(hydrationErrors(errors)).toEqual([]);
  await context.close();
});

test('the filter panel checks its prices, then applies them to the search', async ({
  browser,
  baseURL,
}) => {
  const context = await contextFor(browser, baseURL!, session);
  const page = await context.newPage();
  await openHydrated(page, `/user/services?q=${QUERY}`);
  const panel = page.getByRole('complementary').getByRole('form', { name: 'Filters' });
  await panel.getByLabel('Minimum').fill('100');
  await panel.getByLabel('Maximum').fill('50');
  await panel.getByRole('button', { name: 'Show results' }).click();
  await expect(panel.getByText('The minimum must not be more than the maximum')).toBeVisible();
  await expect(page).not.toHaveURL(/minPrice=/);
  await panel.getByLabel('Maximum').fill('500');
  await panel.getByRole('button', { name: 'Show results' }).click();
  // Prices go to the API in minor units (cents) of the place's currency.
  await expect(page).toHaveURL(/minPrice=10000/);
  await expect(page).toHaveURL(/maxPrice=50000/);
  await expect(panel.getByText('The minimum must not be more than the maximum')).toHaveCount(0);
  await context.close();
});
