import type { Meta, StoryObj } from '@storybook/react-vite';
import type { GalleryImage } from '@vetted/contract';
import { MAX_IMAGE_BYTES } from '@vetted/ui';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { picture } from '../../fixtures';
import { settled } from '../../fixtures/settled';
import { imageTooLargeError, notAnImageError, serviceImages } from '../../fixtures/vendor-listings';
import { ServiceImagesEditor, type ServiceImagesEditorProps } from './service-images-view';

/*
 * The photos of a service: add (3 MB rule and spec §5 message before sending, the
 * server's refusal after), pending uploads, alt text, reorder with buttons (focus follows the
 * photo), make cover, delete behind a confirmation. The harness keeps the photos in state the
 * way the page's SWR cache does, and records every call.
 */

/** A real (tiny) PNG, so the pending preview renders. */
function pngFile(name = 'kitchen.png'): File {
  const bytes = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKElEQVR42mMQCNr/n1LMMGrIqCGjhowaMmrIqCGjhowaMmrIqCGjhgAAQRL9H8JHWVcAAAAASUVORK5CYII=',
    ),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}

/** The editor with its photos in state: reorders, alt texts, deletes and uploads apply. */
function Harness(props: ServiceImagesEditorProps) {
  const [images, setImages] = React.useState<GalleryImage[]>(props.images);
  return (
    <ServiceImagesEditor
      {...props}
      images={images}
      onUpload={async (file) => {
        await props.onUpload(file);
        setImages((list) => [
          ...list,
          {
            id: `00000000-0000-4000-8000-0000000009${String(list.length).padStart(2, '0')}`,
            url: picture(file.name, 160, 1200, 900),
            thumbUrl: picture(file.name, 160, 480, 360),
            width: 1200,
            height: 900,
            alt: '',
          },
        ]);
      }}
      onReorder={async (ids) => {
        await props.onReorder(ids);
        setImages((list) => ids.map((id) => list.find((img) => img.id === id)!));
      }}
      onSaveAlt={async (id, alt) => {
        await props.onSaveAlt(id, alt);
        setImages((list) => list.map((img) => (img.id === id ? { ...img, alt } : img)));
      }}
      onDelete={async (id) => {
        await props.onDelete(id);
        setImages((list) => list.filter((img) => img.id !== id));
      }}
    />
  );
}

const fileInput = (canvasElement: HTMLElement) =>
  within(canvasElement).getByLabelText('Choose photos to add');

const meta = {
  title: 'Screens/Vendor/Service photos',
  component: Harness,
  args: {
    images: serviceImages,
    onUpload: fn(async () => undefined),
    onSaveAlt: fn(async () => undefined),
    onReorder: fn(async () => undefined),
    onDelete: fn(async () => undefined),
  },
  decorators: [(Story) => <div className="mx-auto max-w-4xl">{Story()}</div>],
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvas }) => {
    const photos = canvas.getAllByTestId('service-photo');
    await expect(photos).toHaveLength(4);
    await expect(within(photos[0]!).getByText('Cover')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Move photo 4 later' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Alt text of photo 1' })).toHaveValue(
      serviceImages[0]!.alt,
    );
  },
};

export const Empty: Story = {
  name: 'No photos yet',
  args: { images: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No photos yet/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add photos' })).toBeEnabled();
  },
};

/** Two photos chosen: both uploaded, one after the other, then shown last. */
export const Upload: Story = {
  args: { images: serviceImages.slice(0, 1) },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.upload(fileInput(canvasElement), [pngFile('front.png'), pngFile('back.png')]);
    await waitFor(() => expect(args.onUpload).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(canvas.getAllByTestId('service-photo')).toHaveLength(3));
    await expect(canvas.getByRole('status')).toHaveTextContent('back.png added');
  },
};

/** The upload is on its way: a pending tile with the file's name. */
export const Uploading: Story = {
  args: { onUpload: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.upload(fileInput(canvasElement), pngFile('garden.png'));
    await expect(await canvas.findByText('Uploading garden.png…')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Uploading 1 photo…');
  },
};

/** Over 3 MB: refused before anything is sent, with the spec §5 message. */
export const TooLarge: Story = {
  name: 'Upload refused: over 3 MB',
  play: async ({ canvas, canvasElement, args }) => {
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await userEvent.upload(fileInput(canvasElement), big);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('A photo was not added');
    await expect(alert).toHaveTextContent('huge.png: Image must be less than 3mb');
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

/** The server refuses the file (its own 3 MB check): its words show, the other photo is added. */
export const ServerRefusal: Story = {
  name: 'Upload refused by the server',
  args: {
    onUpload: fn(async (file: File) => {
      if (file.name === 'scan.png') throw imageTooLargeError;
      if (file.name === 'notes.png') throw notAnImageError;
    }),
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.upload(fileInput(canvasElement), [
      pngFile('scan.png'),
      pngFile('notes.png'),
      pngFile('ok.png'),
    ]);
    const alert = await canvas.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Some photos were not added'));
    await expect(alert).toHaveTextContent('scan.png: Image must be less than 3mb');
    await expect(alert).toHaveTextContent('notes.png: Unsupported image type');
    await waitFor(() => expect(canvas.getAllByTestId('service-photo')).toHaveLength(5));
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Keyboard: "Move photo 1 later" with Enter; focus stays on the photo, now second. */
export const Reorder: Story = {
  play: async ({ canvas, args }) => {
    canvas.getByRole('button', { name: 'Move photo 1 later' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(args.onReorder).toHaveBeenCalledWith([
        serviceImages[1]!.id,
        serviceImages[0]!.id,
        serviceImages[2]!.id,
        serviceImages[3]!.id,
      ]),
    );
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Move photo 2 later' })).toHaveFocus(),
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('Photo moved to place 2 of 4');
    const photos = canvas.getAllByTestId('service-photo');
    await expect(within(photos[0]!).getByRole('img')).toHaveAttribute('alt', serviceImages[1]!.alt);
  },
};

export const MakeCover: Story = {
  name: 'Make cover',
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Make cover (photo 3)' }));
    await waitFor(() =>
      expect(args.onReorder).toHaveBeenCalledWith([
        serviceImages[2]!.id,
        serviceImages[0]!.id,
        serviceImages[1]!.id,
        serviceImages[3]!.id,
      ]),
    );
    const first = canvas.getAllByTestId('service-photo')[0]!;
    await expect(within(first).getByText('Cover')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('it is now the cover');
  },
};

/** The order was not saved: the old order comes back, and the reason shows. */
export const ReorderFails: Story = {
  name: 'Reorder fails',
  args: { onReorder: fn(async () => Promise.reject(notAnImageError)) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Move photo 2 earlier' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The new order was not saved');
    const first = canvas.getAllByTestId('service-photo')[0]!;
    await expect(within(first).getByRole('img')).toHaveAttribute('alt', serviceImages[0]!.alt);
  },
};

export const AltText: Story = {
  name: 'Alt text',
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Alt text of photo 3' });
    const save = canvas.getByRole('button', { name: 'Save alt text of photo 3' });
    await expect(save).toBeDisabled();
    // The field is as wide as its form (the tile's content box), Save below it, not beside.
    const form = input.closest('form')!.getBoundingClientRect();
    const field = input.getBoundingClientRect();
    await expect(Math.round(field.width)).toBe(Math.round(form.width));
    await expect(save.getBoundingClientRect().top).toBeGreaterThanOrEqual(field.bottom);
    await userEvent.type(input, 'New deadbolt on the back door');
    await userEvent.click(save);
    await waitFor(() =>
      expect(args.onSaveAlt).toHaveBeenCalledWith(
        serviceImages[2]!.id,
        'New deadbolt on the back door',
      ),
    );
    await expect(await canvas.findByText('Saved.')).toBeVisible();
  },
};

/** Deleting the cover asks first and says the next photo becomes the cover. */
export const DeleteCover: Story = {
  name: 'Delete the cover',
  play: async ({ canvas, canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete photo 1' }));
    const dialog = await settled(await page.findByRole('alertdialog', { name: 'Delete photo 1?' }));
    await expect(within(dialog).getByText(/the next photo becomes the cover/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(serviceImages[0]!.id));
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getAllByTestId('service-photo')).toHaveLength(3);
  },
};

/** An archived service: photos only, no controls. */
export const ReadOnly: Story = {
  name: 'Read only (archived)',
  args: { readOnly: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/its photos can no longer be changed/)).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const Mobile: Story = {
  name: 'Filled at 375 px',
  parameters: { testViewport: { width: 375 } },
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add photos' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Move photo 1 later' })).toBeVisible();
  },
};
