import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { categories, picture } from '../../fixtures';
import { QuoteRequestForm, type QuoteRequestFormProps } from './quote-request-form';

/*
 * `/user/quotes/new`: the request form empty, from a pro's page, with photos being uploaded,
 * refused by the schema, and refused by the API ("no matching pros", field errors). Views take
 * props; no network.
 */

const TODAY = '2026-11-20';

/** A picture as a chosen file (an SVG, so stories never fetch). */
function photo(label: string, hue: number): File {
  const svg = decodeURIComponent(picture(label, hue, 480, 360).split(',')[1]!);
  return new File([svg], `${label.toLowerCase()}.svg`, { type: 'image/svg+xml' });
}

const places = [
  {
    id: '00000000-0000-4000-8000-0000000d0001',
    label: 'Home',
    address: '12 Harbour Road, Boston 02110',
  },
  {
    id: '00000000-0000-4000-8000-0000000d0002',
    label: 'Office',
    address: '1 Federal Street, Boston 02110',
  },
];

const filled = {
  categorySlug: 'plumbing',
  description:
    'The boiler in the kitchen cupboard drips from the bottom, about a cup a day, and the pressure drops overnight.',
  placeId: places[0]!.id,
  address: places[0]!.address,
  windows: [{ from: '2026-11-23', to: '2026-11-25' }],
  budget: '150',
};

const meta = {
  title: 'Screens/User/Get quotes',
  component: QuoteRequestForm,
  args: {
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    places,
    currency: 'USD',
    today: TODAY,
    onSubmit: fn(async () => {}),
  },
} satisfies Meta<typeof QuoteRequestForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** From "Get quotes" on the plumbing page: the category chosen, the default place filled in. */
export const Empty: Story = {
  args: {
    defaultValues: {
      categorySlug: 'plumbing',
      placeId: places[0]!.id,
      address: places[0]!.address,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/goes to up to 5 approved pros in Plumbing/)).toBeVisible();
    await expect(canvas.getByLabelText(/Address/)).toHaveValue(places[0]!.address);
    await expect(canvas.getByText(/0 \/ 2000 characters/)).toBeVisible();
  },
};

/** Sending as typed: the windows become the days' start and end; the budget minor units. */
export const Send: Story = {
  args: { defaultValues: filled },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalled());
    const [body, photos] = (args.onSubmit as ReturnType<typeof fn>).mock.calls[0]!;
    await expect(body).toMatchObject({
      categorySlug: 'plumbing',
      placeId: places[0]!.id,
      budget: 15_000,
    });
    await expect(body.address).toBeUndefined();
    await expect(body.windows).toHaveLength(1);
    await expect(photos).toEqual([]);
  },
};

/** From a pro's page: the request goes to that pro alone. */
export const FromProPage: Story = {
  name: 'From a pro’s page',
  args: {
    vendor: { businessName: 'Demo Plumbing Co.' },
    defaultValues: { categorySlug: 'plumbing' },
    places: [],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your request goes to Demo Plumbing Co.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send to Demo Plumbing Co.' })).toBeVisible();
  },
};

/** Nothing typed: the contract's messages at each field. */
export const Invalid: Story = {
  args: { places: [], defaultValues: { windows: [{ from: '2026-11-25', to: '2026-11-23' }] } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Describe the job/), 'Leaking tap');
    await userEvent.type(canvas.getByLabelText(/Budget/), 'lots');
    await userEvent.click(canvas.getByRole('button', { name: 'Send request' }));
    await expect(await canvas.findByText('Choose what kind of job it is')).toBeVisible();
    await expect(canvas.getByText('Describe the job in at least 20 characters')).toBeVisible();
    await expect(canvas.getByText('The last day must be on or after the first')).toBeVisible();
    await expect(canvas.getByText('Enter an amount like 150 or 150.50')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Photos chosen, previews with Remove, and the upload's progress while it is sent. */
export const Uploading: Story = {
  name: 'Uploading photos',
  args: {
    defaultValues: filled,
    defaultPhotos: [photo('Boiler', 10), photo('Drip', 190)],
    // Never answers: the form stays in its sending state at 45 %.
    onSubmit: fn<QuoteRequestFormProps['onSubmit']>((_body, _photos, onProgress) => {
      onProgress(0.45);
      return new Promise<void>(() => {});
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('2 of 6 · each under 3 MB')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove photo 2' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Send request' }));
    const bar = await canvas.findByRole('progressbar', { name: 'Uploading photos' });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    await expect(canvas.getByRole('button', { name: 'Remove photo 2' })).toBeDisabled();
  },
};

/** No pro covers the address: said plainly, everything typed kept. */
export const NoMatchingPros: Story = {
  name: 'No matching pros',
  args: {
    defaultValues: { ...filled, placeId: '', address: '1 Main Street, Nowhere' },
    onSubmit: fn(async () => {
      throw new ApiError('No approved plumbing pros work at this address yet.', {
        code: 422,
        status: 422,
        errorCode: 'no_matching_pros',
        request: { method: 'POST', url: '/v1/quote-requests' },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send request' }));
    await expect(await canvas.findByText('No pros found for this job yet')).toBeVisible();
    await expect(canvas.getByText(/Everything you entered is still here/)).toBeVisible();
    await expect(canvas.getByLabelText(/Address/)).toHaveValue('1 Main Street, Nowhere');
    await expect(canvas.getByLabelText(/Describe the job/)).toHaveValue(filled.description);
  },
};

/** The API's field errors land at their fields. */
export const ServerFieldErrors: Story = {
  name: 'Field errors from the API',
  args: {
    defaultValues: filled,
    onSubmit: fn(async () => {
      throw new ApiError('Check the highlighted fields', {
        code: 400,
        status: 400,
        fields: {
          address: 'We could not find this address',
          'windows.0.from': 'Choose a later day',
        },
        request: { method: 'POST', url: '/v1/quote-requests' },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Send request' }));
    await expect(await canvas.findByText('We could not find this address')).toBeVisible();
    await expect(canvas.getByText('Choose a later day')).toBeVisible();
  },
};
