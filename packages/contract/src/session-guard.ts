import type { Session } from './auth';

const ROLES = new Set(['customer', 'vendor', 'admin']);
/** The shape `isoDateTime` accepts: `YYYY-MM-DDTHH:MM:SS(.fff…)` with `Z` or `±HH:MM`. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Whether `value` is a Session (spec §3), without zod, so browser entry bundles that only read
 * the `user_session` cookie don't carry the schema library. Kept equal to `sessionSchema` by
 * the contract tests, which check both on the same samples.
 */
export function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.accessToken === 'string' &&
    v.accessToken.length > 0 &&
    typeof v.refreshToken === 'string' &&
    v.refreshToken.length > 0 &&
    typeof v.expiresIn === 'string' &&
    ISO_DATE_TIME.test(v.expiresIn) &&
    !Number.isNaN(Date.parse(v.expiresIn)) &&
    typeof v.role === 'string' &&
    ROLES.has(v.role)
  );
}

/** The four Session fields of `value` (drops anything else), for values that pass `isSession`. */
export function pickSession(value: Session): Session {
  const { accessToken, refreshToken, expiresIn, role } = value;
  return { accessToken, refreshToken, expiresIn, role };
}
