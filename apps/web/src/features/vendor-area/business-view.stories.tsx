import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import type { GeocodeResult } from '@vetted/contract';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { categories, loadError } from '../../fixtures';
import { bostonSuggestions } from '../../fixtures/places';
import { approvedProfile, draftProfile } from '../../fixtures/vendor-area';
import { BusinessView, type BusinessViewProps } from './business-view';

/*
 * `/vendor/business`: the business profile form with its live preview of the card
 * customers see in search. City suggestions are filtered from the fixtures as the page's geocode
 * hook would answer them.
 */

function BusinessProfile(
  props: Omit<BusinessViewProps, 'cities' | 'onCityTextChange' | 'citySearching'>,
) {
  const [text, setText] = useState('');
  const q = text.trim().toLowerCase();
  const cities: GeocodeResult[] = q
    ? bostonSuggestions.filter((c) => c.name.toLowerCase().startsWith(q.slice(0, 4)))
    : [];
  return <BusinessView {...props} cities={cities} onCityTextChange={setText} />;
}

const meta = {
  title: 'Screens/Vendor/Business profile',
  component: BusinessProfile,
  args: {
    categories: [
      ...categories,
      {
        id: '00000000-0000-4000-8000-000000000007',
        slug: 'locksmith',
        name: 'Locksmith',
        description: 'Lockouts opened and locks changed by vetted locksmiths.',
        icon: 'key-round',
        vendorCount: 12,
      },
    ],
    onRetry: fn(),
    onSave: fn(async () => undefined),
  },
} satisfies Meta<typeof BusinessProfile>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('status', { name: 'Loading your business profile' }),
    ).toBeVisible();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: loadError },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** A new pro's profile, as they signed up: tagline and bio still empty. */
export const NewPro: Story = {
  name: 'New pro',
  args: { profile: draftProfile },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/^Business name/)).toHaveValue('Rivera Plumbing');
    await expect(canvas.getByRole('combobox', { name: /^City/ })).toHaveValue('Boston');
    await expect(canvas.getByText('0 / 2,000')).toBeVisible();
    await expect(canvas.getByText('Before you can submit for review')).toBeVisible();
    await expect(canvas.getByText('Add a bio of at least 40 characters')).toBeVisible();
    const preview = within(canvas.getByRole('region', { name: 'How customers see you' }));
    await expect(preview.getByText('Rivera Plumbing')).toBeVisible();
    await expect(preview.getByText('Plumbing')).toBeVisible();
  },
};

/** Typing updates the preview and the bio counter; saving sends the contract's body. */
export const EditAndSave: Story = {
  name: 'Edit and save',
  args: { profile: draftProfile },
  play: async ({ canvas, args }) => {
    const name = canvas.getByLabelText(/^Business name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Rivera & Sons Plumbing');
    const preview = within(canvas.getByRole('region', { name: 'How customers see you' }));
    await expect(preview.getByText('Rivera & Sons Plumbing')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^Tagline/), 'Boilers fixed the same day');
    await userEvent.type(canvas.getByLabelText(/^About your business/), 'Nine years in Boston.');
    await expect(canvas.getByText('21 / 2,000')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith({
        businessName: 'Rivera & Sons Plumbing',
        tagline: 'Boilers fixed the same day',
        bio: 'Nine years in Boston.',
        primaryCategorySlug: 'plumbing',
        city: 'Boston',
        country: 'US',
        lat: draftProfile.profile.lat,
        lng: draftProfile.profile.lng,
        serviceRadiusKm: 25,
      }),
    );
  },
};

/** Picking another Boston from the suggestions sets its country and coordinates. */
export const PickCity: Story = {
  name: 'Pick a city from the suggestions',
  args: { profile: draftProfile },
  play: async ({ canvas, args }) => {
    const city = canvas.getByRole('combobox', { name: /^City/ });
    await userEvent.clear(city);
    await userEvent.type(city, 'Bost');
    await expect(city).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(city).toHaveValue('Boston');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith(
        expect.objectContaining({
          city: 'Boston',
          country: 'GB',
          lat: bostonSuggestions[1]!.lat,
          lng: bostonSuggestions[1]!.lng,
        }),
      ),
    );
  },
};

export const ValidationErrors: Story = {
  args: { profile: draftProfile },
  play: async ({ canvas, args }) => {
    await userEvent.clear(canvas.getByLabelText(/^Business name/));
    const radius = canvas.getByLabelText(/^Service radius/);
    await userEvent.clear(radius);
    await userEvent.type(radius, '900');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText('Enter your business name')).toBeVisible();
    await expect(canvas.getByText('Service radius must be at most 500 km')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const UnknownCity: Story = {
  name: 'Unknown city (server 422)',
  args: {
    profile: draftProfile,
    onSave: fn(async () => {
      throw new ApiError('city: We could not find "Bostn" in United States.', {
        code: 422,
        status: 422,
        errorCode: 'unknown_city',
        fields: { city: 'We could not find "Bostn" in United States. Pick a suggestion.' },
        request: { method: 'PUT', url: '/v1/vendor/profile' },
      });
    }),
  },
  play: async ({ canvas }) => {
    const city = canvas.getByRole('combobox', { name: /^City/ });
    await userEvent.clear(city);
    await userEvent.type(city, 'Bostn');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(city).toHaveAttribute('aria-invalid', 'true'));
    await expect(city).toHaveAccessibleDescription(/We could not find "Bostn"/);
  },
};

/** An approved pro with reviews and prices: the preview shows them. */
export const Approved: Story = {
  args: { profile: approvedProfile },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('Before you can submit for review')).toBeNull();
    const preview = within(canvas.getByRole('region', { name: 'How customers see you' }));
    await expect(preview.getByText('KeyMaster Seattle')).toBeVisible();
    await expect(preview.getByText('$60.00')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { profile: approvedProfile },
};

export const Mobile: Story = {
  name: 'New pro at 375 px',
  parameters: { testViewport: { width: 375 } },
  args: { profile: draftProfile },
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
};
