/** The console's user list and a user's detail. */
import type { AdminUserDetail, Role } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import { type Paged, pageOf, toAdminUser, toAuditEntry } from '../dto';
import * as msg from '../messages';
import { auditOf } from '../repository';
import { getUser, listUsers } from '../users-read-model';

/** `GET /v1/admin/users`: by name or email, role and status, newest first. */
export async function listUsersPage(
  db: DbOrTx,
  q: Paged & { q?: string; role?: Role; status?: 'active' | 'suspended' },
) {
  const { rows, total } = await listUsers(db, q);
  return pageOf(rows.map(toAdminUser), total, q);
}

/**
 * `GET /v1/admin/users/{id}`: the user and the decisions about them.
 * @throws AppError 404 `user_not_found`
 */
export async function userDetail(db: DbOrTx, id: string): Promise<AdminUserDetail> {
  const u = await getUser(db, id);
  if (!u) throw msg.userNotFound();
  const audit = await auditOf(db, id);
  return { ...toAdminUser(u), audit: audit.map(toAuditEntry) };
}
