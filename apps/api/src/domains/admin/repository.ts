/**
 * Drizzle queries of the admin console's own table, the audit log (who decided what, when and
 * why). Every function takes `db | tx`; no policy and no text for people. The console's lists
 * read across the marketplace through read models (./*-read-model.ts, queries only); a
 * decision's change to another domain's table goes through that domain (vendors' vetting
 * status, a user's account status, sessions through auth, money through payments).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema';

/** A page request: 1-based `page`, `pageSize` rows. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** The row offset of a page. */
export const offsetOf = (p: PageRequest) => (p.page - 1) * p.pageSize;

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditSubjectType = 'vendor' | 'user' | 'payment' | 'order';

/** An audit entry with its actor's name (null when the actor's account is gone). */
export interface AuditView {
  entry: AuditRow;
  actorName: string | null;
}

/** Writes one audit entry. `detail`: the reason, amount or other facts of the decision. */
export async function insertAudit(
  db: DbOrTx,
  row: {
    id: string;
    actorId: string;
    action: string;
    subjectType: AuditSubjectType;
    subjectId: string;
    detail: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    id: row.id,
    actorId: row.actorId,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    detail: row.detail,
    createdAt: row.at,
  });
}

function auditQuery(db: DbOrTx) {
  return db
    .select({ entry: auditLog, actorName: users.fullName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId));
}

/** Every entry about one subject, newest first. */
export function auditOf(db: DbOrTx, subjectId: string): Promise<AuditView[]> {
  return auditQuery(db)
    .where(eq(auditLog.subjectId, subjectId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

/** A page of the audit log (optionally about one subject), newest first, and the total. */
export async function listAudit(
  db: DbOrTx,
  q: PageRequest & { subjectId?: string },
): Promise<{ rows: AuditView[]; total: number }> {
  const where = q.subjectId ? eq(auditLog.subjectId, q.subjectId) : undefined;
  const [rows, [counted]] = await Promise.all([
    auditQuery(db)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}
