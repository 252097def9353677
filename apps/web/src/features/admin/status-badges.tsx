import type { AdminUser, Role, vettingStatusSchema } from '@vetted/contract';
import { Badge, type BadgeProps } from '@vetted/ui';
import type { z } from 'zod';

/*
 * Status words of the admin console: a vendor's vetting status, a person's account
 * status and role. One table each, read by the lists, the detail pages and their filters.
 */

/** A vendor's vetting status (contract `vettingStatusSchema`). */
export type VettingStatus = z.infer<typeof vettingStatusSchema>;

type Variant = NonNullable<BadgeProps['variant']>;

/** Each vetting status in words, with its badge colour. */
export const VETTING_STATUS: Record<VettingStatus, { label: string; variant: Variant }> = {
  draft: { label: 'Draft', variant: 'secondary' },
  pending: { label: 'Pending review', variant: 'info' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'danger' },
  suspended: { label: 'Suspended', variant: 'warning' },
};

/** A vendor's vetting status as a badge ("Pending review", "Approved", …). */
export function VettingStatusBadge({ status }: { status: VettingStatus }) {
  const entry = VETTING_STATUS[status];
  return (
    <Badge variant={entry.variant} data-status={status}>
      {entry.label}
    </Badge>
  );
}

/** Each role in the words the console uses (vendors are "pros" to people). */
export const ROLE_LABEL: Record<Role, string> = {
  customer: 'Customer',
  vendor: 'Pro',
  admin: 'Admin',
};

/** Each account status in words, with its badge colour. */
export const USER_STATUS: Record<AdminUser['status'], { label: string; variant: Variant }> = {
  active: { label: 'Active', variant: 'success' },
  suspended: { label: 'Suspended', variant: 'warning' },
};

/** A person's account status as a badge; a deleted account says so instead. */
export function UserStatusBadge({
  status,
  deleted = false,
}: {
  status: AdminUser['status'];
  /** The account was deleted (`AdminUser.deleted`). */
  deleted?: boolean;
}) {
  if (deleted) return <Badge variant="secondary">Deleted</Badge>;
  const entry = USER_STATUS[status];
  return (
    <Badge variant={entry.variant} data-status={status}>
      {entry.label}
    </Badge>
  );
}
