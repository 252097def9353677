import { type Page, expect, test } from '@playwright/test';

/**
 * The public pages arrive as prerendered HTML (apps/web/scripts/prerender.mjs,
 * served to signed-out visitors by apps/api/src/platform/spa.ts), readable and styled before any
 * JavaScript runs; the app then hydrates that HTML — without a hydration mismatch, in light and
 * dark theme — and navigates client-side, keeping `document.title` right.
 */

const shots = 'artifacts/screenshots';
const base = process.env.E2E_BASE_URL ?? '';

/** Console errors and warnings, and uncaught errors (React reports hydration mismatches so). */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/about shows its heading, title and head tags from the HTML alone', async ({ page }) => {
    const response = await page.goto('/about');
    expect(response?.status()).toBe(200);
    const heading = page.getByRole('heading', { level: 1, name: 'About Vetted' });
    await expect(heading).toBeVisible();
    // Styled: the stylesheet applies (text-3xl bold heading), not the browser's default h1.
    expect(await heading.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    await expect(page).toHaveTitle('About — Vetted');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${base}/about`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `${base}/about`,
    );
    // Links are plain links: following one loads the next prerendered page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(page).toHaveTitle('Privacy policy — Vetted');
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`/ hydrates without errors or hydration warnings in ${theme} theme, then navigates client-side`, async ({
    page,
  }) => {
    const problems = watchProblems(page);
    if (theme === 'dark') {
      await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    }
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Book vetted local pros');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    // The theme toggle renders only once hydrated, labelled for the stored theme.
    const toggle = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
    await expect(page.getByRole('button', { name: toggle })).toBeVisible();
    // Hydrated means the data loads too: the categories replace their skeletons.
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(page).toHaveTitle('Vetted — book vetted local pros');

    // A header link navigates in the same document (no reload) and updates the title.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'About Vetted' })).toBeVisible();
    await expect(page).toHaveTitle('About — Vetted');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Support' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(page).toHaveTitle('Support — Vetted');
    await page.goBack();
    await expect(page).toHaveTitle('About — Vetted');
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);

    expect(problems).toEqual([]);
  });
}

test('before the app has hydrated, the prerendered login form cannot submit (no password in a URL)', async ({
  page,
}) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
  await page.getByLabel('Email').fill('customer@vetted.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('vetted-demo-1');
  await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a prerendered page hydrates on its own path: /auth/login, and /search with a query', async ({
  page,
}) => {
  const problems = watchProblems(page);
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await expect(page).toHaveTitle('Log in — Vetted');

  // Served the empty-query /search shell, hydrated with it, then rendered with the real query.
  await page.goto('/search?q=plumb');
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “plumb”' })).toBeVisible();
  await expect(page).toHaveTitle('Find a pro — Vetted');
  expect(problems).toEqual([]);
});

/*
 * What a visitor sees before the app's JavaScript has run: the prerendered HTML, its stylesheet
 * and the inline theme script (so dark theme applies too) — the module scripts are blocked.
 * Screenshots are saved for people to look at; the checks make sure it is the styled page.
 */
for (const path of ['/', '/about']) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${path} before any module script, ${theme} theme, at 375 and 1280 px`, async ({
      page,
    }) => {
      await page.route('**/assets/*.js', (route) => route.abort());
      if (theme === 'dark') {
        await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
      }
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The layout's `bg-surface`: white in light theme, near-black in dark theme (0–255).
        const lightness = await page.evaluate(() => {
          const layout = document.querySelector('#root > div') as Element;
          const context = document.createElement('canvas').getContext('2d');
          if (!context) return -1;
          context.fillStyle = getComputedStyle(layout).backgroundColor;
          context.fillRect(0, 0, 1, 1);
          const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
          return (r + g + b) / 3;
        });
        if (theme === 'light') expect(lightness).toBeGreaterThan(240);
        else expect(lightness).toBeLessThan(40);
        const name = path === '/' ? 'home' : path.slice(1);
        await page.screenshot({
          path: `${shots}/prerender-${name}-${theme}-${width}.png`,
          fullPage: true,
        });
      }
    });
  }
}

test('a first visit to / is interactive after at most 6 HTML, CSS and JavaScript requests', async ({
  page,
  request,
}) => {
  // The entry carries everything the home runs in one file (apps/web/vite.config.ts): no
  // modulepreload list of shared chunks in the HTML.
  const html = await (await request.get('/')).text();
  expect(html).not.toContain('rel="modulepreload"');

  const loaded: string[] = [];
  page.on('requestfinished', (r) => {
    if (['document', 'stylesheet', 'script'].includes(r.resourceType())) {
      loaded.push(new URL(r.url()).pathname);
    }
  });
  await page.goto('/');
  // Interactive: the theme toggle renders only once hydrated, the categories once fetched.
  await expect(page.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded).toContain('/');
  expect(loaded.length, loaded.join(', ')).toBeLessThanOrEqual(6);
});

test('a prerendered page asks for its JavaScript only once its first paint is on screen', async ({
  page,
}) => {
  await page.goto('/services');
  // Hydrated (the toggle renders only then), so the entry has been fetched.
  await expect(page.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible();
  const timing = await page.evaluate(() => {
    const entry = document.querySelector('script[data-entry]')?.getAttribute('data-entry');
    const fetched = performance
      .getEntriesByType('resource')
      .find((r) => entry !== null && entry !== undefined && r.name.endsWith(entry));
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return { entry, fetchedAt: fetched?.startTime, paintedAt: paint?.startTime };
  });
  expect(timing.entry).toMatch(/^\/assets\/index-.+\.js$/);
  expect(timing.paintedAt).toBeGreaterThan(0);
  expect(timing.fetchedAt).toBeGreaterThanOrEqual(timing.paintedAt ?? Number.POSITIVE_INFINITY);
});
