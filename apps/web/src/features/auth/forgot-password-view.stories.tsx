import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import type { OtpChallenge } from '@vetted/contract';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ForgotPasswordView } from './forgot-password-view';

const challenge: OtpChallenge = {
  challengeId: '0b3e6a52-7d0f-4c53-9f0e-3a1f8c2d4e61',
  email: 'ada@example.com',
  purpose: 'password_reset',
  expiresAt: '2026-03-01T12:10:00.000Z',
  resendAvailableAt: '2026-03-01T12:00:30.000Z',
};

const request = { method: 'POST', url: '/v1/auth/password/reset' };

const meta = {
  title: 'Screens/Auth/Forgot password',
  component: ForgotPasswordView,
  args: {
    challenge: null,
    loginHref: '/auth/login',
    onRequestCode: fn(async () => undefined),
    onReset: fn(async () => undefined),
    onResend: fn(async () => undefined),
    onStartAgain: fn(),
  },
  decorators: [
    (Story) => (
      <div className="mx-auto w-full max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ForgotPasswordView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Step 1, empty: the address is checked before anything is sent. */
export const EmailStep: Story = {
  name: 'Step 1: email',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(await canvas.findByText('Enter a valid email address')).toBeVisible();
    await expect(args.onRequestCode).not.toHaveBeenCalled();
  },
};

/** Step 1 while the request is on its way. */
export const Loading: Story = {
  args: {
    defaultEmail: 'ada@example.com',
    onRequestCode: fn(() => new Promise<void>(() => {})),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(canvas.getByRole('button', { name: /Send code/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(args.onRequestCode).toHaveBeenCalledWith({ email: 'ada@example.com' });
  },
};

/** Step 1 when the request fails: the message shows above the button. */
export const ErrorState: Story = {
  name: 'Error',
  args: {
    defaultEmail: 'ada@example.com',
    onRequestCode: fn(async () => {
      throw new ApiError('Connection timeout. Please try again later.', {
        code: 'TIMEOUT',
        request: { method: 'POST', url: '/v1/auth/password/forgot' },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Connection timeout. Please try again later.',
    );
  },
};

/** Step 2: code and new password, checked before they are sent. */
export const Populated: Story = {
  name: 'Step 2: code and new password',
  args: { challenge },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('ada@example.com')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }), '482915');
    await userEvent.type(canvas.getByLabelText(/^New password/), 'a brand new password');
    await userEvent.type(canvas.getByLabelText(/^Repeat the new password/), 'a different one');
    await userEvent.click(canvas.getByRole('button', { name: 'Set new password' }));
    await expect(await canvas.findByText('The passwords do not match')).toBeVisible();
    await expect(args.onReset).not.toHaveBeenCalled();
  },
};

/** Step 2 when the server refuses the code. */
export const WrongCode: Story = {
  name: 'Step 2: wrong code',
  args: {
    challenge,
    onReset: fn(async () => {
      throw new ApiError('Incorrect code. 4 attempts left', {
        code: 400,
        status: 400,
        errorCode: 'otp_invalid',
        request,
      });
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Digit 1 of 6' }), '111111');
    await userEvent.type(canvas.getByLabelText(/^New password/), 'a brand new password');
    await userEvent.type(canvas.getByLabelText(/^Repeat the new password/), 'a brand new password');
    await userEvent.click(canvas.getByRole('button', { name: 'Set new password' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Incorrect code. 4 attempts left',
    );
    await expect(args.onReset).toHaveBeenCalledWith({
      code: '111111',
      password: 'a brand new password',
    });
  },
};
