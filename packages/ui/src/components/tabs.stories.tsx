import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: { defaultValue: 'upcoming' },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Orders">
        <TabsTrigger value="upcoming">Upcoming</TabsTrigger>
        <TabsTrigger value="past">Past</TabsTrigger>
        <TabsTrigger value="cancelled" disabled>
          Cancelled
        </TabsTrigger>
      </TabsList>
      <TabsContent value="upcoming">2 upcoming bookings.</TabsContent>
      <TabsContent value="past">14 past bookings.</TabsContent>
      <TabsContent value="cancelled">No cancelled bookings.</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SecondSelected: Story = { args: { defaultValue: 'past' } };
export const Dark: Story = { globals: { theme: 'dark' } };

export const ArrowKeys: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Upcoming' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const past = canvas.getByRole('tab', { name: 'Past' });
    await expect(past).toHaveFocus();
    await expect(past).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('14 past bookings.');
  },
};
