import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import type { GeocodeResult, SavedAddress } from '@vetted/contract';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { bostonSuggestions, savedPlaces } from '../../fixtures/places';
import { settled } from '../../fixtures/settled';
import { LocationView, type LocationViewProps } from './location-view';

/** The view with city suggestions filtered from the fixtures as the page's geocode hook would. */
function SavedPlaces(props: Omit<LocationViewProps, 'cityOptions' | 'onCityTextChange'>) {
  const [text, setText] = useState('');
  const q = text.trim().toLowerCase();
  const cityOptions: GeocodeResult[] = q
    ? bostonSuggestions.filter((c) => c.name.toLowerCase().startsWith(q.slice(0, 4)))
    : [];
  return <LocationView {...props} cityOptions={cityOptions} onCityTextChange={setText} />;
}

const unknownCity = new ApiError(
  'city: We could not find "Bostn" in United States. Check the spelling, pick a city from the suggestions or use your current location.',
  {
    code: 422,
    status: 422,
    errorCode: 'unknown_city',
    fields: {
      city: 'We could not find "Bostn" in United States. Check the spelling or pick a suggestion.',
    },
    request: { method: 'POST', url: '/v1/me/addresses' },
  },
);

const meta = {
  title: 'Screens/Shared/Saved places',
  component: SavedPlaces,
  args: {
    defaultCountry: 'US',
    onRetry: fn(),
    onSave: fn(async () => undefined),
    onMakeDefault: fn(async () => undefined),
    onDelete: fn(async () => undefined),
    onLocate: fn(async () => ({ lat: 42.3601, lng: -71.0589, city: bostonSuggestions[0]! })),
  },
  decorators: [(Story) => <div className="mx-auto max-w-2xl">{Story()}</div>],
} satisfies Meta<typeof SavedPlaces>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading saved places' })).toBeVisible();
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

export const Empty: Story = {
  name: 'Empty (form open)',
  args: { places: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No saved places yet')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Add a place' })).toBeVisible();
    // The first place is the default anyway: no checkbox to choose it.
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Cancel' })).toBeNull();
  },
};

export const Populated: Story = {
  args: { places: savedPlaces },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Saved places' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(within(items[0]!).getByText('Default')).toBeVisible();
    await expect(within(items[0]!).queryByRole('button', { name: /Make default/ })).toBeNull();
    await expect(within(items[1]!).getByRole('button', { name: /Make default/ })).toBeVisible();
    await expect(canvas.getByText('4 Rue de Rivoli, Paris 75004 · France')).toBeVisible();
  },
};

export const MakeDefault: Story = {
  args: { places: savedPlaces },
  play: async ({ canvas, args }) => {
    const office = canvas.getByRole('listitem', { name: 'Office' });
    await userEvent.click(within(office).getByRole('button', { name: 'Make default' }));
    await expect(args.onMakeDefault).toHaveBeenCalledWith(savedPlaces[1]!.id);
  },
};

export const AddWithTypeAhead: Story = {
  name: 'Add: type "Bost" and pick Boston',
  args: { places: savedPlaces },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add a place' }));
    await userEvent.type(canvas.getByLabelText(/^Name/), 'Gym');
    await userEvent.type(canvas.getByLabelText(/^Street and number/), '200 Boylston St');
    const city = canvas.getByRole('combobox', { name: /^City/ });
    await userEvent.type(city, 'Bost');
    await expect(city).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(city).toHaveValue('Boston');
    await userEvent.click(canvas.getByRole('checkbox', { name: /default place/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save place' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith(
        {
          label: 'Gym',
          line1: '200 Boylston St',
          city: 'Boston',
          postcode: '',
          country: 'US',
          lat: bostonSuggestions[0]!.lat,
          lng: bostonSuggestions[0]!.lng,
          isDefault: true,
        },
        undefined,
      ),
    );
    // Saved: the form closes and focus goes back to "Add a place".
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Add a place' })).toHaveFocus());
  },
};

export const UseCurrentLocation: Story = {
  args: { places: [] },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Use my current location' }));
    await expect(
      await canvas.findByText('Found you near Boston, MA · United States.'),
    ).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: /^City/ })).toHaveValue('Boston');
    await expect(canvas.getByLabelText(/^Name/)).toHaveValue('Home');
    await expect(args.onLocate).toHaveBeenCalled();
  },
};

export const FromSharedPosition: Story = {
  name: 'First place from a shared position',
  args: {
    places: [],
    sharedPosition: { lat: 42.3601, lng: -71.0589, city: bostonSuggestions[0]! },
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/location you shared, near Boston/)).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: /^City/ })).toHaveValue('Boston');
    await userEvent.type(canvas.getByLabelText(/^Street and number/), '12 Harbour Road');
    await userEvent.click(canvas.getByRole('button', { name: 'Save place' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith(
        expect.objectContaining({ label: 'Home', city: 'Boston', lat: 42.3601, lng: -71.0589 }),
        undefined,
      ),
    );
  },
};

export const LocationDenied: Story = {
  args: {
    places: [],
    onLocate: fn(async () => {
      throw new Error(
        'Location permission was denied. Allow it in your browser settings or type your address.',
      );
    }),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Use my current location' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Location permission');
  },
};

export const ValidationErrors: Story = {
  args: { places: [] },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save place' }));
    await expect(await canvas.findByText('Give the place a name, e.g. Home')).toBeVisible();
    await expect(canvas.getByText('Enter the street and number')).toBeVisible();
    await expect(canvas.getByText('Enter the city')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const UnknownCity: Story = {
  name: 'Unknown city (server 422)',
  args: {
    places: [],
    onSave: fn(async () => {
      throw unknownCity;
    }),
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Name/), 'Home');
    await userEvent.type(canvas.getByLabelText(/^Street and number/), '12 Harbour Road');
    await userEvent.type(canvas.getByRole('combobox', { name: /^City/ }), 'Bostn');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByRole('button', { name: 'Save place' }));
    const city = canvas.getByRole('combobox', { name: /^City/ });
    await waitFor(() => expect(city).toHaveAttribute('aria-invalid', 'true'));
    await expect(city).toHaveAccessibleDescription(/We could not find "Bostn"/);
  },
};

export const Editing: Story = {
  args: { places: savedPlaces, initialForm: savedPlaces[1]!.id },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Edit “Office”' })).toBeVisible();
    const street = canvas.getByLabelText(/^Street and number/);
    await userEvent.clear(street);
    await userEvent.type(street, '2 Kendall Square');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith(
        expect.objectContaining({ line1: '2 Kendall Square', city: 'Cambridge' }),
        savedPlaces[1]!.id,
      ),
    );
  },
};

export const DeleteConfirm: Story = {
  name: 'Delete asks first',
  args: { places: savedPlaces },
  play: async ({ canvas, canvasElement, args }) => {
    const home = canvas.getByRole('listitem', { name: 'Home' });
    await userEvent.click(within(home).getByRole('button', { name: /Delete/ }));
    const dialog = await settled(
      await within(canvasElement.ownerDocument.body).findByRole('alertdialog'),
    );
    await expect(
      within(dialog).getByText('Your newest other place becomes your default.'),
    ).toBeVisible();
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete place' }));
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(savedPlaces[0]!.id));
  },
};

const twenty: SavedAddress[] = Array.from({ length: 20 }, (_, i) => ({
  ...savedPlaces[i % 3]!,
  id: `00000000-0000-4000-8000-${String(1000 + i).padStart(12, '0')}`,
  label: `Place ${i + 1}`,
  isDefault: i === 0,
}));

export const Full: Story = {
  name: 'Full (20 places)',
  args: { places: twenty },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Add a place/ })).toBeDisabled();
    await expect(canvas.getByText(/You can keep up to 20 places/)).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { places: savedPlaces, initialForm: 'new' },
};

export const Mobile: Story = {
  name: 'Populated at 375 px',
  parameters: { testViewport: { width: 375 } },
  args: { places: savedPlaces },
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
};
