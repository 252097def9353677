import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { ERROR_NAVIGATION_DELAY_MS, ErrorScreen } from './error-screen';

const meta = {
  title: 'Patterns/ErrorScreen',
  component: ErrorScreen,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 600 } } },
  args: { onBack: fn(), onHome: fn() },
} satisfies Meta<typeof ErrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Page Not Found in the Multiverse',
    );
    await expect(canvas.getByText('404')).toBeInTheDocument();
  },
};
export const ServerError: Story = {
  args: { code: 500 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Servers Took a Cosmic Nap',
    );
  },
};
export const OtherCode: Story = {
  args: { code: 403 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Oops! Something Warped Reality',
    );
  },
};
export const NotFoundDark: Story = { globals: { theme: 'dark' } };

export const WarpBackAfterGlitch: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const started = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Warp Back' }));
    await expect(canvasElement.querySelector('[data-glitching]')).not.toBeNull();
    await expect(args.onBack).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onBack).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await expect(performance.now() - started).toBeGreaterThanOrEqual(
      ERROR_NAVIGATION_DELAY_MS - 20,
    );
    await expect(args.onHome).not.toHaveBeenCalled();
  },
};

export const ReturnToBaseAfterGlitch: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Return to Base' }));
    await expect(args.onHome).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onHome).toHaveBeenCalledTimes(1), { timeout: 2000 });
  },
};
