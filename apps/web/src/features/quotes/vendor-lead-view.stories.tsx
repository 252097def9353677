import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@vetted/ui';
import { MessageSquare } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { settled } from '../../fixtures/settled';
import {
  closedRequest,
  counteredRequest,
  declinedRequest,
  expiredRequest,
  freeSlots,
  LEAD_NOW,
  LEAD_TIME_ZONE,
  leadRequest,
  notChosenRequest,
  quotedRequest,
  requestWith,
  sentQuote,
} from './vendor-fixtures';
import { VendorLeadView } from './vendor-lead-view';
import { VendorQuoteBuilder } from './vendor-quote-builder';

/*
 * `/vendor/leads/:id`: the customer's request beside what the pro can do — quote it (the
 * builder) or decline, answer a counter-offer — and how a lead ended (declined, not chosen,
 * expired, closed, accepted). Views take props; no network.
 */

const meta = {
  title: 'Screens/Vendor/Lead',
  component: VendorLeadView,
  args: {
    now: LEAD_NOW,
    timeZone: LEAD_TIME_ZONE,
    backHref: '/vendor/leads',
    orderHref: (id) => `/vendor/history/order?id=${id}`,
    message: (
      <Button variant="outline">
        <MessageSquare aria-hidden="true" /> Message Dana
      </Button>
    ),
    builder: (
      <VendorQuoteBuilder
        currency="USD"
        now={LEAD_NOW}
        slots={{ data: freeSlots }}
        onDurationChange={fn()}
        onSubmit={fn(async () => {})}
      />
    ),
    onRetry: fn(),
    onDecline: fn(async () => {}),
    onAcceptCounter: fn(async () => {}),
    onDeclineCounter: fn(async () => {}),
  },
} satisfies Meta<typeof VendorLeadView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new lead: the job with its photos and dates, the builder, and "Decline". */
export const NewLead: Story = {
  name: 'New lead: quote it',
  args: { request: leadRequest },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Plumbing for Dana' }),
    ).toBeVisible();
    await expect(canvas.getByText(/about a cup a day/)).toBeVisible();
    await expect(canvas.getByText('3 photos')).toBeVisible();
    await expect(canvas.getByText('$250.00')).toBeVisible();
    await expect(canvas.getByText('12 Harbour Road, Brooklyn, NY 11201')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send quote' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Message Dana' })).toBeVisible();
  },
};

/** Decline needs a reason, shown to the customer. */
export const Decline: Story = {
  name: 'Decline with a reason',
  args: { request: leadRequest },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    const dialog = await settled(await screen.findByRole('alertdialog'));
    const confirm = within(dialog).getByRole('button', { name: 'Decline request' });
    await expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Fully booked until January.');
    await userEvent.click(confirm);
    await waitFor(() => expect(args.onDecline).toHaveBeenCalledWith('Fully booked until January.'));
  },
};

/** Quoted: the quote as sent, waiting for the customer. */
export const Quoted: Story = {
  name: 'Quote sent',
  args: { request: quotedRequest },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Quote sent to Dana')).toBeVisible();
    await expect(canvas.getByText('Replace the drain valve')).toBeVisible();
    await expect(canvas.getByText('$240.00')).toBeVisible();
    await expect(canvas.getByText('$252.00')).toBeVisible();
    await expect(canvas.getByText(/Expires in 3 days/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Send quote' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Decline' })).toBeNull();
  },
};

/** The customer countered: accept it or decline it. */
export const Countered: Story = {
  name: 'Counter-offer to answer',
  args: { request: counteredRequest },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Dana offers $200.00' })).toBeVisible();
    await expect(canvas.getByText(/Could you do it for \$200\?/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Accept counter-offer' }));
    await waitFor(() => expect(args.onAcceptCounter).toHaveBeenCalledWith(sentQuote.id));
  },
};

export const CounterAccepted: Story = {
  name: 'Counter-offer accepted',
  args: {
    request: requestWith('quoted', {
      ...sentQuote,
      total: { amount: 20_000, currency: 'USD' },
      counter: { ...counteredRequest.leads[0]!.quote!.counter!, status: 'accepted' },
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You accepted the counter-offer')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Accept counter-offer' })).toBeNull();
  },
};

export const Declined: Story = {
  name: 'Declined',
  args: { request: declinedRequest },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You declined this request')).toBeVisible();
    await expect(canvas.getByText(/Fully booked until January/)).toBeVisible();
  },
};

export const NotChosen: Story = {
  name: 'Not chosen',
  args: { request: notChosenRequest },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Dana chose another pro')).toBeVisible();
  },
};

export const Expired: Story = {
  name: 'Quote expired',
  args: { request: expiredRequest },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Your quote expired')).toBeVisible();
  },
};

export const Closed: Story = {
  name: 'Request closed',
  args: { request: closedRequest },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This request closed')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Send quote' })).toBeNull();
  },
};

export const Accepted: Story = {
  name: 'Quote accepted',
  args: {
    request: {
      ...requestWith('quoted', {
        ...sentQuote,
        status: 'accepted',
        orderId: '00000000-0000-4000-8000-0000000b0099',
      }),
      status: 'booked',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Dana accepted your quote')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Open the order' })).toHaveAttribute(
      'href',
      '/vendor/history/order?id=00000000-0000-4000-8000-0000000b0099',
    );
  },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading request' })).toBeVisible();
  },
};

export const ErrorState: Story = { name: 'Error', args: { error: loadError } };

export const NewLeadDark: Story = {
  name: 'New lead (dark)',
  args: { request: leadRequest },
  globals: { theme: 'dark' },
};

export const CounteredDark: Story = {
  name: 'Counter-offer (dark)',
  args: { request: counteredRequest },
  globals: { theme: 'dark' },
};
