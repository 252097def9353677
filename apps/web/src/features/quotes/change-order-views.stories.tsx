import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Payment } from '@vetted/contract';
import { Button } from '@vetted/ui';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { settled } from '../../fixtures/settled';
import { PaymentForm, type useCardPayment } from '../checkout';
import {
  approvedExtra,
  declinedExtra,
  extraPayment,
  extras,
  proposedExtra,
} from './change-order-fixtures';
import { ProposeExtraDialogView } from './change-order-propose-dialog';
import {
  ApproveExtraDialogView,
  CustomerChangeOrders,
  VendorChangeOrdersCard,
} from './change-order-views';

/*
 * Extras (change orders), every state: the pro's list with "Add an extra" and its dialog, the
 * customer's card to approve or decline with the price spelled out, and the approval's card
 * step. The order pages with extras are in `change-order-page.stories.tsx`. Views take props;
 * no network.
 */

const meta = {
  title: 'Screens/Shared/Extras',
  component: VendorChangeOrdersCard,
  args: { changeOrders: extras },
} satisfies Meta<typeof VendorChangeOrdersCard>;
export default meta;
type Story = StoryObj<typeof meta>;

const add = (
  <Button size="sm" variant="outline">
    Add an extra
  </Button>
);

/** The pro's list: the pro's amount and each status in their words. */
export const VendorList: Story = {
  name: 'Pro: extras and their statuses',
  args: { addAction: add },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Awaiting the customer's approval")).toBeVisible();
    await expect(canvas.getByText('Approved')).toBeVisible();
    await expect(canvas.getByText('Declined')).toBeVisible();
    // The pro's own amount, not the customer's total with the fee.
    await expect(canvas.getByText('$120.00')).toBeVisible();
    await expect(canvas.queryByText('$126.00')).toBeNull();
  },
};

export const VendorEmpty: Story = {
  name: 'Pro: none yet',
  args: { changeOrders: [], addAction: add },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/nothing is charged until the customer/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add an extra' })).toBeVisible();
  },
};

/** Completed order: no more extras, the decided ones still listed. */
export const VendorClosed: Story = {
  name: 'Pro: order finished',
  args: { changeOrders: [approvedExtra] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Add an extra' })).toBeNull();
  },
};

/** What the propose dialog sent (one story's spy). */
const proposed = fn(async (_body: unknown, _photos: File[]) => {});

/** The propose dialog sends the amount in minor units, and no photos when none were chosen. */
export const Propose: Story = {
  name: 'Pro: add an extra',
  render: () => (
    <ProposeExtraDialogView
      open
      onOpenChange={fn()}
      currency="USD"
      customerName="Dana Customer"
      onSubmit={proposed}
    />
  ),
  play: async () => {
    proposed.mockClear();
    const dialog = await settled(await screen.findByRole('dialog', { name: 'Add an extra' }));
    const form = within(dialog);
    await expect(form.getByRole('button', { name: 'Add photos' })).toBeVisible();
    await userEvent.type(form.getByLabelText(/What is the extra work/), 'Replace the valve');
    await userEvent.type(form.getByLabelText(/Price \(USD\)/), '120.50');
    await userEvent.click(form.getByRole('button', { name: 'Send to Dana Customer' }));
    await waitFor(() =>
      expect(proposed).toHaveBeenCalledWith(
        { description: 'Replace the valve', amount: 12_050 },
        [],
      ),
    );
  },
};

export const ProposeInvalid: Story = {
  name: 'Pro: add an extra, refused',
  render: () => (
    <ProposeExtraDialogView
      open
      onOpenChange={fn()}
      currency="USD"
      customerName="Dana Customer"
      onSubmit={fn(async () => {})}
    />
  ),
  play: async () => {
    const dialog = await settled(await screen.findByRole('dialog', { name: 'Add an extra' }));
    const form = within(dialog);
    await userEvent.type(form.getByLabelText(/What is the extra work/), 'Fix');
    await userEvent.type(form.getByLabelText(/Price \(USD\)/), '0');
    await userEvent.click(form.getByRole('button', { name: 'Send to Dana Customer' }));
    await expect(
      await form.findByText('Describe the extra work in at least 5 characters'),
    ).toBeVisible();
    await expect(form.getByText('An extra must cost more than 0')).toBeVisible();
  },
};

/** The customer's card: the price spelled out, approve and decline. */
export const CustomerToApprove: Story = {
  name: 'Customer: approve or decline',
  render: () => {
    const approve = fn();
    return (
      <div className="flex flex-col gap-6">
        <CustomerChangeOrders
          changeOrders={[declinedExtra, approvedExtra, proposedExtra]}
          businessName="Demo Plumbing Co."
          actions={(extra) => (
            <>
              <Button onClick={() => approve(extra.id)}>Approve and authorise $126.00</Button>
              <Button variant="outline">Decline</Button>
            </>
          )}
        />
      </div>
    );
  },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region', { name: 'Demo Plumbing Co. proposes an extra' });
    await expect(
      within(card).getByText('Extra $120.00 + booking fee $6.00 = $126.00'),
    ).toBeVisible();
    await expect(within(card).getByText('Awaiting your approval')).toBeVisible();
    await expect(within(card).getAllByRole('button', { name: /Photo/ })).toHaveLength(2);
    // The decided ones, with what they cost the customer.
    await expect(canvas.getByText('$42.00')).toBeVisible();
    await expect(canvas.getByText('$94.50')).toBeVisible();
  },
};

/** The state `useCardPayment` hands the dialog, ready to take a card. */
function cardPayment(payment: Payment): ReturnType<typeof useCardPayment> {
  return {
    payment,
    initError: null,
    cardErrors: {},
    decline: null,
    paying: false,
    initialize: fn(async () => payment),
    initializeWith: fn(async () => payment),
    pay: fn(async () => {}),
    payWithStripe: fn(async () => {}),
  };
}

export const CustomerPay: Story = {
  name: 'Customer: authorise the extra',
  render: () => (
    <ApproveExtraDialogView
      open
      onOpenChange={fn()}
      extra={proposedExtra}
      paymentStep={
        <PaymentForm
          payment={cardPayment(extraPayment)}
          amount={extraPayment.amount}
          onRetryInit={fn()}
          headingLevel={3}
        />
      }
    />
  ),
  play: async () => {
    const dialog = await settled(await screen.findByRole('dialog', { name: 'Approve the extra' }));
    await expect(dialog).toHaveTextContent('Extra $120.00 + booking fee $6.00 = $126.00');
    await expect(within(dialog).getByRole('button', { name: /Pay/ })).toBeVisible();
  },
};

export const VendorListDark: Story = {
  name: 'Pro: extras (dark)',
  args: { addAction: add },
  globals: { theme: 'dark' },
};
