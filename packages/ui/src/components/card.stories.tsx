import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const meta = {
  title: 'Components/Card',
  component: Card,
  render: (args) => (
    <Card {...args} className="max-w-sm">
      <CardHeader>
        <CardTitle>Boiler service</CardTitle>
        <CardDescription>Annual check and safety certificate.</CardDescription>
      </CardHeader>
      <CardContent>Thursday 12 March, 10:00 – 11:00 with Byrne Plumbing.</CardContent>
      <CardFooter>
        <Button size="sm">Message vendor</Button>
        <Button size="sm" variant="ghost">
          Reschedule
        </Button>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Dark: Story = { globals: { theme: 'dark' } };
export const ContentOnly: Story = {
  render: () => (
    <Card className="max-w-sm">
      <CardContent>A plain card with only content.</CardContent>
    </Card>
  ),
};
