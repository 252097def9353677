import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { FormField } from './form-field';
import { OtpInput, type OtpInputProps } from './otp-input';

function Controlled(props: Partial<OtpInputProps>) {
  const [value, setValue] = useState(props.value ?? '');
  return (
    <div className="grid gap-2">
      <OtpInput
        aria-label="Verification code"
        {...props}
        value={value}
        onChange={(v) => {
          setValue(v);
          props.onChange?.(v);
        }}
      />
      <output data-testid="otp-value" className="text-sm text-muted">
        Value: {value || '—'}
      </output>
    </div>
  );
}

const meta = {
  title: 'Components/OtpInput',
  component: OtpInput,
  args: { value: '', onChange: fn(), onComplete: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof OtpInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const cells = (canvas: { getAllByRole: (role: 'textbox') => HTMLElement[] }) =>
  canvas.getAllByRole('textbox');

export const Empty: Story = {
  play: async ({ canvas }) => {
    const all = cells(canvas);
    await expect(all).toHaveLength(6);
    await expect(all[0]).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(all[0]).toHaveAttribute('inputmode', 'numeric');
    await expect(canvas.getByLabelText('Digit 3 of 6')).toBe(all[2]);
  },
};
export const Partial: Story = { args: { value: '123' } };
export const Filled: Story = { args: { value: '482913' } };
export const Invalid: Story = { args: { value: '482913', invalid: true } };
export const Disabled: Story = { args: { value: '48', disabled: true } };
export const FourDigits: Story = { args: { length: 4 } };
export const InFormField: Story = {
  render: (args) => (
    <FormField
      label="Verification code"
      hint="We sent a 6-digit code to aoife@example.com."
      error="That code has expired. Request a new one."
      required
    >
      <Controlled {...args} value="123456" />
    </FormField>
  ),
  play: async ({ canvas }) => {
    const first = canvas.getByLabelText('Digit 1 of 6');
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(first).toBeRequired();
    await expect(first).toHaveAccessibleDescription(/We sent a 6-digit code.*expired/);
  },
};
export const Dark: Story = { args: { value: '4829' }, globals: { theme: 'dark' } };

/** The room a 320 px phone leaves inside a card (240 px): the cells narrow, none overflows. */
export const NarrowRow: Story = {
  args: { value: '482913' },
  decorators: [
    (Story) => (
      <div data-testid="row" className="w-60 outline-dashed outline-1 outline-border">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const row = canvas.getByTestId('row').getBoundingClientRect();
    for (const cell of cells(canvas)) {
      const box = cell.getBoundingClientRect();
      await expect(box.right).toBeLessThanOrEqual(row.right);
      await expect(box.height).toBeGreaterThanOrEqual(44);
      // Still wide enough for a digit and a thumb (WCAG 2.5.8: at least 24 px).
      await expect(box.width).toBeGreaterThanOrEqual(24);
    }
  },
};

export const TypingAdvances: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByLabelText('Digit 1 of 6'));
    await userEvent.keyboard('12a3456');
    await expect(canvas.getByTestId('otp-value')).toHaveTextContent('Value: 123456');
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
    await expect(canvas.getByLabelText('Digit 6 of 6')).toHaveFocus();
  },
};

export const PasteFillsAllCells: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByLabelText('Digit 1 of 6'));
    await userEvent.paste('98 76-54');
    const all = cells(canvas);
    await expect(all.map((c) => (c as HTMLInputElement).value).join('')).toBe('987654');
    await expect(args.onComplete).toHaveBeenCalledWith('987654');
  },
};

export const PasteIntoMiddleCell: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByLabelText('Digit 4 of 6'));
    await userEvent.paste('246810');
    await expect(canvas.getByTestId('otp-value')).toHaveTextContent('Value: 246810');
  },
};

export const BackspaceMovesBack: Story = {
  args: { value: '123' },
  play: async ({ canvas }) => {
    const fourth = canvas.getByLabelText('Digit 4 of 6');
    await userEvent.click(fourth);
    await userEvent.keyboard('{Backspace}');
    await expect(canvas.getByTestId('otp-value')).toHaveTextContent('Value: 12');
    await expect(canvas.getByLabelText('Digit 3 of 6')).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await expect(canvas.getByTestId('otp-value')).toHaveTextContent('Value: 1');
    await expect(canvas.getByLabelText('Digit 2 of 6')).toHaveFocus();
  },
};

export const ArrowKeysMove: Story = {
  args: { value: '1234' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByLabelText('Digit 2 of 6'));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByLabelText('Digit 3 of 6')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(canvas.getByLabelText('Digit 1 of 6')).toHaveFocus();
    await userEvent.keyboard('9');
    await expect(canvas.getByTestId('otp-value')).toHaveTextContent('Value: 9234');
  },
};
