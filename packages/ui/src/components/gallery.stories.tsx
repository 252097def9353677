import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { galleryImages } from '../stories/fixtures';
import { Gallery } from './gallery';

const meta = {
  title: 'Components/Gallery',
  component: Gallery,
  args: { images: galleryImages },
} satisfies Meta<typeof Gallery>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    // Tiles have the pictures' 3:2 shape, so a picture with words in it is never cropped.
    const thumbs = canvasElement.querySelectorAll<HTMLElement>('[data-slot="gallery-thumb"]');
    await expect(thumbs.length).toBe(galleryImages.length);
    for (const thumb of thumbs) {
      const box = thumb.getBoundingClientRect();
      await expect(box.width / box.height).toBeCloseTo(1200 / 800, 1);
    }
  },
};
export const SingleImage: Story = { args: { images: galleryImages.slice(0, 1) } };
export const Empty: Story = {
  args: { images: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No photos yet')).toBeInTheDocument();
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };

export const LightboxArrowKeys: Story = {
  play: async ({ canvas, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const second = canvas.getByRole('button', { name: /Open image 2 of 5/ });
    await userEvent.click(second);
    const dialog = await body.findByRole('dialog');
    await expect(within(dialog).getByText('Image 2 of 5')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    await expect(within(dialog).getByText('Image 3 of 5')).toBeInTheDocument();
    await expect(within(dialog).getByRole('img')).toHaveAttribute('alt', galleryImages[2]!.alt);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    // Wraps around from the first image to the last.
    await expect(within(dialog).getByText('Image 5 of 5')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next image' }));
    await expect(within(dialog).getByText('Image 1 of 5')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    await expect(within(dialog).getByText('Image 5 of 5')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: /Open image 5 of 5/ })).toHaveFocus();
  },
};
