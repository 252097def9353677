import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import type { OtpChallenge } from '@vetted/contract';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { settled } from '../../fixtures/settled';
import { EmailChangeDialog } from './email-change-dialog';

const challenge: OtpChallenge = {
  challengeId: '0b3e6a52-7d0f-4c53-9f0e-3a1f8c2d4e62',
  email: 'casey.new@example.com',
  purpose: 'email_change',
  expiresAt: '2026-11-22T10:10:00.000Z',
  resendAvailableAt: '2026-11-22T10:00:30.000Z',
};

const request = { method: 'POST', url: '/v1/me/email/verify' };
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

const meta = {
  title: 'Screens/Shared/Profile/Email change',
  component: EmailChangeDialog,
  args: {
    currentEmail: 'customer@vetted.test',
    onRequestCode: fn(async () => challenge),
    onVerify: fn(async () => undefined),
    onResend: fn(async () => challenge),
  },
} satisfies Meta<typeof EmailChangeDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: the button beside the email field. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Change email' })).toBeVisible();
  },
};

/** Step 1: the new address and the password are checked before anything is sent. */
export const AddressStep: Story = {
  name: 'Step 1: new address',
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Change email' }));
    const dialog = await settled(
      await page(canvasElement).findByRole('dialog', { name: 'Change your email' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await expect(await within(dialog).findByText('Enter a valid email address')).toBeVisible();
    await expect(within(dialog).getByText('Enter your password')).toBeVisible();
    await expect(args.onRequestCode).not.toHaveBeenCalled();
  },
};

/** Step 1 refused by the API: a wrong password lands on its field. */
export const WrongPassword: Story = {
  name: 'Step 1: wrong password',
  args: {
    onRequestCode: fn(async () => {
      throw new ApiError('Your password is incorrect', {
        code: 400,
        status: 400,
        errorCode: 'wrong_password',
        fields: { password: 'Your password is incorrect' },
        request: { method: 'POST', url: '/v1/me/email' },
      });
    }),
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Change email' }));
    const dialog = within(await settled(await page(canvasElement).findByRole('dialog')));
    await userEvent.type(dialog.getByLabelText(/^New email/), 'Casey.New@Example.com');
    await userEvent.type(dialog.getByLabelText(/^Password/), 'not my password');
    await userEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    await expect(await dialog.findByText('Your password is incorrect')).toBeVisible();
    await expect(args.onRequestCode).toHaveBeenCalledWith({
      newEmail: 'casey.new@example.com',
      password: 'not my password',
    });
  },
};

/** Step 2: the code mailed to the new address. */
export const CodeStep: Story = {
  name: 'Step 2: code',
  args: { initialChallenge: challenge },
  play: async ({ canvasElement, args }) => {
    const dialog = within(
      await settled(await page(canvasElement).findByRole('dialog', { name: 'Enter the code' })),
    );
    await expect(dialog.getByText('casey.new@example.com')).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: 'Digit 1 of 6' }), '482915');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm new email' }));
    await waitFor(() =>
      expect(args.onVerify).toHaveBeenCalledWith({
        challengeId: challenge.challengeId,
        code: '482915',
      }),
    );
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
  },
};

/** Step 2 with a wrong code: the API's words, attempts left included. */
export const WrongCode: Story = {
  name: 'Step 2: wrong code',
  args: {
    initialChallenge: challenge,
    onVerify: fn(async () => {
      throw new ApiError('Incorrect code. 4 attempts left', {
        code: 400,
        status: 400,
        errorCode: 'otp_invalid',
        request,
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await page(canvasElement).findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Digit 1 of 6' }), '111111');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm new email' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Incorrect code. 4 attempts left',
    );
  },
};

/** Step 2 when another account took the address meanwhile (409). */
export const AddressTaken: Story = {
  name: 'Step 2: address taken',
  args: {
    initialChallenge: challenge,
    onVerify: fn(async () => {
      throw new ApiError('Another account already uses this email address. Choose another one', {
        code: 409,
        status: 409,
        errorCode: 'email_taken',
        request,
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await settled(await page(canvasElement).findByRole('dialog')));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Digit 1 of 6' }), '482915');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm new email' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Another account already uses this email address',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Use another address' }));
    await expect(await dialog.findByLabelText(/^New email/)).toBeVisible();
  },
};
