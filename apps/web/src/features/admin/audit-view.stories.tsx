import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { page } from '../../fixtures';
import { auditEntries, auditPage } from '../../fixtures/admin';
import { AdminAuditView } from './audit-view';
import { atPhoneWidth, expectLoading, listLoadError } from './story-helpers';

/*
 * `/admin/audit`: every admin decision, newest first — who, when, what, about which
 * vendor, user or payment, and why.
 */

const meta = {
  title: 'Screens/Admin/Audit log',
  component: AdminAuditView,
  args: { onPageChange: fn(), onRetry: fn(), onClearSubject: fn() },
} satisfies Meta<typeof AdminAuditView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { play: expectLoading('Loading the audit log') };

export const ErrorState: Story = { name: 'Error', ...listLoadError };

export const Filled: Story = {
  args: { data: { ...auditPage, total: 45, totalPages: 3 } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Admin decisions, newest first' });
    const rows = within(table).getAllByRole('row');
    // The refund: who, what, amount and reason; its link goes to the order of the payment.
    await expect(rows[1]).toHaveTextContent('Ana Lopez');
    await expect(rows[1]).toHaveTextContent('Refund requested');
    await expect(rows[1]).toHaveTextContent('$20.00');
    await expect(rows[1]).toHaveTextContent('The pro arrived two hours late.');
    await expect(rows[1]).toHaveTextContent('Vetted paid (goodwill)');
    await expect(within(rows[1]!).getByRole('link', { name: 'Payment' })).toBeVisible();
    await expect(within(table).getAllByRole('link', { name: 'Vendor' })[0]).toHaveAttribute(
      'href',
      `/admin/vendors/${auditEntries[1]!.subjectId}`,
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
  },
};

export const Empty: Story = {
  args: { data: page([], 1, 20) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No decisions yet')).toBeVisible();
  },
};

export const OneSubject: Story = {
  name: 'Filtered to one subject',
  args: { data: page(auditEntries.slice(1, 4), 1, 20), subjectId: auditEntries[1]!.subjectId },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Show every decision' }),
    );
    await expect(args.onClearSubject).toHaveBeenCalledOnce();
  },
};

export const Dark: Story = { args: { data: auditPage }, globals: { theme: 'dark' } };

export const Mobile: Story = {
  name: 'Filled at 375 px',
  ...atPhoneWidth,
  args: { data: auditPage },
};
