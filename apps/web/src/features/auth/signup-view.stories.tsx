import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import type { GeocodeResult } from '@vetted/contract';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, type within } from 'storybook/test';
import { categories } from '../../fixtures';
import { bostonSuggestions } from '../../fixtures/places';
import { SignupView, type SignupViewProps } from './signup-view';

/*
 * `/auth/signup`: "I offer services" asks for the business — name, main category,
 * city (type-ahead) and service radius — and sends it with the account. City suggestions are
 * filtered from the fixtures as the page's geocode hook would answer them.
 */

function Signup(props: Omit<SignupViewProps, 'cities' | 'onCityTextChange' | 'citySearching'>) {
  const [text, setText] = useState('');
  const q = text.trim().toLowerCase();
  const cities: GeocodeResult[] = q
    ? bostonSuggestions.filter((c) => c.name.toLowerCase().startsWith(q.slice(0, 4)))
    : [];
  return <SignupView {...props} cities={cities} onCityTextChange={setText} />;
}

const meta = {
  title: 'Screens/Auth/Sign up',
  component: Signup,
  args: {
    defaultRole: 'customer',
    loginHref: '/auth/login',
    categories,
    onRoleChange: fn(),
    onSubmit: fn(async () => undefined),
  },
  decorators: [(Story) => <div className="mx-auto w-full max-w-md">{Story()}</div>],
} satisfies Meta<typeof Signup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Name, email and password: the parts every account has. */
async function fillAccount(canvas: ReturnType<typeof within>) {
  await userEvent.type(canvas.getByLabelText(/^Full name/), 'Rosa Rivera');
  await userEvent.type(canvas.getByLabelText(/^Email/), 'rosa@example.com');
  await userEvent.type(canvas.getByLabelText(/^Password/), 'correct horse battery');
}

export const Customer: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: 'Your business' })).toBeNull();
  },
};

/** Choosing "I offer services" shows the business fields. */
export const ChoosePro: Story = {
  name: 'Choose "I offer services"',
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('radio', { name: /I offer services/ }));
    await expect(args.onRoleChange).toHaveBeenCalledWith('vendor');
    await expect(canvas.getByRole('heading', { name: 'Create your pro account' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Your business' })).toBeVisible();
    await expect(canvas.getByLabelText(/^Business name/)).toBeVisible();
    await expect(canvas.getByLabelText(/^Service radius/)).toHaveValue(25);
  },
};

export const ProValidation: Story = {
  name: 'Pro: what is missing',
  args: { defaultRole: 'vendor' },
  play: async ({ canvas, args }) => {
    await fillAccount(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByText('Enter your business name')).toBeVisible();
    await expect(canvas.getByText('Choose your main category')).toBeVisible();
    await expect(canvas.getByText('Enter your city')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A pro's sign-up sends the business with the city's country and coordinates. */
export const ProSignup: Story = {
  name: 'Pro: sign up with a business',
  args: { defaultRole: 'vendor' },
  play: async ({ canvas, args }) => {
    await fillAccount(canvas);
    await userEvent.type(canvas.getByLabelText(/^Business name/), 'Rivera Plumbing');
    await userEvent.click(canvas.getByRole('combobox', { name: /^Main category/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Plumbing' }));
    const city = canvas.getByRole('combobox', { name: /^City/ });
    await userEvent.type(city, 'Bost');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(city).toHaveValue('Boston');
    await expect(canvas.getByText('Boston, MA · United States')).toBeVisible();
    const radius = canvas.getByLabelText(/^Service radius/);
    await userEvent.clear(radius);
    await userEvent.type(radius, '40');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({
          role: 'vendor',
          email: 'rosa@example.com',
          business: {
            businessName: 'Rivera Plumbing',
            primaryCategorySlug: 'plumbing',
            city: 'Boston',
            country: 'US',
            lat: bostonSuggestions[0]!.lat,
            lng: bostonSuggestions[0]!.lng,
            serviceRadiusKm: 40,
          },
        }),
      ),
    );
  },
};

/** Business fields typed before switching back to "I'm a customer" are not sent. */
export const BackToCustomer: Story = {
  name: 'Back to customer: no business sent',
  args: { defaultRole: 'vendor' },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText(/^Business name/), 'Half a business');
    await userEvent.click(canvas.getByRole('radio', { name: /I'm a customer/ }));
    await fillAccount(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ role: 'customer' })),
    );
    await expect(args.onSubmit).not.toHaveBeenCalledWith(
      expect.objectContaining({ business: expect.anything() }),
    );
  },
};

export const EmailTaken: Story = {
  name: 'Email already used (server)',
  args: {
    onSubmit: fn(async () => {
      throw new ApiError('An account with this email already exists. Log in instead.', {
        code: 409,
        status: 409,
        errorCode: 'email_taken',
        request: { method: 'POST', url: '/v1/auth/signup' },
      });
    }),
  },
  play: async ({ canvas }) => {
    await fillAccount(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(canvas.getByLabelText(/^Email/)).toHaveAccessibleDescription(/already exists/),
    );
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { defaultRole: 'vendor' },
};

export const Mobile: Story = {
  name: 'Pro at 375 px',
  parameters: { testViewport: { width: 375 } },
  args: { defaultRole: 'vendor' },
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
};
