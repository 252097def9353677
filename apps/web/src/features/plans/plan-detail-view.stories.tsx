import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { settled } from '../../fixtures/settled';
import { activePlan, cancelledPlan, PLAN_NOW, pausedPlan, pendingPlan } from './plan-fixtures';
import { PlanDetailView } from './plan-detail-view';

/*
 * `/user/plans/:id` and `/vendor/plans/:id`: a plan in each status, the customer skipping a visit
 * (and the API refusing one), cancelling with the policy stated, and the pro's side. Views take
 * props; no network.
 */

const meta = {
  title: 'Screens/User/Plan',
  component: PlanDetailView,
  args: {
    plan: activePlan,
    perspective: 'customer',
    now: PLAN_NOW,
    backHref: '/user/plans',
    orderHref: (id) => `/user/history/order?id=${id}`,
    onSkip: fn(async () => {}),
    onPause: fn(async () => {}),
    onResume: fn(async () => {}),
    onCancel: fn(async () => {}),
  },
} satisfies Meta<typeof PlanDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Visits with their status; upcoming ones offer "Skip"; the card and what it is used for. */
export const Active: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Drain unblocking');
    await expect(canvas.getByText('Card ending 4242')).toBeVisible();
    await expect(canvas.getByText(/each visit is charged 48 hours before it/)).toBeVisible();
    // Past and skipped visits cannot be skipped; booked and scheduled upcoming ones can.
    await expect(canvas.queryByRole('button', { name: 'Skip visit 2' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Skip visit 5' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Skip visit 3' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Skip visit 4' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Pause' })).toBeVisible();
  },
};

/** "Skip" asks first, saying what happens to a visit already booked, then skips it. */
export const SkipVisit: Story = {
  name: 'Skip a visit',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Skip visit 3' }));
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await expect(dialog).toHaveTextContent('cancelled under the cancellation policy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip visit' }));
    await waitFor(() => expect(args.onSkip).toHaveBeenCalledWith(activePlan.visits[2]!.startsAt));
  },
};

/** The API refuses (the visit started meanwhile): the dialog stays open for another choice. */
export const SkipRefused: Story = {
  name: 'Skip refused',
  args: {
    onSkip: fn(async () => {
      throw new ApiError('That visit has already started, so it can no longer be skipped.', {
        code: 409,
        status: 409,
        request: { method: 'POST', url: '/v1/plans/x/skip' },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Skip visit 4' }));
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip visit' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Keep it' })).toBeEnabled(),
    );
    await expect(dialog).toBeVisible();
  },
};

/** "Cancel plan" states the refund policy before anything happens. */
export const CancelPlan: Story = {
  name: 'Cancel the plan',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel plan' }));
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await expect(dialog).toHaveTextContent('in full up to 24 hours before a visit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(args.onCancel).toHaveBeenCalled());
  },
};

export const Pending: Story = {
  args: { plan: pendingPlan },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/has not accepted the plan yet/)).toBeVisible();
  },
};

export const Paused: Story = {
  args: { plan: pausedPlan },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Resume' }));
    await expect(args.onResume).toHaveBeenCalled();
  },
};

/** A cancelled plan offers no action. */
export const Cancelled: Story = {
  args: { plan: cancelledPlan },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Cancel plan' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /^Skip/ })).toBeNull();
  },
};

/** The pro's side: the customer's name, no skip nor pause, and Cancel plan. */
export const Vendor: Story = {
  name: 'Vendor: a plan',
  args: { perspective: 'vendor', backHref: '/vendor/plans' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Dana Customer/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Skip/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Pause' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Cancel plan' })).toBeVisible();
  },
};
