import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { settled } from '../../fixtures/settled';
import {
  activeService,
  archivedService,
  imageTooLargeError,
  inactiveService,
  listingCategories,
  noPhotoService,
  unknownCategoryError,
} from '../../fixtures/vendor-listings';
import { ServiceEditorView } from './service-editor-view';

/*
 * `/vendor/services/service?id=`: the service editor — a new service, an existing
 * one with its photos and the customer preview, validation (in the browser and from the API),
 * delete that says whether it archives, an archived service read-only.
 */

const notFound = new ApiError('Service not found', {
  code: 404,
  status: 404,
  errorCode: 'not_found',
  request: { method: 'GET', url: '/v1/vendor/services/00000000-0000-4000-8000-000000000999' },
});

const meta = {
  title: 'Screens/Vendor/Service editor',
  component: ServiceEditorView,
  args: {
    isNew: false,
    service: activeService,
    categories: listingCategories,
    defaultCurrency: 'USD',
    servicesHref: '/vendor/services',
    onRetry: fn(),
    onSave: fn(async () => undefined),
    onDelete: fn(async () => undefined),
    imageActions: {
      onUpload: fn(async () => undefined),
      onSaveAlt: fn(async () => undefined),
      onReorder: fn(async () => undefined),
      onDelete: fn(async () => undefined),
    },
  },
} satisfies Meta<typeof ServiceEditorView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { service: undefined, isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading service' })).toBeVisible();
  },
};

export const ErrorState: Story = {
  name: 'Error (not one of your services)',
  args: { service: undefined, error: notFound },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error loading service');
    await expect(canvas.getByText('Service not found')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** A new service: empty form in the asked category; photos come after the first save. */
export const New: Story = {
  name: 'New service',
  args: { service: undefined, isNew: true, defaultCategorySlug: 'locksmith' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'New service' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: /^Category/ })).toHaveTextContent(
      'Locksmith',
    );
    await expect(canvas.getByText('Create the service first, then add its photos.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Delete service' })).toBeNull();
  },
};

/** Sent empty: the contract's messages on each field, nothing sent. */
export const NewValidation: Story = {
  name: 'New service: validation errors',
  args: { service: undefined, isNew: true, defaultCategorySlug: '' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create service' }));
    await expect(await canvas.findByText('Title must be at least 3 characters')).toBeVisible();
    const category = canvas.getByRole('combobox', { name: /^Category/ });
    await expect(category).toHaveAttribute('aria-invalid', 'true');
    await expect(category).toHaveAccessibleDescription('Choose a category');
    await expect(canvas.getByText('Description must be at least 10 characters')).toBeVisible();
    await expect(canvas.getByText('Enter a price')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: /^Price/ }), '12,50');
    await userEvent.click(canvas.getByRole('button', { name: 'Create service' }));
    await expect(await canvas.findByText('Enter a price such as 50 or 49.99')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Filled in and created: the price typed in dollars is sent in cents. */
export const Create: Story = {
  name: 'New service: create',
  args: { service: undefined, isNew: true, defaultCategorySlug: 'locksmith' },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: /^Title/ }), 'Lock repair');
    await userEvent.type(
      canvas.getByRole('textbox', { name: /^Description/ }),
      'Stiff or broken locks repaired on the spot.',
    );
    await userEvent.type(canvas.getByRole('textbox', { name: /^Price/ }), '49.99');
    // The preview follows what is typed.
    const preview = within(canvas.getByRole('region', { name: 'How customers see it' }));
    await expect(preview.getByRole('heading', { name: 'Lock repair' })).toBeVisible();
    await expect(preview.getAllByText('$49.99')[0]).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Create service' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith({
        categorySlug: 'locksmith',
        title: 'Lock repair',
        description: 'Stiff or broken locks repaired on the spot.',
        price: { amount: 4999, currency: 'USD' },
        durationMinutes: 60,
        active: true,
      }),
    );
  },
};

/** An existing service: prefilled, with its photos and the preview of its card. */
export const Filled: Story = {
  name: 'Editing a service',
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Security survey' })).toBeVisible();
    await expect(canvas.getByText('Active · 2 upcoming orders')).toBeVisible();
    const price = canvas.getByRole('textbox', { name: /^Price/ });
    await expect(price).toHaveValue('60.00');
    await expect(canvas.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await expect(canvas.getAllByTestId('service-photo')).toHaveLength(4);
    await userEvent.clear(price);
    await userEvent.type(price, '75');
    await expect(canvas.getByText('Unsaved changes')).toBeVisible();
    const preview = within(canvas.getByRole('region', { name: 'How customers see it' }));
    await expect(preview.getAllByText('$75.00')[0]).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith(
        expect.objectContaining({ price: { amount: 7500, currency: 'USD' } }),
      ),
    );
    await waitFor(() => expect(canvas.queryByText('Unsaved changes')).toBeNull());
  },
};

/** Switched off: kept, and the preview says customers do not see it. */
export const Inactive: Story = {
  args: { service: inactiveService },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Active' })).not.toBeChecked();
    await expect(
      canvas.getByText('Inactive: customers do not see this service until you switch it on.'),
    ).toBeVisible();
  },
};

/** The API refuses a field: its message shows on that field. */
export const ServerFieldError: Story = {
  name: 'Validation error from the API',
  args: { onSave: fn(async () => Promise.reject(unknownCategoryError)) },
  play: async ({ canvas }) => {
    const title = canvas.getByRole('textbox', { name: /^Title/ });
    await userEvent.type(title, ' at home');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText('Unknown category "lock-smith"')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: /^Category/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** A photo over 3 MB refused by the server: the spec §5 message under "Photos". */
export const ImageUploadFailure: Story = {
  name: 'Photo upload failure',
  args: {
    imageActions: {
      onUpload: fn(async () => Promise.reject(imageTooLargeError)),
      onSaveAlt: fn(async () => undefined),
      onReorder: fn(async () => undefined),
      onDelete: fn(async () => undefined),
    },
  },
  play: async ({ canvas, canvasElement }) => {
    const file = new File([new Uint8Array(64)], 'van.png', { type: 'image/png' });
    await userEvent.upload(within(canvasElement).getByLabelText('Choose photos to add'), file);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'van.png: Image must be less than 3mb',
    );
  },
};

/** With upcoming orders, "Delete" says it archives the service and keeps the orders. */
export const DeleteWithOrders: Story = {
  name: 'Delete: archives (has orders)',
  play: async ({ canvas, canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete service' }));
    const dialog = await settled(
      await page.findByRole('alertdialog', { name: 'Delete “Security survey”?' }),
    );
    await expect(
      within(dialog).getByText(/It has 2 upcoming orders, so it will be archived, not deleted/),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive service' }));
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledOnce());
  },
};

/** Without upcoming orders: deleted, unless it was booked before (then archived). */
export const DeleteWithoutOrders: Story = {
  name: 'Delete: no upcoming orders',
  args: { service: noPhotoService },
  play: async ({ canvas, canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete service' }));
    const dialog = await settled(await page.findByRole('alertdialog'));
    await expect(
      within(dialog).getByText(/If it was ever booked, it is archived instead/),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

/** Archived: read-only, with the reason, no Save or Delete. */
export const Archived: Story = {
  args: { service: archivedService },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Archived on/)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /^Title/ })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Save changes' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Delete service' })).toBeNull();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const Mobile: Story = {
  name: 'Editing at 375 px',
  parameters: { testViewport: { width: 375 } },
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /^Price/ })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'How customers see it' })).toBeVisible();
  },
};
