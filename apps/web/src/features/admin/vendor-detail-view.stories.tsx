import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import {
  approvedVendorDetail,
  incompleteVendorDetail,
  pendingVendorDetail,
  rejectedVendorDetail,
  suspendedVendorDetail,
} from '../../fixtures/admin';
import { settled } from '../../fixtures/settled';
import { atPhoneWidth, expectLoading } from './story-helpers';
import { AdminVendorDetailView } from './vendor-detail-view';

/*
 * `/admin/vendors/:id`: a vendor in each vetting status, its documents (downloaded
 * with the admin's token), services and decision history; every decision's dialog, and what the
 * admin sees when the API refuses one.
 */

const conflict = (message: string, url: string) =>
  new ApiError(message, {
    code: 409,
    status: 409,
    errorCode: 'vetting_conflict',
    request: { method: 'POST', url },
  });

const meta = {
  title: 'Screens/Admin/Vendor',
  component: AdminVendorDetailView,
  args: {
    onRetry: fn(),
    onApprove: fn(async () => {}),
    onReject: fn(async () => {}),
    onSuspend: fn(async () => {}),
    onReinstate: fn(async () => {}),
    onDownload: fn(async () => {}),
  },
} satisfies Meta<typeof AdminVendorDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: expectLoading('Loading vendor'),
};

export const NotFound: Story = {
  name: 'Error: not found',
  args: { error: new Error('Vendor not found') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Vendor not found');
    await expect(canvas.getByRole('link', { name: 'Vendors' })).toHaveAttribute(
      'href',
      '/admin/vendors',
    );
  },
};

export const ErrorState: Story = {
  name: 'Error: connection',
  args: { error: loadError },
};

export const Pending: Story = {
  name: 'Pending: documents, services, history',
  args: { vendor: pendingVendorDetail },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Rivera Plumbing & Heating' }),
    ).toBeVisible();
    await expect(canvas.getByText('Pending review')).toBeVisible();
    await expect(canvas.getByText(/^Waiting for review since/)).toBeVisible();
    await expect(canvas.getByText('marco-rivera-passport.pdf')).toBeVisible();
    await expect(canvas.getByText('public-liability-certificate-2026.jpg')).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Download marco-rivera-passport.pdf' }),
    );
    await expect(args.onDownload).toHaveBeenCalledWith(pendingVendorDetail.documents[0]);
    const services = canvas.getByRole('table', { name: /Services of/ });
    await expect(within(services).getByRole('rowheader', { name: 'Boiler service' })).toBeVisible();
    // The earlier rejection, with who took it and why.
    await expect(canvas.getByText('Rejected')).toBeVisible();
    await expect(canvas.getByText(/by Ana Lopez/)).toBeVisible();
    await expect(canvas.getByText(/The identity document is blurred/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Approve' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reject' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Suspend' })).toBeNull();
  },
};

export const MissingDocuments: Story = {
  name: 'Pending: insurance certificate missing',
  args: { vendor: incompleteVendorDetail },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Missing: insurance certificate.')).toBeVisible();
    await expect(canvas.getByText('Not uploaded: insurance certificate.')).toBeVisible();
    await expect(canvas.getAllByText('Not written yet.')).toHaveLength(2);
    await expect(canvas.getByText('Inactive')).toBeVisible();
  },
};

export const Approve: Story = {
  name: 'Dialog: approve',
  args: { vendor: pendingVendorDetail },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Approve' }));
    const dialog = await settled(
      await screen.findByRole('alertdialog', { name: 'Approve Rivera Plumbing & Heating?' }),
    );
    await expect(
      within(dialog).getByText(/listed in search and can take bookings at once/),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(args.onApprove).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const ApproveFailed: Story = {
  name: 'Dialog: approve refused',
  args: {
    vendor: pendingVendorDetail,
    openDecision: 'approve',
    onApprove: fn(async () => {
      throw conflict(
        'Only a pending vendor can be approved; this one is approved',
        '/v1/admin/vendors/x/approve',
      );
    }),
  },
  play: async () => {
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only a pending vendor can be approved; this one is approved',
    );
    // Still open: the admin can cancel or try again.
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

export const Reject: Story = {
  name: 'Dialog: reject with a reason',
  args: { vendor: pendingVendorDetail },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reject' }));
    const dialog = await settled(
      await screen.findByRole('dialog', { name: 'Reject Rivera Plumbing & Heating?' }),
    );
    const panel = within(dialog);
    // The reason is required: nothing is sent without one.
    await userEvent.click(panel.getByRole('button', { name: 'Reject' }));
    await expect(await panel.findByText('Give a reason the person can act on')).toBeVisible();
    await expect(args.onReject).not.toHaveBeenCalled();
    await userEvent.type(
      panel.getByRole('textbox', { name: /Reason/ }),
      '  The insurance certificate has expired.  ',
    );
    await userEvent.click(panel.getByRole('button', { name: 'Reject' }));
    await expect(args.onReject).toHaveBeenCalledWith({
      reason: 'The insurance certificate has expired.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const RejectFailed: Story = {
  name: 'Dialog: reject refused',
  args: {
    vendor: pendingVendorDetail,
    openDecision: 'reject',
    onReject: fn(async () => {
      throw conflict(
        'Only a pending vendor can be rejected; this one is draft',
        '/v1/admin/vendors/x/reject',
      );
    }),
  },
  play: async () => {
    const dialog = within(await settled(await screen.findByRole('dialog')));
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Blurred photo.');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Only a pending vendor can be rejected; this one is draft',
    );
  },
};

export const Approved: Story = {
  name: 'Approved: suspend with a reason',
  args: { vendor: approvedVendorDetail },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Suspend' }));
    const dialog = within(await settled(await screen.findByRole('dialog', { name: /^Suspend / })));
    await expect(dialog.getByText(/cannot take new bookings until you reinstate/)).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'No-shows reported.');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await expect(args.onSuspend).toHaveBeenCalledWith({ reason: 'No-shows reported.' });
  },
};

export const Suspended: Story = {
  name: 'Suspended: reinstate',
  args: { vendor: suspendedVendorDetail },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Suspended — not listed, no new bookings')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reinstate' }));
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reinstate' }));
    await expect(args.onReinstate).toHaveBeenCalledOnce();
  },
};

export const Rejected: Story = {
  name: 'Rejected: waiting for the pro',
  args: { vendor: rejectedVendorDetail },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('Rejected — waiting for the pro to fix and resubmit'),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Approve' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Reject' })).toBeNull();
  },
};

export const DownloadFailed: Story = {
  name: 'Download refused',
  args: {
    vendor: pendingVendorDetail,
    onDownload: fn(async () => {
      throw new ApiError('Document not found', {
        code: 404,
        status: 404,
        request: { method: 'GET', url: '/v1/admin/vendors/x/documents/y' },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Download marco-rivera-passport.pdf' }),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Could not download marco-rivera-passport.pdf: Document not found',
    );
  },
};

export const Dark: Story = {
  args: { vendor: pendingVendorDetail },
  globals: { theme: 'dark' },
};

export const DarkDialog: Story = {
  name: 'Dark: reject dialog',
  args: { vendor: pendingVendorDetail, openDecision: 'reject' },
  globals: { theme: 'dark' },
  play: async () => {
    await settled(await screen.findByRole('dialog'));
  },
};

export const Mobile: Story = {
  name: 'Pending at 375 px',
  ...atPhoneWidth,
  args: { vendor: pendingVendorDetail },
};
