import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inbox, SearchX } from 'lucide-react';
import { Button } from './button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  args: {
    icon: <Inbox />,
    title: 'No orders yet',
    description: 'When you book a service it shows up here.',
    action: <Button>Find a service</Button>,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const NoResults: Story = {
  args: {
    icon: <SearchX />,
    title: 'No vendors match "roof"',
    description: 'Try a shorter search or a wider area.',
    action: <Button variant="outline">Clear filters</Button>,
  },
};
export const TitleOnly: Story = {
  args: { icon: undefined, description: undefined, action: undefined },
};
export const Dark: Story = { globals: { theme: 'dark' } };
