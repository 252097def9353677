import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@vetted/ui';
import { expect, fn, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { activePlan, PLAN_NOW, planList } from './plan-fixtures';
import { PlansListView } from './plans-list-view';

/*
 * `/user/plans`: the customer's plans in each status, loading, none yet, and a failed load.
 * Views take props; no network.
 */

const meta = {
  title: 'Screens/User/Plans',
  component: PlansListView,
  args: {
    perspective: 'customer',
    now: PLAN_NOW,
    hrefFor: (p) => `/user/plans/${p.id}`,
    onRetry: fn(),
    emptyTitle: 'No plans yet',
    emptyDescription:
      'Book a pro every week or every few weeks: choose “How often?” when you book.',
    emptyAction: <Button>Find a pro</Button>,
  },
} satisfies Meta<typeof PlansListView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No plans yet')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Find a pro' })).toBeVisible();
  },
};
export const ErrorState: Story = {
  name: 'Error',
  args: { error: loadError },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(loadError.message)).toBeVisible();
    await canvas.getByRole('button', { name: /try again/i }).click();
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Each plan: service, pro, how often at what local time, the next visit, the status. */
export const List: Story = {
  args: { data: planList },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = canvas.getAllByRole('link')[1]!;
    await expect(row).toHaveAttribute('href', `/user/plans/${activePlan.id}`);
    await expect(within(row).getByText('Demo Plumbing Co. · Every week at 10:00')).toBeVisible();
    // Visit 3 (26 Nov) is the next one still to come, shown in the pro's zone.
    await expect(within(row).getByText(/Next visit: .*Nov 26.*10:00 AM/)).toBeVisible();
    await expect(canvas.getByText('Awaiting the pro')).toBeVisible();
    await expect(canvas.getByText('Paused')).toBeVisible();
    await expect(canvas.getByText('Cancelled')).toBeVisible();
    await expect(canvas.getByText('No visit to come')).toBeVisible();
  },
};
