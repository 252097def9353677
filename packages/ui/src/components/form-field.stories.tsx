import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FormField } from './form-field';
import { Input } from './input';
import { PasswordInput } from './password-input';
import { Textarea } from './textarea';

const meta = {
  title: 'Components/FormField',
  component: FormField,
  args: { label: 'Email', children: <Input type="email" placeholder="you@example.com" /> },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = { args: { hint: 'We send booking confirmations here.' } };
export const Required: Story = { args: { required: true } };
export const WithError: Story = {
  args: {
    required: true,
    hint: 'We send booking confirmations here.',
    error: 'Enter an email address like name@example.com',
    children: <Input type="email" defaultValue="jane@" />,
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: /Email/ });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toBeRequired();
    await expect(input).toHaveAccessibleDescription(
      'We send booking confirmations here. Enter an email address like name@example.com',
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter an email address');
  },
};
export const WithTextarea: Story = {
  args: { label: 'Message to the vendor', hint: 'Optional', children: <Textarea /> },
};
export const WithPassword: Story = {
  args: {
    label: 'Password',
    hint: 'At least 8 characters',
    children: <PasswordInput autoComplete="new-password" />,
  },
};
export const ErrorDark: Story = { ...WithError, play: undefined, globals: { theme: 'dark' } };
