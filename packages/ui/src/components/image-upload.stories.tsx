import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from './button';
import {
  ImageUpload,
  type ImageUploadProps,
  MAX_IMAGE_BYTES,
  validateImageFile,
} from './image-upload';

function Controlled(props: Partial<ImageUploadProps>) {
  const [file, setFile] = useState<File | null>(props.value ?? null);
  return (
    <div className="max-w-md">
      <ImageUpload
        {...props}
        value={file}
        onChange={(f) => {
          setFile(f);
          props.onChange?.(f);
        }}
      />
    </div>
  );
}

/** A real (tiny) PNG so the preview renders. */
function pngFile(name = 'kitchen.png'): File {
  const bytes = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKElEQVR42mMQCNr/n1LMMGrIqCGjhowaMmrIqCGjhowaMmrIqCGjhgAAQRL9H8JHWVcAAAAASUVORK5CYII=',
    ),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}

const meta = {
  title: 'Components/ImageUpload',
  component: ImageUpload,
  args: { onChange: fn(), label: 'Cover photo' },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof ImageUpload>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithPreview: Story = { args: { value: pngFile() } };
export const Uploading: Story = { args: { value: pngFile(), progress: 45 } };
export const Disabled: Story = { args: { disabled: true } };
export const ExternalError: Story = { args: { error: 'Upload failed. Try again.' } };
export const Dark: Story = { globals: { theme: 'dark' } };

export const RefusesFilesOver3Mb: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByLabelText('Cover photo');
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.png', {
      type: 'image/png',
    });
    await userEvent.upload(input, big);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Image must be less than 3mb');
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    // Exactly 3 MB is accepted.
    await expect(
      validateImageFile(new File([new Uint8Array(MAX_IMAGE_BYTES)], 'ok.png')),
    ).toBeNull();
  },
};

export const AcceptsSmallImage: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.upload(canvas.getByLabelText('Cover photo'), pngFile());
    await expect(args.onChange).toHaveBeenCalledTimes(1);
    await expect(await canvas.findByRole('img', { name: 'Preview of kitchen.png' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove kitchen.png' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
  },
};

export const RequiredNoImageSelected: Story = {
  args: { required: true },
  render: (args) => (
    <form
      className="grid max-w-md gap-4"
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <Controlled {...args} />
      <Button type="submit" className="w-fit">
        Save
      </Button>
    </form>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('No image selected');
    await expect(validateImageFile(null)).toBe('No image selected');
  },
};
