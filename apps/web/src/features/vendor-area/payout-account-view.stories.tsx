import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import type { PayoutAccount, PayoutAccountState } from '@vetted/contract';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { PayoutAccountSection } from './payout-account-view';
import { at375px, errorStory, loadingStory } from './story-states';

/*
 * "Payout account" on `/vendor/earnings`: where payouts go. Sandbox: a bank account form (IBAN,
 * or US routing + account numbers; the server checks the check digits). Stripe: Connect
 * onboarding and the account's state (setup not finished, verified, paused by Stripe).
 */

const UPDATED = '2026-11-20T15:00:00.000Z';

const usAccount: PayoutAccount = {
  kind: 'bank_account',
  status: 'verified',
  country: 'US',
  holderName: 'Demo Plumbing Co',
  last4: '6789',
  routingNumber: '011000015',
  updatedAt: UPDATED,
};

const stripeAccount = (status: PayoutAccount['status'], last4 = '6789'): PayoutAccount => ({
  kind: 'stripe_connect',
  status,
  country: 'US',
  holderName: last4 ? 'Demo Plumbing Co' : '',
  last4,
  routingNumber: null,
  updatedAt: UPDATED,
});

const sandbox = (account: PayoutAccount | null): PayoutAccountState => ({
  provider: 'sandbox',
  account,
  onboardingUrl: null,
});
const stripe = (account: PayoutAccount | null): PayoutAccountState => ({
  provider: 'stripe',
  account,
  onboardingUrl: null,
});

const meta = {
  title: 'Screens/Vendor/Payout account',
  component: PayoutAccountSection,
  args: {
    onRetry: fn(),
    onSave: fn(async () => undefined),
    onStripeSetup: fn(async () => undefined),
    defaultCountry: 'US',
  },
} satisfies Meta<typeof PayoutAccountSection>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = loadingStory('Loading payout account');

export const ErrorState: Story = errorStory('Error loading data');

/** Sandbox, no account yet: US routing + account numbers, sent trimmed. */
export const AddUsBankAccount: Story = {
  name: 'Sandbox: add a US bank account',
  args: { state: sandbox(null) },
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByText('Where your payouts go. Add it before your first payout.'),
    ).toBeVisible();
    await userEvent.type(
      canvas.getByRole('textbox', { name: /^Account holder/ }),
      ' Demo Plumbing Co ',
    );
    await userEvent.type(canvas.getByRole('textbox', { name: /^Routing number/ }), '011000015');
    await userEvent.type(canvas.getByRole('textbox', { name: /^Account number/ }), '000123456789');
    await userEvent.click(canvas.getByRole('button', { name: 'Save payout account' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith({
        type: 'us_bank_account',
        country: 'US',
        holderName: 'Demo Plumbing Co',
        routingNumber: '011000015',
        accountNumber: '000123456789',
      }),
    );
  },
};

/** Another country: the form asks for an IBAN instead. */
export const AddIban: Story = {
  name: 'Sandbox: add an IBAN',
  args: { state: sandbox(null) },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: /^Country of your bank/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Germany' }));
    await expect(canvas.queryByRole('textbox', { name: /^Routing number/ })).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: /^Account holder/ }), 'Vera Vendor');
    await userEvent.type(
      canvas.getByRole('textbox', { name: /^IBAN/ }),
      'DE89 3704 0044 0532 0130 00',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Save payout account' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith({
        type: 'iban',
        country: 'DE',
        holderName: 'Vera Vendor',
        iban: 'DE89 3704 0044 0532 0130 00',
      }),
    );
  },
};

/** The form's own checks: a routing number must have 9 digits (nothing is sent). */
export const InvalidShape: Story = {
  name: 'Sandbox: routing number too short',
  args: { state: sandbox(null) },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: /^Account holder/ }), 'Vera Vendor');
    const routing = canvas.getByRole('textbox', { name: /^Routing number/ });
    await userEvent.type(routing, '0110');
    await userEvent.type(canvas.getByRole('textbox', { name: /^Account number/ }), '12345678');
    await userEvent.click(canvas.getByRole('button', { name: 'Save payout account' }));
    await waitFor(() => expect(routing).toHaveAttribute('aria-invalid', 'true'));
    await expect(routing).toHaveAccessibleDescription(/A routing number has 9 digits/);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** The server's check digit verdict (422) lands on the field it names. */
export const BadChecksum: Story = {
  name: 'Sandbox: check digit refused (server 422)',
  args: {
    state: sandbox(null),
    onSave: fn(async () => {
      const message =
        'This routing number’s check digit does not match: copy the 9 digits from the bottom left of a check or from your bank';
      throw new ApiError(message, {
        code: 422,
        status: 422,
        errorCode: 'invalid_bank_account',
        fields: { routingNumber: message },
        request: { method: 'PUT', url: '/v1/vendor/payout-account' },
      });
    }),
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: /^Account holder/ }), 'Vera Vendor');
    const routing = canvas.getByRole('textbox', { name: /^Routing number/ });
    await userEvent.type(routing, '011000016');
    await userEvent.type(canvas.getByRole('textbox', { name: /^Account number/ }), '12345678');
    await userEvent.click(canvas.getByRole('button', { name: 'Save payout account' }));
    await waitFor(() => expect(routing).toHaveAttribute('aria-invalid', 'true'));
    await expect(routing).toHaveAccessibleDescription(/check digit does not match/);
  },
};

/** Sandbox, verified: "Bank account •••• 6789" and "Change" opens the form again. */
export const BankVerified: Story = {
  name: 'Sandbox: verified bank account',
  args: { state: sandbox(usAccount) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Bank account •••• 6789')).toBeVisible();
    await expect(canvas.getByText('Verified')).toBeVisible();
    await expect(canvas.getByText(/Routing 011000015/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Change' }));
    await expect(canvas.getByRole('textbox', { name: /^Account holder/ })).toHaveValue(
      'Demo Plumbing Co',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(canvas.getByText('Bank account •••• 6789')).toBeVisible();
  },
};

/** Stripe, nothing yet: one button to Stripe's onboarding. */
export const StripeNotSetUp: Story = {
  name: 'Stripe: not set up',
  args: { state: stripe(null) },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Set up payouts with Stripe' }));
    await expect(args.onStripeSetup).toHaveBeenCalledTimes(1);
  },
};

/** Back from Stripe before it confirmed: setup not finished, with what happens next. */
export const StripePending: Story = {
  name: 'Stripe: back from onboarding, not verified yet',
  args: { state: stripe(stripeAccount('pending', '')), stripeReturn: 'return' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Setup not finished')).toBeVisible();
    await expect(canvas.getByText(/Stripe is checking your details/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Continue setup with Stripe' })).toBeEnabled();
  },
};

export const StripeLinkExpired: Story = {
  name: 'Stripe: onboarding link expired',
  args: { state: stripe(stripeAccount('pending', '')), stripeReturn: 'refresh' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('That Stripe link expired')).toBeVisible();
  },
};

export const StripeVerified: Story = {
  name: 'Stripe: verified',
  args: { state: stripe(stripeAccount('verified')) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Stripe account •••• 6789')).toBeVisible();
    await expect(canvas.getByText('Verified')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Update details with Stripe' })).toBeEnabled();
  },
};

export const StripeRestricted: Story = {
  name: 'Stripe: payouts paused',
  args: { state: stripe(stripeAccount('restricted')) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Stripe paused payouts to this account')).toBeVisible();
    await expect(canvas.getByText('Paused by Stripe')).toBeVisible();
  },
};

/** A failed start (Stripe unreachable) is said where the button is. */
export const StripeSetupFails: Story = {
  name: 'Stripe: setup fails to start',
  args: {
    state: stripe(null),
    onStripeSetup: fn(async () => {
      throw new ApiError('Oops! Something went wrong. Try again', {
        code: 500,
        status: 500,
        request: { method: 'PUT', url: '/v1/vendor/payout-account' },
      });
    }),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Set up payouts with Stripe' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong');
    await expect(
      within(canvas.getByRole('region', { name: 'Payout account' })).getByRole('button', {
        name: 'Set up payouts with Stripe',
      }),
    ).toBeEnabled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { state: sandbox(null) },
};

export const DarkVerified: Story = {
  name: 'Dark, verified',
  globals: { theme: 'dark' },
  args: { state: sandbox(usAccount) },
};

export const Mobile: Story = {
  name: 'Form at 375 px',
  ...at375px,
  args: { state: sandbox(null) },
};
