import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { settled } from '../../fixtures/settled';
import { PLAN_NOW, pendingPlan, planList } from './plan-fixtures';
import { VendorPlansView } from './vendor-plans-view';

/*
 * `/vendor/plans`: plans waiting for the pro's answer first (accept, decline with a reason), then
 * every plan; loading, none yet, and a failed load. Views take props; no network.
 */

const meta = {
  title: 'Screens/Vendor/Plans',
  component: VendorPlansView,
  args: {
    now: PLAN_NOW,
    hrefFor: (p) => `/vendor/plans/${p.id}`,
    onRetry: fn(),
    onAccept: fn(async () => {}),
    onDecline: fn(async () => {}),
  },
} satisfies Meta<typeof VendorPlansView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No plans yet')).toBeVisible();
    await expect(canvas.queryByText('Waiting for your answer')).toBeNull();
  },
};
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };

/** A pending plan on top with Accept; the list below names each customer. */
export const PendingAndList: Story = {
  name: 'Pending first',
  args: { data: planList },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const waiting = canvas.getByRole('region', { name: 'Waiting for your answer' });
    await expect(within(waiting).getByText('Sam Rivera · Boiler check')).toBeVisible();
    await userEvent.click(within(waiting).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(args.onAccept).toHaveBeenCalledWith(pendingPlan.id));
    const all = canvas.getByRole('region', { name: 'All plans' });
    await expect(within(all).getAllByRole('link')).toHaveLength(planList.length);
    // To its pro, a pending plan awaits their answer.
    await expect(within(all).getByText('Awaiting your answer')).toBeVisible();
  },
};

/** Decline asks for an optional reason, shown to the customer. */
export const Decline: Story = {
  name: 'Decline with a reason',
  args: { data: [pendingPlan] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Fully booked on Thursdays');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline plan' }));
    await waitFor(() =>
      expect(args.onDecline).toHaveBeenCalledWith(pendingPlan.id, 'Fully booked on Thursdays'),
    );
  },
};
