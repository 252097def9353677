import type { Meta, StoryObj } from '@storybook/react-vite';
import { ArrowRight, Plus, Trash2 } from 'lucide-react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button, IconButton } from './button';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Book now', onClick: fn() },
  argTypes: {
    variant: {
      control: 'select',
      options: ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'],
    },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'icon'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary' } };
export const Outline: Story = { args: { variant: 'outline' } };
export const Ghost: Story = { args: { variant: 'ghost' } };
export const Destructive: Story = { args: { variant: 'destructive', children: 'Cancel booking' } };
export const Link: Story = { args: { variant: 'link', children: 'View all services' } };
export const Small: Story = { args: { size: 'sm' } };
export const Medium: Story = { args: { size: 'md' } };
export const Large: Story = { args: { size: 'lg' } };

export const WithIcons: Story = {
  args: {
    children: (
      <>
        <Plus aria-hidden="true" /> Add service
      </>
    ),
  },
};

export const TrailingIcon: Story = {
  args: {
    variant: 'outline',
    children: (
      <>
        Continue <ArrowRight aria-hidden="true" />
      </>
    ),
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Paying…' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Paying…' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = { args: { disabled: true } };
export const DisabledOutline: Story = { args: { disabled: true, variant: 'outline' } };

export const AsChildLink: Story = {
  args: { asChild: true, children: <a href="#pricing">See pricing</a> },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'See pricing' });
    await expect(link).toHaveAttribute('data-slot', 'button');
  },
};

export const FullWidthOnMobile: Story = {
  args: { className: 'w-full sm:w-auto', children: 'Confirm and pay' },
};

export const AllVariants: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-3">
      {(['primary', 'secondary', 'outline', 'ghost', 'destructive', 'link'] as const).map((v) => (
        <Button key={v} variant={v}>
          {v}
        </Button>
      ))}
    </div>
  ),
};

export const AllVariantsDark: Story = { ...AllVariants, globals: { theme: 'dark' } };

export const AllSizes: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-3">
      <Button size="sm">Small</Button>
      <Button size="md">Medium</Button>
      <Button size="lg">Large</Button>
      <IconButton label="Add" variant="primary">
        <Plus aria-hidden="true" />
      </IconButton>
    </div>
  ),
};

export const KeyboardActivation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: 'Book now' });
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

export const IconButtonGhost: Story = {
  render: () => (
    <IconButton label="Delete photo">
      <Trash2 aria-hidden="true" />
    </IconButton>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Delete photo' })).toBeInTheDocument();
  },
};

export const IconButtonVariants: Story = {
  render: () => (
    <div className="flex gap-2">
      <IconButton label="Add" variant="primary">
        <Plus aria-hidden="true" />
      </IconButton>
      <IconButton label="Add" variant="secondary">
        <Plus aria-hidden="true" />
      </IconButton>
      <IconButton label="Add" variant="outline">
        <Plus aria-hidden="true" />
      </IconButton>
      <IconButton label="Delete" variant="destructive">
        <Trash2 aria-hidden="true" />
      </IconButton>
      <IconButton label="Add" disabled>
        <Plus aria-hidden="true" />
      </IconButton>
    </div>
  ),
};
