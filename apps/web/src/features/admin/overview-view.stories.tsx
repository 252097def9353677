import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { adminOverview, quietOverview } from '../../fixtures/admin';
import { AdminOverviewView } from './overview-view';

/*
 * `/admin`: the counts that matter and the console's sections. GMV per currency comes
 * from the API in minor units; nothing is summed here.
 */

const meta = {
  title: 'Screens/Admin/Overview',
  component: AdminOverviewView,
  args: { firstName: 'Ana', onRetry: fn() },
} satisfies Meta<typeof AdminOverviewView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading figures' })).toBeVisible();
    // The quick links do not wait for the figures.
    await expect(canvas.getByRole('link', { name: /Vetting queue/ })).toBeVisible();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: loadError },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error loading data');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Busy: Story = {
  name: 'Filled: work in the queue',
  args: { data: adminOverview },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome, Ana' })).toBeVisible();
    await expect(canvas.getByText('Pending vettings')).toBeVisible();
    await expect(canvas.getByText('14')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Open the vetting queue' })).toHaveAttribute(
      'href',
      '/admin/vendors',
    );
    await expect(canvas.getByRole('link', { name: 'Open the support desk' })).toHaveAttribute(
      'href',
      '/admin/support',
    );
    // One GMV figure per currency, as the API sends them.
    await expect(canvas.getByText('$12,845.50')).toBeVisible();
    await expect(canvas.getByText('€960.00')).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Audit log/ })).toHaveAttribute(
      'href',
      '/admin/audit',
    );
  },
};

export const Quiet: Story = {
  name: 'Filled: nothing to do yet',
  args: { data: quietOverview, firstName: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
    await expect(canvas.getByText('Nobody is waiting for review.')).toBeVisible();
    await expect(canvas.getByText('None yet')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Open the vetting queue' })).toBeNull();
  },
};

export const Dark: Story = { args: { data: adminOverview }, globals: { theme: 'dark' } };

export const Mobile: Story = {
  name: 'Filled at 375 px',
  parameters: { testViewport: { width: 375 } },
  args: { data: adminOverview },
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
};
