import type { Meta, StoryObj } from '@storybook/react-vite';
import { Info } from 'lucide-react';
import { expect, userEvent, within } from 'storybook/test';
import { IconButton } from './button';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
  render: () => (
    <div className="p-8">
      <Tooltip>
        <TooltipTrigger asChild>
          <IconButton label="About the service fee" title="">
            <Info aria-hidden="true" />
          </IconButton>
        </TooltipTrigger>
        <TooltipContent>A 5% fee covers payment protection.</TooltipContent>
      </Tooltip>
    </div>
  ),
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ShowsOnKeyboardFocus: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.tab();
    const tip = await body.findByRole('tooltip');
    await expect(tip).toHaveTextContent('A 5% fee covers payment protection.');
  },
};
