import { expect, test } from '@playwright/test';
import { readOtp } from './outbox';
import { DEMO_PASSWORD } from './support/browser-session';
import { journeyShots } from './support/journey';

const shot = journeyShots('artifacts/screenshots/public-pages');

/**
 * Public pages that search engines and visitors can read: a visitor finds a landing
 * page in the sitemap, reads it — heading, pros, JSON-LD — with JavaScript off (the server
 * rendered it with its data), opens a pro's page, taps Book, signs in and lands on the service.
 */

/** Every `<loc>` of a sitemap or sitemap index. */
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

/** The JSON-LD objects of the page's HTML. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

test('a visitor opens a landing page from the sitemap, a pro, then books after signing in', async ({
  browser,
  request,
  baseURL,
}) => {
  // The sitemap index names the landing pages' file; it lists "plumbing in Boston".
  const index = await request.get('/sitemap.xml');
  expect(index.ok()).toBe(true);
  const servicesFile = locsOf(await index.text()).find((loc) =>
    loc.includes('/sitemaps/services-'),
  );
  expect(servicesFile, 'a services sitemap').toBeTruthy();
  const services = locsOf(await (await request.get(new URL(servicesFile!).pathname)).text());
  const landing = services.find((loc) => loc.endsWith('/services/plumbing/boston-ma-us'));
  expect(landing, 'the Boston plumbing page in the sitemap').toBeTruthy();
  const landingPath = new URL(landing!).pathname;

  // Without JavaScript: the server's HTML alone shows the heading, the pros and their links.
  const noJs = await browser.newContext({ javaScriptEnabled: false, reducedMotion: 'reduce' });
  const visitor = await noJs.newPage();
  const response = await visitor.goto(landingPath);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
    'Plumbing pros in Boston, MA',
  );
  const proLinks = visitor.locator('main a[href^="/pros/"]');
  expect(await proLinks.count()).toBeGreaterThan(0);
  await expect(visitor.getByRole('link', { name: /Demo Plumbing Co\./ }).first()).toBeVisible();
  const html = (await response!.text()) ?? '';
  const jsonLd = jsonLdOf(html);
  const list = jsonLd.find((o) => o['@type'] === 'ItemList') as
    | { itemListElement: Array<{ url: string; name: string }> }
    | undefined;
  expect(list, 'an ItemList').toBeTruthy();
  expect(list!.itemListElement.length).toBeGreaterThan(0);
  expect(list!.itemListElement.map((i) => i.name)).toContain('Demo Plumbing Co.');
  expect(jsonLd.some((o) => o['@type'] === 'BreadcrumbList')).toBe(true);
  expect(html).toContain(`<link rel="canonical" href="${new URL(landingPath, baseURL).href}" />`);
  await shot(visitor, 'landing-no-js');

  // The pro's page, still without JavaScript: their profile with JSON-LD rating and reviews.
  const proHref = await visitor
    .getByRole('link', { name: /Demo Plumbing Co\./ })
    .first()
    .getAttribute('href');
  const proResponse = await visitor.goto(proHref!);
  expect(proResponse?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Demo Plumbing Co.');
  const business = jsonLdOf((await proResponse!.text()) ?? '').find(
    (o) => o['@type'] === 'Plumber',
  ) as { aggregateRating?: { reviewCount: number }; review?: unknown[] } | undefined;
  expect(business?.aggregateRating?.reviewCount).toBeGreaterThan(0);
  expect(business?.review?.length).toBeGreaterThan(0);
  await shot(visitor, 'pro-no-js');
  await noJs.close();

  // With JavaScript: Book → sign in → the service page.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(proHref!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo Plumbing Co.');
  await page.getByRole('link', { name: /^Book/ }).first().click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await page.getByLabel('Email').fill('customer@vetted.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/otp-verification/);
  const code = await readOtp('customer@vetted.test', since);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(/\/user\/services\/vendor\/[^/]+\/service\?serviceId=/, {
    timeout: 20_000,
  });
  await shot(page, 'service-after-sign-in');
  await context.close();
});

test('a pro who is not listed answers 404, and an old sitemap entry does not break', async ({
  request,
}) => {
  const missing = await request.get('/pros/nobody-000000', { maxRedirects: 0 });
  expect(missing.status()).toBe(404);
  const unknownPlace = await request.get('/services/plumbing/atlantis-zz');
  expect(unknownPlace.status()).toBe(404);
});

test("a pro's page rendered for a German browser hydrates in German, without a mismatch", async ({
  browser,
}) => {
  // The browser's language reaches the server as Accept-Language; both format alike.
  const context = await browser.newContext({ locale: 'de-DE', reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const landing = await page.goto('/services/plumbing/boston-ma-us');
  expect(landing?.headers().vary).toContain('Accept-Language');
  const proHref = await page
    .getByRole('link', { name: /Demo Plumbing Co\./ })
    .first()
    .getAttribute('href');
  const response = await page.goto(proHref!);
  expect(response?.status()).toBe(200);
  const html = (await response!.text()) ?? '';
  expect(html).toContain('data-locale="de-DE"');
  // Prices as a German reader writes them, in the server's HTML and after hydration.
  expect(html).toMatch(/\d+,\d{2}\s\$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo Plumbing Co.');
  await expect(page.getByText(/^\d+,\d{2}\s\$$/).first()).toBeVisible();
  // Hydrated: a review's exact time (in the reader's zone) is only set in the browser, after it.
  await expect(page.locator('[data-slot="review-card"] time').first()).toHaveAttribute(
    'title',
    /\d/,
  );
  expect(errors.filter((e) => /hydrat|#418|#419|#423|#425/i.test(e))).toEqual([]);
  await shot(page, 'pro-de-DE');
  await context.close();
});
