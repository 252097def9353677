import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { placeholderImage } from '../stories/fixtures';
import { Avatar } from './avatar';

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  args: { name: 'Aoife Byrne' },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('AB')).toBeInTheDocument();
  },
};
export const WithImage: Story = { args: { src: placeholderImage('AB', 1, 200, 200) } };
export const BrokenImageFallsBack: Story = { args: { src: 'data:image/png;base64,broken' } };
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg', src: placeholderImage('AB', 2, 200, 200) } };
export const SingleName: Story = { args: { name: 'Cher' } };
export const Group: Story = {
  render: () => (
    <div className="flex -space-x-2">
      {['Aoife Byrne', 'Tomás Kelly', 'Priya Nair', 'Luca Rossi'].map((n) => (
        <Avatar key={n} name={n} className="ring-2 ring-surface" />
      ))}
    </div>
  ),
};
