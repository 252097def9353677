import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

const meta = {
  title: 'Components/Popover',
  component: Popover,
  render: () => (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline">What does "vetted" mean?</Button>
      </PopoverTrigger>
      <PopoverContent>
        <p className="text-sm">
          Every vendor's identity, insurance and qualifications are checked before they can take
          bookings.
        </p>
      </PopoverContent>
    </Popover>
  ),
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const OpensAndClosesWithEscape: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = body.getByRole('button', { name: /vetted/ });
    await userEvent.click(trigger);
    const text = await body.findByText(/identity, insurance/);
    await waitFor(() => expect(text).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByText(/identity, insurance/)).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};
