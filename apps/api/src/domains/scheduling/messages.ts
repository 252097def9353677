/** User-facing text of the scheduling domain: its errors. */
import { badRequest } from '../../shared/errors';

/** 400 for a `from` date outside the slot window (policy.ts `isSlotWindowStart`). */
export const slotDateOutOfRange = () =>
  badRequest('Pick a date within the next year', 'invalid_date', { from: 'Out of range' });
