import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Input } from './input';

const meta = {
  title: 'Components/Input',
  component: Input,
  args: { 'aria-label': 'Full name', placeholder: 'Jane Doe' },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: 'Aoife Byrne' } };
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'Locked' } };
export const ReadOnly: Story = { args: { readOnly: true, defaultValue: 'ORD-2031' } };
export const Invalid: Story = { args: { 'aria-invalid': true, defaultValue: 'not-an-email' } };
export const Email: Story = {
  args: {
    type: 'email',
    'aria-label': 'Email',
    placeholder: 'you@example.com',
    autoComplete: 'email',
  },
};
export const Dark: Story = { args: { defaultValue: 'Dark mode' }, globals: { theme: 'dark' } };

export const Typing: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Full name' });
    await userEvent.type(input, 'Seán Ó Briain');
    await expect(input).toHaveValue('Seán Ó Briain');
  },
};
