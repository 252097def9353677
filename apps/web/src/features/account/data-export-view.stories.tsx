import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DataExportView } from './data-export-view';

const meta = {
  title: 'Screens/Shared/Profile/Data export',
  component: DataExportView,
  args: { onDownload: fn(async () => undefined) },
} satisfies Meta<typeof DataExportView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {};

/** While the export is prepared. */
export const Downloading: Story = {
  args: { onDownload: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    await expect(canvas.getByRole('button', { name: /Download my data/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Downloaded: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    await expect(await canvas.findByText('Your data was downloaded.')).toBeVisible();
    await expect(args.onDownload).toHaveBeenCalledTimes(1);
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: {
    onDownload: fn(async () => {
      throw new ApiError('Connection timeout. Please try again later.', {
        code: 'TIMEOUT',
        request: { method: 'GET', url: '/v1/me/export' },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Download my data' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Connection timeout. Please try again later.',
    );
  },
};
