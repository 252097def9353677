import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { MAX_IMAGE_BYTES } from '@vetted/ui';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { picture } from '../../fixtures';
import { settled } from '../../fixtures/settled';
import { AvatarEditorView } from './avatar-editor-view';

/** A real (tiny) PNG, so the preview renders. */
function pngFile(name = 'me.png'): File {
  const bytes = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKElEQVR42mMQCNr/n1LMMGrIqCGjhowaMmrIqCGjhowaMmrIqCGjhgAAQRL9H8JHWVcAAAAASUVORK5CYII=',
    ),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}

const fileInput = (canvasElement: HTMLElement) =>
  within(canvasElement).getByLabelText('Choose a profile photo');

const meta = {
  title: 'Screens/Shared/Profile/Avatar editor',
  component: AvatarEditorView,
  args: {
    name: 'Casey Customer',
    avatarUrl: null,
    onUpload: fn(async () => undefined),
    onRemove: fn(async () => undefined),
  },
} satisfies Meta<typeof AvatarEditorView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No photo yet: initials, and "Add a photo". */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Add a photo' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Remove' })).toBeNull();
  },
};

/** A photo is set: "Change photo" and "Remove". */
export const WithPhoto: Story = {
  args: { avatarUrl: picture('CC', 200, 256, 256) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Change photo' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Remove' })).toBeVisible();
  },
};

/** A chosen image is previewed until it is saved or cancelled. */
export const Preview: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(fileInput(canvasElement), pngFile());
    await expect(await canvas.findByRole('button', { name: 'Save photo' })).toBeVisible();
    await expect(canvas.getByText(/This is a preview/)).toBeVisible();
    await expect(args.onUpload).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(canvas.getByRole('button', { name: 'Add a photo' })).toBeVisible();
  },
};

/** Saving: the button shows it is busy until the upload answers. */
export const Uploading: Story = {
  args: { onUpload: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(fileInput(canvasElement), pngFile());
    await userEvent.click(await canvas.findByRole('button', { name: 'Save photo' }));
    await expect(canvas.getByRole('button', { name: /Save photo/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(args.onUpload).toHaveBeenCalledTimes(1);
  },
};

/** Over 3 MB: refused before anything is sent, with the spec §5 message. */
export const TooLarge: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.png', {
      type: 'image/png',
    });
    await userEvent.upload(fileInput(canvasElement), big);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Image must be less than 3mb');
    await expect(canvas.queryByRole('button', { name: 'Save photo' })).toBeNull();
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

/** The API refuses the file (e.g. not an image by its bytes): its words show. */
export const ServerError: Story = {
  args: {
    onUpload: fn(async () => {
      throw new ApiError('Unsupported image type', {
        code: 400,
        status: 400,
        errorCode: 'unsupported_image_type',
        request: { method: 'POST', url: '/v1/me/avatar' },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(fileInput(canvasElement), pngFile('renamed.png'));
    await userEvent.click(await canvas.findByRole('button', { name: 'Save photo' }));
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent('Unsupported image type'),
    );
    // The preview stays, so the person can cancel or pick another file.
    await expect(canvas.getByRole('button', { name: 'Save photo' })).toBeEnabled();
  },
};

/** "Remove" asks first; confirming removes the photo. */
export const RemoveConfirm: Story = {
  args: { avatarUrl: picture('CC', 200, 256, 256) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove' }));
    const dialog = await settled(
      await page.findByRole('alertdialog', { name: 'Remove your photo?' }),
    );
    await expect(dialog).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(args.onRemove).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
  },
};
