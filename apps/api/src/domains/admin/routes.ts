import { endpoints } from '@vetted/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { rawRoute, route } from '../../lib/route';
import type { AdminService } from './service';

/**
 * `/v1/admin/*`, the admin console: overview, the vetting queue and its decisions,
 * vetting documents, users, orders with their payments and refunds, the audit log. Admins only:
 * the guard (./guard.ts) answers 401/403 before any of these handlers runs.
 */
export default async function adminRoutes(
  app: FastifyInstance,
  { admin }: { admin: AdminService },
): Promise<void> {
  route(app, endpoints.getAdminOverview, () => admin.overview());

  route(app, endpoints.listAdminVendors, ({ query }) => admin.listVendors(query));
  route(app, endpoints.getAdminVendor, ({ params }) => admin.getVendor(params.id));
  route(app, endpoints.approveVendor, ({ user, params }) => admin.approveVendor(user, params.id));
  route(app, endpoints.rejectVendor, ({ user, params, body }) =>
    admin.rejectVendor(user, params.id, body.reason),
  );
  route(app, endpoints.suspendVendor, ({ user, params, body }) =>
    admin.suspendVendor(user, params.id, body.reason),
  );
  route(app, endpoints.reinstateVendor, ({ user, params }) =>
    admin.reinstateVendor(user, params.id),
  );
  // A document is private: sent as an attachment, never cached, never sniffed into something
  // a browser would render.
  rawRoute(app, endpoints.downloadVendorDocument, async ({ params, reply }) => {
    const file = await admin.document(params.id, params.documentId);
    reply
      .type(file.contentType)
      .header('Content-Length', file.size)
      .header('Content-Disposition', contentDisposition(file.fileName))
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff');
    return file.body;
  });

  route(app, endpoints.listAdminUsers, ({ query }) => admin.listUsers(query));
  route(app, endpoints.getAdminUser, ({ params }) => admin.getUser(params.id));
  route(app, endpoints.suspendUser, ({ user, params, body }) =>
    admin.suspendUser(user, params.id, body.reason),
  );
  route(app, endpoints.reinstateUser, ({ user, params }) => admin.reinstateUser(user, params.id));

  route(app, endpoints.listAdminOrders, ({ query }) => admin.listOrders(query));
  route(app, endpoints.getAdminOrder, ({ user, params }) => admin.getOrder(user, params.id));
  route(app, endpoints.refundPayment, ({ user, params, body }) =>
    admin.refund(user, params.id, body),
  );

  route(app, endpoints.listAuditLog, ({ query }) => admin.listAudit(query));
}
