import { z } from 'zod';

/**
 * ARCHITECTURE §3 order states. Its own module: the cancellation policy reads it, and the order
 * schemas read that policy's reschedule shapes (no import cycle).
 */
export const orderStatusSchema = z.enum([
  'pending_payment',
  'paid',
  'accepted',
  'in_progress',
  'completed',
  'cancelled',
  'declined',
  'refunded',
]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
