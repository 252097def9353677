import { expect, type Page } from '@playwright/test';

/*
 * What a test of a page rendered by the server watches: errors (React reports hydration
 * mismatches as console errors), the API requests the page makes, and whether hydration kept
 * the very nodes the HTML parser made.
 */

/** Console errors and uncaught errors of `page`, as they come. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** The hydration errors among `errors` (React's minified codes 418, 419, 423 and 425 included). */
export function hydrationErrors(errors: readonly string[]): string[] {
  return errors.filter((e) => /hydrat|#418|#419|#423|#425/i.test(e));
}

/** The URLs of every request `page` makes to `pathname` (e.g. `/v1/vendors`), as they come. */
export function watchRequests(page: Page, pathname: string): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === pathname) urls.push(r.url());
  });
  return urls;
}

/** Keeps the first result card the HTML parser creates, before any script of the page runs. */
export async function keepParsedCard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      const card = document.querySelector('[data-slot="vendor-card"]');
      if (card) {
        (window as unknown as { parsedCard: Element }).parsedCard = card;
        seen.disconnect();
      }
    });
    seen.observe(document, { childList: true, subtree: true });
  });
}

/** Whether the first result card is still the very node {@link keepParsedCard} kept. */
export function sameParsedCard(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const parsed = (window as unknown as { parsedCard?: Element }).parsedCard;
    return (
      parsed?.isConnected === true && parsed === document.querySelector('[data-slot="vendor-card"]')
    );
  });
}

/**
 * Opens `url` and waits until React has taken the page over (the theme toggle renders only once
 * hydrated) and the network is idle, so every request the page makes on its own has been made.
 */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('button', { name: /Switch to (dark|light) theme/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
}
