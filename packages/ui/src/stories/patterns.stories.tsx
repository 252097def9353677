import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/card';
import { FormField } from '../components/form-field';
import { Input } from '../components/input';
import { OtpInput } from '../components/otp-input';
import { PasswordInput } from '../components/password-input';
import { Price } from '../components/price';
import { SlotPicker } from '../components/slot-picker';
import { toast } from '../components/toaster';
import { slotDays } from './fixtures';

/* Compositions that show how the pieces fit; apps/web builds its screens the same way. */

const meta = {
  title: 'Patterns/Compositions',
  parameters: { layout: 'centered' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

function SignInForm({ onSubmit }: { onSubmit: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card className="w-[min(24rem,90vw)]">
      <CardHeader>
        <CardTitle>Log in</CardTitle>
        <CardDescription>We email you a one-time code.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!/^\S+@\S+\.\S+$/.test(email)) {
              setError('Enter an email address like name@example.com');
              return;
            }
            setError(null);
            onSubmit(email);
          }}
        >
          <FormField label="Email" error={error} required>
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
          <FormField label="Password" hint="At least 8 characters">
            <PasswordInput />
          </FormField>
          <Button type="submit" className="w-full">
            Continue
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export const SignIn: Story = {
  render: () => <SignInForm onSubmit={fn()} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter an email address');
    await expect(canvas.getByRole('textbox', { name: /Email/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const SignInDark: Story = {
  render: () => <SignInForm onSubmit={fn()} />,
  globals: { theme: 'dark' },
};

export const VerifyCode: Story = {
  render: () => {
    const [code, setCode] = useState('');
    return (
      <Card className="w-[min(26rem,92vw)]">
        <CardHeader>
          <CardTitle>Check your email</CardTitle>
          <CardDescription>Enter the 6-digit code we sent to aoife@example.com.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Code">
            <OtpInput
              value={code}
              onChange={setCode}
              onComplete={() => toast.success('Signed in')}
            />
          </FormField>
          <Button variant="link" className="w-fit">
            Send a new code
          </Button>
        </CardContent>
      </Card>
    );
  },
};

export const BookATime: Story = {
  render: () => {
    const [startsAt, setStartsAt] = useState<string>();
    return (
      <Card className="w-[min(40rem,94vw)]">
        <CardHeader>
          <CardTitle>Boiler service</CardTitle>
          <CardDescription>
            90 min · <Price amount={9500} currency="EUR" locale="en-IE" />
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SlotPicker
            days={slotDays}
            timeZone="Europe/Dublin"
            locale="en-IE"
            value={startsAt}
            onChange={setStartsAt}
          />
          <Button disabled={!startsAt} className="w-full sm:w-fit">
            Continue to payment
          </Button>
        </CardContent>
      </Card>
    );
  },
  play: async ({ canvas }) => {
    const next = canvas.getByRole('button', { name: 'Continue to payment' });
    await expect(next).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: '13:00' }));
    await expect(next).toBeEnabled();
  },
};
