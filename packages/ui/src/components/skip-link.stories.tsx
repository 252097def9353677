import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { SkipLink } from './skip-link';

const meta = {
  title: 'Components/SkipLink',
  component: SkipLink,
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <div className="min-h-60">
      <SkipLink {...args} />
      <header className="flex h-16 items-center border-b border-border px-4 text-sm text-muted">
        Press Tab: the link appears over the top-left corner.
      </header>
      <main id="main" tabIndex={-1} className="p-4 outline-none">
        <h1 className="text-xl font-semibold">Page content</h1>
      </main>
    </div>
  ),
} satisfies Meta<typeof SkipLink>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden until focused; Enter moves focus to `<main id="main">`. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Skip to content' });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};
