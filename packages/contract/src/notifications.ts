import { z } from 'zod';
import { isoDateTime, pageQuerySchema, uuid } from './common';

export const notificationSchema = z.object({
  id: uuid,
  /** e.g. `order.created`, `order.paid`, `order.accepted`. */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** In-app path to open, e.g. `/vendor/history/order?id=…`. */
  link: z.string().nullable(),
  readAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuerySchema.extend({
  unread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
