import { expect, type Page, test } from '@playwright/test';
import { signInPage } from './support/browser-session';

/**
 * Conversations, on the production build with seeded data and two (three) browser
 * contexts signed in as different people. Nothing is reloaded: each side follows the other
 * over the live socket. Every wait is on a state, never on time.
 */

const shots = 'artifacts/screenshots/messages';

/** Marks the document, so a test can prove later that the page was never reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eDocument: boolean }).__e2eDocument = true;
  });
}
async function expectSameDocument(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => (window as unknown as { __e2eDocument?: boolean }).__e2eDocument),
  ).toBe(true);
}

/** The bubble of the message whose text contains `text`. */
const bubble = (page: Page, text: string) =>
  page.locator('[data-slot="chat-message"]').filter({ hasText: text });

/** Types into the thread's composer and sends with Enter. */
async function send(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill(text);
  await composer.press('Enter');
}

/** The nav item "Messages" carrying an unread badge (the desktop sidebar at 1280 px). */
const unreadMessagesNav = (page: Page) =>
  page.getByRole('link', { name: /^Messages\s*\d+ unread$/ }).first();

test('a customer messages a pro from their page; the pro sees the badge live and replies; the customer sees the reply and the read receipt', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const question = `Hi! Is Thursday at 10:00 free for a leaking tap? (${stamp})`;
  const answer = `Yes, Thursday at 10:00 works. I will bring washers. (${stamp})`;

  const customer = await signInPage(browser, 'customer@vetted.test', /\/user$/);
  const vendor = await signInPage(browser, 'vendor@vetted.test', /\/vendor$/);
  await markDocument(vendor);
  await expect(vendor.getByRole('link', { name: 'Messages', exact: true }).first()).toBeVisible();

  // The demo pro's page, then "Message".
  const found = await customer.request.get('/v1/vendors?q=Demo%20Plumbing&pageSize=5');
  const vendors = (await found.json()).data.items as { id: string; businessName: string }[];
  const demo = vendors.find((v) => v.businessName === 'Demo Plumbing Co.');
  expect(demo, 'the seeded demo pro is listed').toBeTruthy();
  await customer.goto(`/user/services/vendor/${demo!.id}`);
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Demo Plumbing Co.' }),
  ).toBeVisible();
  await customer.getByRole('button', { name: 'Message', exact: true }).click();
  await expect(customer).toHaveURL(/\/user\/messages\?c=[0-9a-f-]{36}/);
  await expect(
    customer.getByRole('heading', { level: 2, name: 'Demo Plumbing Co.' }),
  ).toBeVisible();
  await markDocument(customer);

  await send(customer, question);
  await expect(bubble(customer, question)).toHaveAttribute('data-status', 'sent');

  // The pro's open dashboard gets the unread badge without a reload, then opens the thread.
  await expect(unreadMessagesNav(vendor)).toBeVisible();
  await vendor.screenshot({ path: `${shots}/vendor-unread-badge.png` });
  await unreadMessagesNav(vendor).click();
  await expect(vendor).toHaveURL(/\/vendor\/messages/);
  await vendor
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: /Casey Customer/ })
    .click();
  await expect(bubble(vendor, question)).toBeVisible();

  // Reading it reaches the customer's open thread: the read receipt.
  await expect(bubble(customer, question)).toHaveAttribute('data-status', 'read');

  await send(vendor, answer);
  await expect(bubble(vendor, answer)).toHaveAttribute('data-status', /sent|read/);
  await expect(bubble(customer, answer)).toBeVisible();
  // On the other side of the thread (not the customer's own bubble).
  await expect(bubble(customer, answer)).not.toHaveAttribute('data-mine', /.*/);
  await customer.screenshot({ path: `${shots}/customer-thread.png` });
  // The customer is looking at the thread, so the reply is read at once.
  await expect(bubble(vendor, answer)).toHaveAttribute('data-status', 'read');

  await expectSameDocument(customer);
  await expectSameDocument(vendor);
  await customer.context().close();
  await vendor.context().close();
});

test('a customer opens a support chat; an admin answers it from the support inbox', async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const subject = `Refund for a cancelled booking ${stamp}`;
  const question = `I cancelled yesterday; when does the refund arrive? (${stamp})`;
  const answer = `Refunds reach your card in 5 to 10 business days. (${stamp})`;

  const customer = await signInPage(browser, 'customer@vetted.test', /\/user$/);
  await customer.goto('/user/messages/support');
  await customer.getByRole('button', { name: 'Start a chat' }).first().click();
  const dialog = customer.getByRole('dialog', { name: 'Start a support chat' });
  await dialog.getByRole('textbox', { name: /Subject/ }).fill(subject);
  await dialog.getByRole('button', { name: 'Start chat' }).click();
  await expect(customer).toHaveURL(/\/user\/messages\/support\/chats\?c=[0-9a-f-]{36}/);
  await markDocument(customer);
  await send(customer, question);
  await expect(bubble(customer, question)).toHaveAttribute('data-status', 'sent');

  const admin = await signInPage(browser, 'admin@vetted.test', /\/admin$/);
  await admin.goto('/admin/support');
  await admin.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(bubble(admin, question)).toBeVisible();
  await admin.getByRole('button', { name: 'Assign to me' }).click();
  await expect(admin.getByText('Assigned to Avery Admin').first()).toBeVisible();
  await send(admin, answer);

  await expect(bubble(customer, answer)).toBeVisible();
  await expect(bubble(customer, answer)).toContainText('Vetted support');
  await expect(bubble(customer, question)).toHaveAttribute('data-status', 'read');
  await customer.screenshot({ path: `${shots}/customer-support-chat.png` });
  await admin.screenshot({ path: `${shots}/admin-support-inbox.png` });
  await expectSameDocument(customer);
  await customer.context().close();
  await admin.context().close();
});
