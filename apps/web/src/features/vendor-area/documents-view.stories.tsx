import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { DOCUMENT_MAX_BYTES } from '@vetted/contract';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { settled } from '../../fixtures/settled';
import { identityDocument, insuranceDocument } from '../../fixtures/vendor-area';
import { DocumentsView } from './documents-view';
import { at375px, errorStory, loadingStory } from './story-states';

/*
 * `/vendor/documents`: a card per kind (identity and insurance required, licence
 * optional), uploads checked for type and size before sending, delete after confirming, locked
 * while the profile is under review.
 */

const meta = {
  title: 'Screens/Vendor/Documents',
  component: DocumentsView,
  args: {
    vettingStatus: 'draft',
    onRetry: fn(),
    onUpload: fn(async () => undefined),
    onDelete: fn(async () => undefined),
  },
  decorators: [(Story) => <div className="mx-auto max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof DocumentsView>;
export default meta;
type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('region', { name }));

const pdf = (name = 'passport.pdf', size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

export const Loading: Story = loadingStory('Loading documents');

export const ErrorState: Story = errorStory('Error loading data');

/** A new pro: nothing uploaded; who sees the files is said up front. */
export const Empty: Story = {
  args: { documents: [] },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText(/Only Vetted’s vetting team can open these files/)).toBeVisible();
    await expect(card(canvasElement, 'Proof of identity').getByText('Required')).toBeVisible();
    await expect(card(canvasElement, 'Insurance certificate').getByText('Required')).toBeVisible();
    await expect(card(canvasElement, 'Trade licence').getByText('Optional')).toBeVisible();
  },
};

export const Uploaded: Story = {
  args: { documents: [insuranceDocument, identityDocument] },
  play: async ({ canvasElement }) => {
    const identity = card(canvasElement, 'Proof of identity');
    await expect(identity.getByText('Uploaded')).toBeVisible();
    await expect(identity.getByText('passport-rivera.pdf')).toBeVisible();
    await expect(identity.getByText(/254 kB · uploaded/)).toBeVisible();
    await expect(identity.getByRole('button', { name: /Add another file/ })).toBeVisible();
  },
};

/** Choosing a file uploads it at once. */
export const Upload: Story = {
  args: { documents: [] },
  play: async ({ canvasElement, args }) => {
    const identity = card(canvasElement, 'Proof of identity');
    const file = pdf();
    await userEvent.upload(identity.getByLabelText('Choose a file for proof of identity'), file);
    await waitFor(() => expect(args.onUpload).toHaveBeenCalledWith('identity', file));
    await expect(await identity.findByText('passport.pdf uploaded.')).toBeInTheDocument();
  },
};

export const TooBig: Story = {
  name: 'Refused here: over 10 MB',
  args: { documents: [] },
  play: async ({ canvasElement, args }) => {
    const insurance = card(canvasElement, 'Insurance certificate');
    await userEvent.upload(
      insurance.getByLabelText('Choose a file for insurance certificate'),
      pdf('policy.pdf', DOCUMENT_MAX_BYTES + 1),
    );
    await expect(await insurance.findByRole('alert')).toHaveTextContent(
      /Documents can be up to 10 MB\.$/,
    );
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

export const WrongType: Story = {
  name: 'Refused here: not a PDF or image',
  args: { documents: [] },
  play: async ({ canvasElement, args }) => {
    const licence = card(canvasElement, 'Trade licence');
    // Past the picker's filter, as a file dropped from another app would be.
    await userEvent.setup({ applyAccept: false }).upload(
      licence.getByLabelText('Choose a file for trade licence'),
      new File(['hello'], 'licence.docx', {
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    );
    await expect(await licence.findByRole('alert')).toHaveTextContent(
      'Choose a PDF, JPEG, PNG or WebP file.',
    );
    await expect(args.onUpload).not.toHaveBeenCalled();
  },
};

/** The server looks at the bytes: a renamed file is refused with its message. */
export const ServerRefusal: Story = {
  name: 'Refused by the server',
  args: {
    documents: [],
    onUpload: fn(async () => {
      throw new ApiError('Upload a PDF, JPEG, PNG or WebP file', {
        code: 415,
        status: 415,
        request: { method: 'POST', url: '/v1/vendor/documents' },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const identity = card(canvasElement, 'Proof of identity');
    await userEvent.upload(identity.getByLabelText('Choose a file for proof of identity'), pdf());
    await expect(await identity.findByRole('alert')).toHaveTextContent(
      'Upload a PDF, JPEG, PNG or WebP file',
    );
  },
};

export const DeleteConfirm: Story = {
  name: 'Delete asks first',
  args: { documents: [insuranceDocument, identityDocument] },
  play: async ({ canvasElement, args }) => {
    const insurance = card(canvasElement, 'Insurance certificate');
    await userEvent.click(insurance.getByRole('button', { name: /Delete/ }));
    const dialog = await settled(
      await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
        name: 'Delete “public-liability-2026.jpg”?',
      }),
    );
    await expect(within(dialog).getByText(/upload another one afterwards/)).toBeVisible();
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(insuranceDocument.id));
  },
};

/** Under review: files stay until the team has decided. */
export const UnderReview: Story = {
  name: 'Locked under review',
  args: { documents: [insuranceDocument, identityDocument], vettingStatus: 'pending' },
  play: async ({ canvasElement }) => {
    const identity = card(canvasElement, 'Proof of identity');
    const remove = identity.getByRole('button', { name: /Delete/ });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription(/files cannot be deleted until/);
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { documents: [identityDocument] },
};

export const Mobile: Story = {
  name: 'Uploaded at 375 px',
  ...at375px,
  args: { documents: [insuranceDocument, identityDocument] },
};
