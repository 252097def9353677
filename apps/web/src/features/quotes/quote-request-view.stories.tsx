import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { settled } from '../../fixtures/settled';
import { QuoteRequestSkeleton } from './load-states';
import {
  bookedRequest,
  cancelledRequest,
  counteredQuote,
  directRequest,
  openQuote,
  openRequest,
  QUOTE_NOW,
  waitingRequest,
} from './quote-fixtures';
import { QuoteRequestView } from './quote-request-view';

/*
 * `/user/quotes/:id`: a request with quotes side by side (open, countered, expired), a declined
 * pro and one still to answer; just sent; booked; cancelled; sent to one pro. Countering,
 * accepting on a slot and cancelling, and the API refusing a counter. Views take props.
 */

const meta = {
  title: 'Screens/User/Quote request',
  component: QuoteRequestView,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div className="p-4 sm:p-8">
        <Story />
      </div>
    ),
  ],
  args: {
    request: openRequest,
    now: QUOTE_NOW,
    timeZone: 'America/New_York',
    backHref: '/user/quotes',
    orderHref: (id) => `/user/history/order?id=${id}`,
    onAsk: fn(async () => {}),
    onCounter: fn(async () => {}),
    onAccept: fn(async () => {}),
    onCancel: fn(async () => {}),
  },
} satisfies Meta<typeof QuoteRequestView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three quotes to compare, the fee stated, a countdown each; a pro declined, one is awaited. */
export const Compare: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Plumbing job');
    await expect(canvas.getByRole('heading', { name: '3 quotes' })).toBeVisible();
    const demo = canvas.getByRole('article', { name: 'Quote from Demo Plumbing Co.' });
    await expect(within(demo).getByText('Usually replies within 2 hours')).toBeVisible();
    await expect(within(demo).getByText('Expires in 2 days 3 h')).toBeVisible();
    await expect(within(demo).getByText(/You pay/)).toHaveTextContent(
      'You pay $143.00 incl. $13.00 booking fee',
    );
    const harbour = canvas.getByRole('article', { name: 'Quote from Harbour Pipes' });
    await expect(
      within(harbour).getByText('Counter-offer sent, waiting for the pro'),
    ).toBeVisible();
    await expect(within(harbour).queryByRole('button', { name: 'Counter-offer' })).toBeNull();
    const northside = canvas.getByRole('article', { name: 'Quote from Northside Heating' });
    await expect(
      within(northside).getByText('Expired', { selector: '[data-status]' }),
    ).toBeVisible();
    await expect(within(northside).queryByRole('button', { name: 'Accept' })).toBeNull();
    await expect(
      canvas.getByText('Quick Fix Boston declined: Fully booked until January, sorry.'),
    ).toBeVisible();
    await expect(canvas.getByText('Waiting for Beacon Plumbing')).toBeVisible();
  },
};

/** Counter-offer: the amount (below the quote) and a note, sent in minor units. */
export const Counter: Story = {
  name: 'Counter-offer',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const demo = canvas.getByRole('article', { name: 'Quote from Demo Plumbing Co.' });
    await userEvent.click(within(demo).getByRole('button', { name: 'Counter-offer' }));
    const dialog = await settled(await screen.findByRole('dialog'));
    const amount = within(dialog).getByLabelText(/Your offer/);
    await userEvent.type(amount, '140');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    await expect(
      await within(dialog).findByText("Offer less than the quote's $130.00"),
    ).toBeVisible();
    await userEvent.clear(amount);
    await userEvent.type(amount, '115.50');
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Can you do it for this?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() =>
      expect(args.onCounter).toHaveBeenCalledWith(openQuote.id, 11_550, 'Can you do it for this?'),
    );
  },
};

/** The API refuses (e.g. already countered): its words in the dialog, which stays open. */
export const CounterRefused: Story = {
  name: 'Counter-offer refused',
  args: {
    onCounter: fn(async () => {
      throw new ApiError('You have already made a counter-offer on this quote', {
        code: 409,
        status: 409,
        request: { method: 'POST', url: `/v1/quote-requests/${openRequest.id}/counter` },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const demo = canvas.getByRole('article', { name: 'Quote from Demo Plumbing Co.' });
    await userEvent.click(within(demo).getByRole('button', { name: 'Counter-offer' }));
    const dialog = await settled(await screen.findByRole('dialog'));
    await userEvent.type(within(dialog).getByLabelText(/Your offer/), '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    await expect(
      await within(dialog).findByText('You have already made a counter-offer on this quote'),
    ).toBeVisible();
  },
};

/** Accept: choose a slot, confirm the price with its fee; the chosen slot is sent. */
export const Accept: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const demo = canvas.getByRole('article', { name: 'Quote from Demo Plumbing Co.' });
    const radios = within(demo).getAllByRole('radio');
    await userEvent.click(radios[1]!);
    await userEvent.click(within(demo).getByRole('button', { name: 'Accept' }));
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await expect(dialog).toHaveTextContent('Book Demo Plumbing Co. for $143.00?');
    await expect(dialog).toHaveTextContent('$130.00 quoted plus $13.00 booking fee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept and pay $143.00' }));
    await waitFor(() =>
      expect(args.onAccept).toHaveBeenCalledWith(openQuote.id, openQuote.slots[1]),
    );
  },
};

/** Cancel request asks first, saying the quotes are withdrawn. */
export const Cancel: Story = {
  name: 'Cancel request',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel request' }));
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await expect(dialog).toHaveTextContent('Every quote on it is withdrawn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(args.onCancel).toHaveBeenCalled());
  },
};

/** Just sent: every pro still to answer. */
export const Waiting: Story = {
  args: { request: waitingRequest },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No quotes yet' })).toBeVisible();
    await expect(canvas.getByText('Waiting for Demo Plumbing Co.')).toBeVisible();
    await expect(canvas.getAllByText(/^Waiting for /)).toHaveLength(5);
  },
};

/** Booked: the chosen quote links to its order; the others are greyed "Not chosen". */
export const Booked: Story = {
  args: { request: bookedRequest },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You chose Demo Plumbing Co. for $143.00.')).toBeVisible();
    const links = canvas.getAllByRole('link', { name: 'Go to the order' });
    await expect(links[0]).toHaveAttribute(
      'href',
      expect.stringContaining('/user/history/order?id='),
    );
    const harbour = canvas.getByRole('article', {
      name: `Quote from ${counteredQuote.vendor.businessName}`,
    });
    await expect(within(harbour).getByText('Not chosen')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Accept' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  },
};

/** Cancelled: quotes withdrawn, nothing to do. */
export const Cancelled: Story = {
  args: { request: cancelledRequest },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('Withdrawn').length).toBeGreaterThan(0);
    await expect(canvas.queryByRole('button', { name: 'Ask a question' })).toBeNull();
  },
};

/** Sent from a pro's page to that pro alone. */
export const Direct: Story = {
  name: 'Sent to one pro',
  args: { request: directRequest },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Waiting for Demo Plumbing Co.')).toBeVisible();
    await expect(canvas.getByText('Usually replies within 2 hours')).toBeVisible();
    await expect(canvas.getByText('Not given')).toBeVisible();
  },
};

/** The page while the request loads. */
export const Loading: Story = {
  render: () => <QuoteRequestSkeleton />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveAttribute('aria-busy', 'true');
  },
};
