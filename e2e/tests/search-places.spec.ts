import { expect, type Page, test } from '@playwright/test';
import { signInPage } from './support/browser-session';
import { journeyShots } from './support/journey';

const shot = journeyShots('artifacts/screenshots/search-places');

/**
 * Search that understands places: the seeded demo customer, whose default saved
 * place is in Boston ("Home"), searches "hair stylist near me" and gets Boston's stylists first,
 * each with its distance in miles; the signed-in Services page is the same search, centred on
 * that place from the start; a visitor's "near me" asks where to look.
 */

/** The vendor cards of the results: name, category line and the "City · distance" line. */
async function cardsOf(page: Page) {
  const cards = page.locator('article[data-slot="vendor-card"]');
  await expect(cards.first()).toBeVisible();
  return cards.evaluateAll((articles) =>
    articles.map((a) => ({
      name: a.querySelector('h3')?.textContent?.trim() ?? '',
      text: (a.textContent ?? '').replace(/\u00a0/g, ' '),
    })),
  );
}

/** Miles in a card's text ("Boston · 1.2 mi"), or null without a distance. */
const milesIn = (text: string) => {
  const m = /·\s*([\d.,]+)\s*mi/.exec(text);
  return m ? Number(m[1]!.replace(/,/g, '')) : null;
};

test('a Boston customer searches "hair stylist near me": Boston stylists first, with distances', async ({
  browser,
}) => {
  const customer = await signInPage(browser, 'customer@vetted.test', /\/user$/);
  await customer.goto('/search');
  const box = customer.getByRole('combobox', { name: 'What do you need help with?' });
  await expect(box).toBeEditable();
  await box.fill('hair stylist near me');
  await customer.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(customer).toHaveURL(/\/search\?(.*&)?q=hair\+stylist\+near\+me/);
  await expect(customer.getByTestId('place-chip')).toHaveText(/Near Home/);
  await expect(customer.getByText(/we searched without/)).toHaveCount(0);

  const cards = await cardsOf(customer);
  expect(cards[0]!.text).toContain('Hair Styling');
  expect(cards[0]!.text).toMatch(/Boston · [\d.]+ mi/);
  // Every result says how far it is (in miles: a US place), nearest area first.
  for (const card of cards) {
    expect(milesIn(card.text), `a distance on the card of ${card.name}`).not.toBeNull();
    expect(milesIn(card.text)!).toBeLessThanOrEqual(31);
  }
  expect(cards.filter((c) => c.text.includes('Hair Styling')).length).toBeGreaterThanOrEqual(2);
  await shot(customer, 'hair-stylist-near-me');

  // Clearing the place searches everywhere: the same words, without distances.
  await customer.getByRole('button', { name: 'Search everywhere, not near home' }).click();
  await expect(customer).toHaveURL(/place=none/);
  await expect(customer.getByTestId('place-chip')).toHaveCount(0);
  await expect(customer.getByText(/Searching everywhere/)).toBeVisible();
  const everywhere = await cardsOf(customer);
  await shot(customer, 'everywhere');
  expect(everywhere.every((c) => milesIn(c.text) === null)).toBe(true);

  // The signed-in Services page is the same search, around Home from the start.
  await customer.goto('/user/services');
  await expect(customer.getByTestId('place-chip')).toHaveText(/Near Home/);
  await expect(
    customer.getByRole('combobox', { name: 'What do you need help with?' }),
  ).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'Filters', exact: true })).toBeVisible();
  const nearby = await cardsOf(customer);
  for (const card of nearby) expect(milesIn(card.text)).not.toBeNull();
  // Searching there stays there.
  const servicesBox = customer.getByRole('combobox', { name: 'What do you need help with?' });
  await servicesBox.fill('boston electrician');
  await customer.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(customer).toHaveURL(/\/user\/services\?(.*&)?q=boston\+electrician/);
  await expect(customer.getByTestId('place-chip')).toHaveText(/In Boston, MA/);
  const electricians = await cardsOf(customer);
  await shot(customer, 'services-boston-electrician');
  expect(electricians[0]!.text).toContain('Electrical');
});

test('a visitor searching "plumber near me" is asked where to look', async ({ page }) => {
  await page.goto('/search?q=plumber+near+me');
  await expect(page.getByText('Where should we look?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use my location' })).toBeVisible();
  // The plumbers still show, from everywhere.
  const cards = await cardsOf(page);
  expect(cards.some((c) => c.text.includes('Plumbing'))).toBe(true);
});
