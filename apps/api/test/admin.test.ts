import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  conversations,
  notifications,
  orders,
  payments,
  vendorDocuments,
  vendorProfiles,
} from '../src/db/schema';
import {
  getMe,
  latestMail,
  loggedIn,
  PASSWORD,
  post,
  resetClock,
  resetToken,
  setClock,
  signedUp,
} from './auth-helpers';
import {
  bearer,
  createAdmin,
  createCustomer,
  createVendor,
  paidOrder,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * The admin console's API: the vetting queue and its decisions (with the vendor told
 * and the listings changed), vetting documents, users and their suspension, orders with their
 * payments and refunds, the overview and the audit log. Access for non-admins is covered by
 * admin-access.test.ts.
 */

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx, 'Ana Admin');
});
afterAll(async () => ctx?.close());

const get = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const send = (token: string, url: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const decide = (vendorId: string, decision: string, payload: object = {}, who = admin) =>
  send(who.token, `/v1/admin/vendors/${vendorId}/${decision}`, payload);

/** A pro waiting in the queue, submitted at `submittedAt`. */
async function pendingVendor(businessName: string, submittedAt: Date): Promise<TestVendor> {
  const v = await createVendor(ctx, { businessName, status: 'pending' });
  await ctx.app.db
    .update(vendorProfiles)
    .set({ submittedAt })
    .where(eq(vendorProfiles.id, v.vendorId));
  return v;
}

/** Ids of the approved vendors public search finds for `q`. */
async function listed(q: string): Promise<string[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/vendors?q=${encodeURIComponent(q)}`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data.items as { id: string }[]).map((v) => v.id);
}

async function notificationsOf(userId: string) {
  await ctx.drain();
  return ctx.app.db.select().from(notifications).where(eq(notifications.userId, userId));
}

describe('the vetting queue', () => {
  it('lists pending vendors oldest submission first, with owner, counts and search', async () => {
    const tag = randomUUID().slice(0, 6);
    const late = await pendingVendor(`Queue Late ${tag}`, new Date('2030-01-03T00:00:00Z'));
    const early = await pendingVendor(`Queue Early ${tag}`, new Date('2030-01-01T00:00:00Z'));
    const middle = await pendingVendor(`Queue Middle ${tag}`, new Date('2030-01-02T00:00:00Z'));
    await ctx.app.db.insert(vendorDocuments).values({
      id: randomUUID(),
      vendorId: early.vendorId,
      kind: 'identity',
      storageKey: `vendor-documents/${early.vendorId}/id.pdf`,
      fileName: 'passport.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1234,
    });

    const res = await get(admin.token, `/v1/admin/vendors?status=pending&q=${tag}`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(3);
    expect(page.items.map((v: { id: string }) => v.id)).toEqual([
      early.vendorId,
      middle.vendorId,
      late.vendorId,
    ]);
    expect(page.items[0]).toMatchObject({
      businessName: `Queue Early ${tag}`,
      ownerName: 'Vera Vendor',
      ownerEmail: early.email,
      userId: early.id,
      primaryCategory: { slug: 'plumbing', name: 'Plumbing' },
      vettingStatus: 'pending',
      submittedAt: '2030-01-01T00:00:00.000Z',
      documentCount: 1,
      serviceCount: 1,
    });

    // By the owner's email, in any case.
    const byEmail = await get(
      admin.token,
      `/v1/admin/vendors?q=${encodeURIComponent(middle.email.toUpperCase())}`,
    );
    expect(byEmail.json().data.items.map((v: { id: string }) => v.id)).toEqual([middle.vendorId]);
    // LIKE wildcards are matched literally.
    const wildcard = await get(admin.token, '/v1/admin/vendors?q=%25%25%25_');
    expect(wildcard.json().data.total).toBe(0);
  });

  it('shows a vendor with documents, services and decisions; 404 for an unknown id', async () => {
    const v = await createVendor(ctx, { status: 'pending', serviceTitle: 'Boiler check' });
    const res = await get(admin.token, `/v1/admin/vendors/${v.vendorId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: v.vendorId,
      tagline: 'Reliable and friendly',
      bio: 'A test vendor.',
      timeZone: 'America/New_York',
      serviceRadiusKm: 25,
      documents: [],
      services: [
        {
          id: v.serviceId,
          title: 'Boiler check',
          price: { amount: 10_000, currency: 'USD' },
          active: true,
        },
      ],
      audit: [],
    });
    const unknown = await get(admin.token, `/v1/admin/vendors/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ message: 'Vendor not found', code: 'vendor_not_found' });
  });
});

describe('vetting decisions', () => {
  it('approve: listed in search at once, the vendor told, the decision audited with who and when', async () => {
    const name = `Approvable ${randomUUID().slice(0, 6)}`;
    const v = await pendingVendor(name, new Date('2030-02-01T00:00:00Z'));
    expect(await listed(name)).not.toContain(v.vendorId);

    const at = new Date('2031-05-06T07:08:09.000Z');
    setClock(ctx, at);
    const res = await decide(v.vendorId, 'approve');
    resetClock(ctx);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({ vettingStatus: 'approved', vettingReason: null });
    expect(detail.audit).toEqual([
      {
        id: expect.any(String),
        action: 'vendor.approve',
        subjectType: 'vendor',
        subjectId: v.vendorId,
        actor: { id: admin.id, fullName: 'Ana Admin' },
        detail: { from: 'pending', to: 'approved' },
        createdAt: at.toISOString(),
      },
    ]);
    const [row] = await ctx.app.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, v.vendorId));
    expect(row!.vettingUpdatedAt?.toISOString()).toBe(at.toISOString());

    expect(await listed(name)).toContain(v.vendorId);
    const notes = await notificationsOf(v.id);
    expect(notes).toEqual([
      expect.objectContaining({
        type: 'vetting.approved',
        title: `${name} is approved`,
        link: '/vendor',
      }),
    ]);
    expect((await latestMail(ctx, v.email)).subject).toBe(`${name} is approved`);
  });

  it('reject with a reason: the vendor is told why and that they can resubmit; resubmitting makes them pending again', async () => {
    const v = await pendingVendor(`Rejectable ${randomUUID().slice(0, 6)}`, new Date());
    const reason = 'Your insurance certificate has expired. Upload a current one';

    const missing = await decide(v.vendorId, 'reject', {});
    expect(missing.statusCode).toBe(400);

    const res = await decide(v.vendorId, 'reject', { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ vettingStatus: 'rejected', vettingReason: reason });
    expect(res.json().data.audit[0]).toMatchObject({
      action: 'vendor.reject',
      actor: { id: admin.id },
      detail: { from: 'pending', to: 'rejected', reason },
    });

    const [note] = (await notificationsOf(v.id)).filter((n) => n.type === 'vetting.rejected');
    expect(note?.body).toContain(reason);
    expect(note?.body).toContain('submit your profile again');
    const mail = await latestMail(ctx, v.email);
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain('submit your profile again');

    // The pro fixes the profile (a bio long enough, both required documents) and resubmits.
    await ctx.app.db
      .update(vendorProfiles)
      .set({ bio: 'Licensed plumbers serving the whole city for twenty years.' })
      .where(eq(vendorProfiles.id, v.vendorId));
    for (const kind of ['identity', 'insurance']) {
      await ctx.app.db.insert(vendorDocuments).values({
        id: randomUUID(),
        vendorId: v.vendorId,
        kind,
        storageKey: `vendor-documents/${v.vendorId}/${kind}.pdf`,
        fileName: `${kind}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: 2048,
      });
    }
    const resubmitted = await send(v.token, '/v1/vendor/profile/submit');
    expect(resubmitted.statusCode).toBe(200);
    const after = await get(admin.token, `/v1/admin/vendors/${v.vendorId}`);
    expect(after.json().data.vettingStatus).toBe('pending');
    const queue = await get(admin.token, '/v1/admin/vendors?status=pending&pageSize=50');
    expect(queue.json().data.items.map((i: { id: string }) => i.id)).toContain(v.vendorId);
  });

  it('suspend unlists an approved vendor; reinstate lists it again', async () => {
    const name = `Suspendable ${randomUUID().slice(0, 6)}`;
    const v = await createVendor(ctx, { businessName: name });
    expect(await listed(name)).toContain(v.vendorId);

    const reason = 'Several customers reported no-shows';
    const suspended = await decide(v.vendorId, 'suspend', { reason });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data).toMatchObject({
      vettingStatus: 'suspended',
      vettingReason: reason,
    });
    expect(await listed(name)).not.toContain(v.vendorId);
    const page = await ctx.app.inject({ method: 'GET', url: `/v1/vendors/${v.vendorId}` });
    expect(page.statusCode).toBe(404);
    const [note] = (await notificationsOf(v.id)).filter((n) => n.type === 'vetting.suspended');
    expect(note?.body).toContain(reason);

    const reinstated = await decide(v.vendorId, 'reinstate');
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json().data).toMatchObject({
      vettingStatus: 'approved',
      vettingReason: null,
    });
    expect(await listed(name)).toContain(v.vendorId);
    expect(reinstated.json().data.audit.map((a: { action: string }) => a.action)).toEqual([
      'vendor.reinstate',
      'vendor.suspend',
    ]);
    expect((await notificationsOf(v.id)).map((n) => n.type).sort()).toEqual([
      'vetting.reinstated',
      'vetting.suspended',
    ]);
  });

  it('refuses decisions that do not apply to the current status with a 409 naming it', async () => {
    const approved = await createVendor(ctx);
    const pending = await createVendor(ctx, { status: 'pending' });
    const rejected = await createVendor(ctx, { status: 'rejected' });
    const suspended = await createVendor(ctx, { status: 'suspended' });
    const reason = { reason: 'Not applicable here' };
    const cases: [TestVendor, string, object, string][] = [
      [approved, 'approve', {}, 'This vendor is approved. Only pending vendors can be approved'],
      [approved, 'reject', reason, 'This vendor is approved. Only pending vendors can be rejected'],
      [
        approved,
        'reinstate',
        {},
        'This vendor is approved. Only suspended vendors can be reinstated',
      ],
      [
        pending,
        'suspend',
        reason,
        'This vendor is pending. Only approved vendors can be suspended',
      ],
      [
        pending,
        'reinstate',
        {},
        'This vendor is pending. Only suspended vendors can be reinstated',
      ],
      [rejected, 'approve', {}, 'This vendor is rejected. Only pending vendors can be approved'],
      [suspended, 'approve', {}, 'This vendor is suspended. Only pending vendors can be approved'],
      [
        suspended,
        'suspend',
        reason,
        'This vendor is suspended. Only approved vendors can be suspended',
      ],
    ];
    for (const [v, decision, body, message] of cases) {
      const res = await decide(v.vendorId, decision, body);
      expect(res.statusCode, `${decision}`).toBe(409);
      expect(res.json().error).toEqual({ message, code: 'invalid_vetting_transition' });
    }
    // Nothing changed, nothing was audited.
    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, approved.vendorId));
    expect(rows).toEqual([]);
    const unknown = await decide(randomUUID(), 'approve');
    expect(unknown.statusCode).toBe(404);
  });

  it('lists every decision in the audit log, newest first, by subject', async () => {
    const v = await pendingVendor(`Audited ${randomUUID().slice(0, 6)}`, new Date());
    setClock(ctx, new Date('2032-01-01T10:00:00.000Z'));
    await decide(v.vendorId, 'approve');
    setClock(ctx, new Date('2032-01-02T10:00:00.000Z'));
    await decide(v.vendorId, 'suspend', { reason: 'Fake reviews' });
    resetClock(ctx);
    const res = await get(admin.token, `/v1/admin/audit?subjectId=${v.vendorId}`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(2);
    expect(page.items).toEqual([
      expect.objectContaining({
        action: 'vendor.suspend',
        actor: { id: admin.id, fullName: 'Ana Admin' },
        detail: { from: 'approved', to: 'suspended', reason: 'Fake reviews' },
        createdAt: '2032-01-02T10:00:00.000Z',
      }),
      expect.objectContaining({
        action: 'vendor.approve',
        createdAt: '2032-01-01T10:00:00.000Z',
      }),
    ]);
    const all = await get(admin.token, '/v1/admin/audit?pageSize=50');
    expect(all.json().data.total).toBeGreaterThanOrEqual(2);
  });
});

describe('vetting documents', () => {
  it('sends the file as a private attachment; another vendor’s document id is 404', async () => {
    const v = await createVendor(ctx, { status: 'pending' });
    const other = await createVendor(ctx, { status: 'pending' });
    const bytes = Buffer.from('%PDF-1.7\n% a tiny test document\n%%EOF\n');
    const put = async (vendor: TestVendor, fileName: string) => {
      const id = randomUUID();
      const storageKey = `vendor-documents/${vendor.vendorId}/${id}.pdf`;
      await ctx.app.privateStorage.put(storageKey, bytes, 'application/pdf');
      await ctx.app.db.insert(vendorDocuments).values({
        id,
        vendorId: vendor.vendorId,
        kind: 'insurance',
        storageKey,
        fileName,
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
      });
      return id;
    };
    const mine = await put(v, 'insurance "2030".pdf');
    const theirs = await put(other, 'theirs.pdf');

    const res = await get(admin.token, `/v1/admin/vendors/${v.vendorId}/documents/${mine}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="insurance \\"2030\\".pdf"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const crossed = await get(admin.token, `/v1/admin/vendors/${v.vendorId}/documents/${theirs}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().error).toEqual({
      message: 'Document not found',
      code: 'document_not_found',
    });
    const unknown = await get(
      admin.token,
      `/v1/admin/vendors/${v.vendorId}/documents/${randomUUID()}`,
    );
    expect(unknown.statusCode).toBe(404);
    // Never served publicly.
    const [doc] = await ctx.app.db
      .select()
      .from(vendorDocuments)
      .where(eq(vendorDocuments.id, mine));
    const media = await ctx.app.inject({ method: 'GET', url: `/media/${doc!.storageKey}` });
    expect(media.statusCode).toBe(404);
  });

  it('encodes a file name outside ASCII safely (RFC 6266 filename*)', async () => {
    const v = await createVendor(ctx, { status: 'pending' });
    const id = randomUUID();
    const storageKey = `vendor-documents/${v.vendorId}/${id}.png`;
    await ctx.app.privateStorage.put(storageKey, Buffer.from('png'), 'image/png');
    await ctx.app.db.insert(vendorDocuments).values({
      id,
      vendorId: v.vendorId,
      kind: 'identity',
      storageKey,
      fileName: 'pièce d’identité.png',
      contentType: 'image/png',
      sizeBytes: 3,
    });
    const res = await get(admin.token, `/v1/admin/vendors/${v.vendorId}/documents/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="pi?ce d?identit?.png"; filename*=UTF-8\'\'pi%C3%A8ce%20d%E2%80%99identit%C3%A9.png',
    );
  });
});

describe('the OpenAPI document', () => {
  it('documents the download as a file, not the JSON wrapper', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const download = doc.paths['/v1/admin/vendors/{id}/documents/{documentId}'].get;
    expect(download.summary).toContain('Download a vetting document');
    expect(JSON.stringify(download.responses['200'])).not.toContain('"ok"');
    const overview = doc.paths['/v1/admin/overview'].get;
    expect(JSON.stringify(overview.responses['200'])).toContain('pendingVettings');
  });
});

describe('users', () => {
  it('suspending a user ends every session at once and refuses sign-in; reinstating lets them back', async () => {
    const { email, session } = await signedUp(ctx, 'customer');
    const me = await getMe(ctx, session.accessToken);
    expect(me.statusCode).toBe(200);
    const userId = me.json().data.id as string;

    const reason = 'Chargeback fraud on three bookings';
    const res = await send(admin.token, `/v1/admin/users/${userId}/suspend`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: userId,
      email,
      role: 'customer',
      status: 'suspended',
      emailVerified: true,
      deleted: false,
    });
    expect(res.json().data.audit[0]).toMatchObject({
      action: 'user.suspend',
      actor: { id: admin.id, fullName: 'Ana Admin' },
      detail: { reason, sessionsEnded: 1 },
    });

    // The access token is refused at once, the refresh token too, and sign-in.
    const after = await getMe(ctx, session.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('session_revoked');
    const refreshed = await resetToken(ctx, session.refreshToken);
    expect(refreshed.statusCode).toBe(401);
    const login = await post(ctx, '/v1/auth/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('account_suspended');
    const mail = await latestMail(ctx, email);
    expect(mail.subject).toBe('Your Vetted account is suspended');
    expect(mail.text).toContain(reason);

    const again = await send(admin.token, `/v1/admin/users/${userId}/suspend`, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_suspended');

    const reinstated = await send(admin.token, `/v1/admin/users/${userId}/reinstate`);
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json().data.status).toBe('active');
    const back = await loggedIn(ctx, email);
    expect((await getMe(ctx, back.accessToken)).statusCode).toBe(200);
    const twice = await send(admin.token, `/v1/admin/users/${userId}/reinstate`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('not_suspended');
  });

  it("suspending a pro's account unlists their business too; reinstating the account leaves it suspended", async () => {
    const name = `Owner Suspended ${randomUUID().slice(0, 6)}`;
    const v = await createVendor(ctx, { businessName: name });
    expect(await listed(name)).toContain(v.vendorId);

    const res = await send(admin.token, `/v1/admin/users/${v.id}/suspend`, {
      reason: 'Payment fraud under investigation',
    });
    expect(res.statusCode).toBe(200);
    expect(await listed(name)).not.toContain(v.vendorId);
    const vendor = (await get(admin.token, `/v1/admin/vendors/${v.vendorId}`)).json().data;
    expect(vendor.vettingStatus).toBe('suspended');
    expect(vendor.vettingReason).toBe(
      "The owner's account is suspended: Payment fraud under investigation",
    );
    expect(vendor.audit[0]).toMatchObject({
      action: 'vendor.suspend',
      actor: { id: admin.id },
    });

    expect((await send(admin.token, `/v1/admin/users/${v.id}/reinstate`)).statusCode).toBe(200);
    expect(await listed(name)).not.toContain(v.vendorId);
    expect((await decide(v.vendorId, 'reinstate')).statusCode).toBe(200);
    expect(await listed(name)).toContain(v.vendorId);
  });

  it('cannot suspend an admin, nor oneself', async () => {
    const other = await createAdmin(ctx, 'Other Admin');
    const reason = { reason: 'Testing the rule' };
    const res = await send(admin.token, `/v1/admin/users/${other.id}/suspend`, reason);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('cannot_suspend_admin');
    const self = await send(admin.token, `/v1/admin/users/${admin.id}/suspend`, reason);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('cannot_suspend_self');
    expect((await get(other.token, '/v1/admin/overview')).statusCode).toBe(200);
    const unknown = await send(admin.token, `/v1/admin/users/${randomUUID()}/suspend`, reason);
    expect(unknown.statusCode).toBe(404);
  });

  it('searches users by name or email, role and status', async () => {
    const tag = randomUUID().slice(0, 8);
    const cora = await createCustomer(ctx, `Cora ${tag}`);
    const vendor = await createVendor(ctx);
    const byName = await get(admin.token, `/v1/admin/users?q=cora%20${tag}`);
    expect(byName.json().data.items).toEqual([
      expect.objectContaining({ id: cora.id, role: 'customer', status: 'active', vendorId: null }),
    ]);
    const byEmail = await get(admin.token, `/v1/admin/users?q=${vendor.email}&role=vendor`);
    expect(byEmail.json().data.items).toEqual([
      expect.objectContaining({ id: vendor.id, vendorId: vendor.vendorId, orderCount: 0 }),
    ]);
    const wrongRole = await get(admin.token, `/v1/admin/users?q=${vendor.email}&role=customer`);
    expect(wrongRole.json().data.total).toBe(0);
    const suspended = await get(admin.token, `/v1/admin/users?q=${tag}&status=suspended`);
    expect(suspended.json().data.total).toBe(0);
    const detail = await get(admin.token, `/v1/admin/users/${cora.id}`);
    expect(detail.json().data).toMatchObject({ id: cora.id, fullName: `Cora ${tag}`, audit: [] });
  });
});

describe('orders and refunds', () => {
  let vendor: TestVendor;
  beforeAll(async () => {
    vendor = await createVendor(ctx, {
      businessName: `Refund Plumbing ${randomUUID().slice(0, 6)}`,
    });
  });

  const accept = (orderId: string) =>
    send(vendor.token, `/v1/orders/${orderId}/transitions`, { action: 'accept' });

  it('finds an order by its reference (exactly or by its start, any case), customer or pro', async () => {
    const { customer, order } = await paidOrder(ctx, vendor);
    const reference = order.reference as string;
    for (const q of [reference, reference.toLowerCase(), reference.slice(0, 6)]) {
      const res = await get(admin.token, `/v1/admin/orders?q=${encodeURIComponent(q)}&pageSize=50`);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().data.items.map((o: { id: string }) => o.id),
        q,
      ).toContain(order.id);
    }
    const exact = await get(admin.token, `/v1/admin/orders?q=${reference}`);
    expect(exact.json().data.items).toEqual([
      {
        id: order.id,
        reference,
        status: 'paid',
        customerName: customer.fullName,
        vendorName: expect.stringContaining('Refund Plumbing'),
        serviceTitle: 'Leak repair',
        startsAt: order.startsAt,
        total: { amount: 10_500, currency: 'USD' },
        createdAt: order.createdAt,
      },
    ]);
    const byCustomer = await get(admin.token, `/v1/admin/orders?q=${customer.email}`);
    expect(byCustomer.json().data.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const byPro = await get(
      admin.token,
      `/v1/admin/orders?q=${encodeURIComponent('refund plumbing')}&status=paid&pageSize=50`,
    );
    expect(byPro.json().data.items.map((o: { id: string }) => o.id)).toContain(order.id);
    const none = await get(admin.token, `/v1/admin/orders?q=${reference}&status=completed`);
    expect(none.json().data.total).toBe(0);
  });

  it('shows an order with its timeline, parties, provider events and ledger postings', async () => {
    const { customer, order } = await paidOrder(ctx, vendor);
    expect((await accept(order.id)).statusCode).toBe(200);
    await ctx.drain();
    const res = await get(admin.token, `/v1/admin/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.order).toMatchObject({ id: order.id, status: 'accepted' });
    expect(data.order.events.map((e: { status: string }) => e.status)).toEqual(
      expect.arrayContaining(['paid', 'accepted']),
    );
    expect(data.customer).toEqual({
      id: customer.id,
      fullName: customer.fullName,
      email: customer.email,
    });
    expect(data.vendor).toEqual({
      id: vendor.vendorId,
      businessName: expect.stringContaining('Refund Plumbing'),
      ownerEmail: vendor.email,
    });
    expect(data.payments).toHaveLength(1);
    const [p] = data.payments;
    expect(p.payment.status).toBe('captured');
    expect(p.providerEvents.map((e: { type: string }) => e.type)).toEqual([
      'authorization',
      'capture',
    ]);
    expect(p.ledger.map((l: { kind: string }) => l.kind)).toEqual(
      expect.arrayContaining(['charge', 'platform_fee', 'vendor_payable']),
    );
    expect(p.ledger.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0)).toBe(0);
    expect((await get(admin.token, `/v1/admin/orders/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('partial refund: refund_pending at once, refunded once the outbox ran, with ledger refund postings and an audit entry', async () => {
    const { order } = await paidOrder(ctx, vendor);
    await accept(order.id);
    await ctx.drain();
    const [pay] = await ctx.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    const url = `/v1/admin/payments/${pay!.id}/refund`;

    const res = await send(admin.token, url, { amount: 4_000, reason: 'Arrived an hour late' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.payment).toMatchObject({
      id: pay!.id,
      status: 'refund_pending',
      amountRefunded: { amount: 0, currency: 'USD' },
    });
    // While that refund is pending it counts as gone: 6 600 of 10 500 is too much.
    const tooMuch = await send(admin.token, url, { amount: 6_600, reason: 'Another try' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toEqual({
      message: 'At most $65.00 is left to refund on this payment',
      code: 'refund_too_large',
    });

    await ctx.drain();
    const view = await get(admin.token, `/v1/admin/payments/${pay!.id}`);
    const data = view.json().data;
    expect(data.payment).toMatchObject({
      status: 'refunded',
      amountRefunded: { amount: 4_000, currency: 'USD' },
    });
    const refunds = data.ledger.filter((l: { kind: string }) => l.kind === 'refund');
    expect(refunds.length).toBeGreaterThan(0);
    expect(data.ledger.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0)).toBe(0);
    expect(data.providerEvents.map((e: { type: string }) => e.type)).toContain('refund');

    const audit = await get(admin.token, `/v1/admin/audit?subjectId=${pay!.id}`);
    expect(audit.json().data.items).toEqual([
      expect.objectContaining({
        action: 'payment.refund',
        subjectType: 'payment',
        actor: { id: admin.id, fullName: 'Ana Admin' },
        detail: {
          amount: 4_000,
          currency: 'USD',
          reason: 'Arrived an hour late',
          orderId: order.id,
          bearer: 'platform',
        },
      }),
    ]);

    // Over the remainder: 409. Without an amount: all that is left (65.00).
    const over = await send(admin.token, url, { amount: 6_501, reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('refund_too_large');
    const rest = await send(admin.token, url, { reason: 'Goodwill: the rest' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().data.payment.status).toBe('refund_pending');
    await ctx.drain();
    const [done] = await ctx.app.db.select().from(payments).where(eq(payments.id, pay!.id));
    expect(done).toMatchObject({ status: 'refunded', amountRefunded: 10_500 });
    const nothing = await send(admin.token, url, { reason: 'Once more' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe('nothing_to_refund');
  });

  it('refuses to refund a payment that was not captured, and an unknown one', async () => {
    const { order } = await paidOrder(ctx, vendor);
    const [pay] = await ctx.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    const res = await send(admin.token, `/v1/admin/payments/${pay!.id}/refund`, {
      reason: 'Not yet captured',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      message: 'Only a captured payment can be refunded; this one is authorized',
      code: 'payment_not_captured',
    });
    const short = await send(admin.token, `/v1/admin/payments/${pay!.id}/refund`, {});
    expect(short.statusCode).toBe(400);
    const unknown = await send(admin.token, `/v1/admin/payments/${randomUUID()}/refund`, {
      reason: 'Unknown payment',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('overview', () => {
  it('counts pending vettings, open support chats, today’s bookings, approved vendors and 30-day GMV', async () => {
    const now = new Date();
    setClock(ctx, now);
    const overview = async () => {
      const res = await get(admin.token, '/v1/admin/overview');
      expect(res.statusCode).toBe(200);
      return res.json().data as {
        pendingVettings: number;
        openSupportChats: number;
        todaysBookings: number;
        approvedVendors: number;
        gmv30d: { amount: number; currency: string }[];
      };
    };
    const before = await overview();

    await createVendor(ctx, { status: 'pending' });
    const vendor = await createVendor(ctx, { currency: 'EUR' });
    const customer = await createCustomer(ctx);
    const chat = await send(customer.token, '/v1/conversations', {
      kind: 'support',
      subject: 'Where is my refund?',
    });
    expect(chat.statusCode).toBe(200);
    // A resolved chat does not count.
    const resolvedChat = randomUUID();
    await ctx.app.db.insert(conversations).values({
      id: resolvedChat,
      kind: 'support',
      userId: customer.id,
      status: 'resolved',
    });

    // Orders straight in the database: two booked today (UTC), one cancelled today, one
    // booked tomorrow; payments captured 1 and 40 days ago, and a tip (not GMV).
    const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const order = async (status: 'paid' | 'completed' | 'cancelled', startsAt: number) => {
      const id = randomUUID();
      await ctx.app.db.insert(orders).values({
        id,
        reference: `VT-${randomUUID().slice(0, 6).toUpperCase()}`,
        customerId: customer.id,
        vendorId: vendor.vendorId,
        serviceId: vendor.serviceId,
        startsAt: new Date(startsAt),
        endsAt: new Date(startsAt + 3_600_000),
        address: '1 Test Street',
        subtotal: 10_000,
        fee: 500,
        total: 10_500,
        currency: 'EUR',
        status,
      });
      return id;
    };
    const first = await order('paid', dayStart + 60_000);
    const second = await order('completed', dayStart + 2 * 3_600_000);
    await order('cancelled', dayStart + 3 * 3_600_000);
    await order('paid', dayStart + 25 * 3_600_000);
    const payment = async (
      orderId: string,
      amount: number,
      capturedAgoMs: number,
      kind = 'order',
    ) =>
      ctx.app.db.insert(payments).values({
        id: randomUUID(),
        orderId,
        provider: 'sandbox',
        kind,
        status: 'captured',
        amount,
        currency: 'EUR',
        capturedAt: new Date(now.getTime() - capturedAgoMs),
      });
    await payment(first, 10_500, 86_400_000);
    await payment(second, 10_500, 40 * 86_400_000);
    await payment(second, 1_000, 3_600_000, 'tip');

    const after = await overview();
    resetClock(ctx);
    expect(after.pendingVettings).toBe(before.pendingVettings + 1);
    expect(after.approvedVendors).toBe(before.approvedVendors + 1);
    expect(after.openSupportChats).toBe(before.openSupportChats + 1);
    expect(after.todaysBookings).toBe(before.todaysBookings + 2);
    const eur = (o: typeof before) => o.gmv30d.find((m) => m.currency === 'EUR')?.amount ?? 0;
    expect(eur(after)).toBe(eur(before) + 10_500);

    const approve = await get(admin.token, '/v1/admin/vendors?status=approved&pageSize=1');
    expect(approve.json().data.total).toBe(after.approvedVendors);
  });
});

describe('with the catalogue cache on', () => {
  let cached: TestContext;
  beforeAll(async () => {
    cached = await createTestContext({ catalogueCacheTtlMs: 60_000 });
  });
  afterAll(async () => cached?.close());

  it('an approval or a suspension shows in listings at once', async () => {
    const boss = await createAdmin(cached);
    const name = `Cached ${randomUUID().slice(0, 6)}`;
    const v = await createVendor(cached, { businessName: name, status: 'pending' });
    const search = async () => {
      const res = await cached.app.inject({
        method: 'GET',
        url: `/v1/vendors?q=${encodeURIComponent(name)}`,
      });
      return (res.json().data.items as { id: string }[]).map((i) => i.id);
    };
    expect(await search()).toEqual([]);
    const approved = await cached.app.inject({
      method: 'POST',
      url: `/v1/admin/vendors/${v.vendorId}/approve`,
      headers: bearer(boss.token),
    });
    expect(approved.statusCode).toBe(200);
    expect(await search()).toEqual([v.vendorId]);
    const suspended = await cached.app.inject({
      method: 'POST',
      url: `/v1/admin/vendors/${v.vendorId}/suspend`,
      headers: bearer(boss.token),
      payload: { reason: 'Licence withdrawn' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await search()).toEqual([]);
  });
});
