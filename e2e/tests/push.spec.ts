import { expect, test } from '@playwright/test';
import { signInPage } from './support/browser-session';

/**
 * The installable app and Web Push, in Chromium on the production build: the web app manifest
 * (with its icons) and the service worker are served, the page head links them, and on the
 * profile page "Turn on notifications on this device" — with notifications permitted —
 * registers `/sw.js` and then either stores a subscription (and "Turn off" removes it) or, where
 * this Chromium has no push service to reach (headless, offline), says so in words.
 */

const shots = 'artifacts/screenshots/push';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('the manifest, its icons and the service worker are served and linked', async ({
  request,
}) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toMatch(/application\/(manifest\+)?json/);
  const body = (await manifest.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: ManifestIcon[];
  };
  expect(body).toMatchObject({ name: 'Vetted', start_url: '/', display: 'standalone' });
  const sizes = body.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']),
  );
  for (const icon of body.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
  }

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  // Never kept stale: a new version must reach browsers on their next check.
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const source = await worker.text();
  expect(source).toContain("addEventListener('push'");
  expect(source).toContain("addEventListener('notificationclick'");

  const home = await request.get('/');
  const html = await home.text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  expect(html).toContain('rel="apple-touch-icon"');
  expect(home.headers()['content-security-policy']).toMatch(/worker-src 'self'/);
});

test('the profile shows this browser’s real push state, with notifications permitted', async ({
  browser,
}) => {
  const page = await signInPage(browser, 'customer@vetted.test', /\/user$/);
  await page.context().grantPermissions(['notifications']);
  await page.goto('/user/profile');
  await expect(page.getByRole('switch', { name: 'Messages: by push' })).toBeChecked();
  const device = page.getByRole('region', { name: 'Push notifications on this device' });
  const permission = await page.evaluate(() => Notification.permission);
  if (permission === 'denied') {
    // The packaged headless Chromium of these machines reports notifications as denied even when
    // the context grants them: the page must say so, and how to allow them, with no button.
    await expect(device).toContainText('Notifications from Vetted are blocked in this browser');
    await expect(device.getByRole('button')).toHaveCount(0);
  } else {
    await expect(
      device.getByRole('button', { name: 'Turn on notifications on this device' }),
    ).toBeVisible();
  }
  // The notification settings card in both themes, on a phone and a desktop.
  const card = page
    .getByRole('heading', { name: 'Notifications', exact: true })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(device).toBeVisible();
      await card.screenshot({ path: `${shots}/01-${permission}-${theme}-${width}.png` });
    }
  }
  await page.evaluate(() => localStorage.removeItem('theme'));
});

test('"Turn on" registers the service worker and subscribes, or says why the browser refused', async ({
  browser,
}) => {
  // A browser where the person has allowed notifications: this headless Chromium cannot say so
  // itself (see above), so its Notification permission reads "granted" here. The service worker,
  // the push subscription and the API calls are the browser's and the server's own.
  const page = await signInPage(browser, 'customer@vetted.test', /\/user$/, () => {
    Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
    Notification.requestPermission = async () => 'granted';
  });
  await page.goto('/user/profile');
  const device = page.getByRole('region', { name: 'Push notifications on this device' });
  const turnOn = device.getByRole('button', { name: 'Turn on notifications on this device' });
  await turnOn.click();
  const turnOff = device.getByRole('button', { name: 'Turn off on this device' });
  const failed = device.getByRole('alert');
  await expect(turnOff.or(failed)).toBeVisible({ timeout: 30_000 });
  await device.screenshot({ path: `${shots}/02-after-turn-on.png` });

  // The worker is registered at the root scope either way.
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const worker = registration?.active ?? registration?.waiting ?? registration?.installing;
    return worker?.scriptURL ?? null;
  });
  expect(scriptUrl).toMatch(/\/sw\.js$/);
  const endpoint = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
  });

  if (await failed.isVisible()) {
    // No push service here (headless, no network): the browser's reason is shown, the button
    // stays, and no subscription exists.
    await expect(failed).toHaveText(/^Your browser could not set up notifications \(.+\)\./);
    await expect(turnOn).toBeEnabled();
    expect(endpoint).toBeNull();
    test.info().annotations.push({
      type: 'push',
      description: 'pushManager.subscribe failed in this Chromium; the error state was checked',
    });
    return;
  }
  // Subscribed: the browser holds it; "Turn off" removes it.
  expect(endpoint).toMatch(/^https:\/\//);
  await turnOff.click();
  await expect(turnOn).toBeVisible();
});
