import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPath, createClient, createVettedApi, type VettedApi } from '../src/index';
import { json, startServer, type TestServer } from './server';

let server: TestServer;
let api: VettedApi;

beforeEach(async () => {
  server = await startServer((_, res) => json(res, 200, { ok: true, data: { echoed: true } }));
  api = createVettedApi(
    createClient({ baseUrl: `${server.origin}/v1`, getAccessToken: () => 'access-1' }),
  );
});

afterEach(async () => {
  await server.close();
});

const ID = '3f2b8c1e-1111-4222-8333-444455556666';

/** What the server saw for the single request a call made. */
function seen() {
  expect(server.requests).toHaveLength(1);
  const request = server.requests[0]!;
  return {
    line: `${request.method} ${request.url}`,
    auth: request.headers.authorization,
    body: request.body.length ? JSON.parse(request.body.toString()) : undefined,
    headers: request.headers,
  };
}

describe('typed endpoint functions hit the right method and path', () => {
  const cases: Array<[string, (api: VettedApi) => Promise<unknown>, string, string | undefined]> = [
    [
      'auth.signup',
      (a) => a.auth.signup({ fullName: 'Ann Lee', email: 'a@b.co', password: 'x'.repeat(8) }),
      'POST /v1/auth/signup',
      undefined,
    ],
    [
      'auth.login',
      (a) => a.auth.login({ email: 'a@b.co', password: 'pw' }),
      'POST /v1/auth/login',
      undefined,
    ],
    [
      'auth.verifyOtp',
      (a) => a.auth.verifyOtp({ challengeId: ID, code: '123456' }),
      'POST /v1/auth/otp/verify',
      undefined,
    ],
    [
      'auth.resendOtp',
      (a) => a.auth.resendOtp({ challengeId: ID }),
      'POST /v1/auth/otp/resend',
      undefined,
    ],
    [
      'auth.resetToken',
      (a) => a.auth.resetToken('refresh-1'),
      'POST /v1/auth/reset-token',
      'Bearer refresh-1',
    ],
    [
      'auth.logout',
      (a) => a.auth.logout({ refreshToken: 'refresh-1' }),
      'POST /v1/auth/logout',
      undefined,
    ],
    [
      'auth.forgotPassword',
      (a) => a.auth.forgotPassword({ email: 'a@b.co' }),
      'POST /v1/auth/password/forgot',
      undefined,
    ],
    [
      'auth.resetPassword',
      (a) => a.auth.resetPassword({ challengeId: ID, code: '123456', password: 'x'.repeat(8) }),
      'POST /v1/auth/password/reset',
      undefined,
    ],
    ['me.get', (a) => a.me.get(), 'GET /v1/me', 'Bearer access-1'],
    ['me.update', (a) => a.me.update({ fullName: 'Ann' }), 'PATCH /v1/me', 'Bearer access-1'],
    ['me.deleteAvatar', (a) => a.me.deleteAvatar(), 'DELETE /v1/me/avatar', 'Bearer access-1'],
    [
      'me.changeEmail',
      (a) => a.me.changeEmail({ newEmail: 'n@b.co', password: 'pw' }),
      'POST /v1/me/email',
      'Bearer access-1',
    ],
    [
      'me.verifyEmailChange',
      (a) => a.me.verifyEmailChange({ challengeId: ID, code: '123456' }),
      'POST /v1/me/email/verify',
      'Bearer access-1',
    ],
    [
      'me.changePassword',
      (a) => a.me.changePassword({ currentPassword: 'pw', newPassword: 'x'.repeat(8) }),
      'POST /v1/me/password',
      'Bearer access-1',
    ],
    [
      'me.requestDeletion',
      (a) => a.me.requestDeletion({ password: 'pw' }),
      'POST /v1/me/deletion',
      'Bearer access-1',
    ],
    [
      'me.confirmDeletion',
      (a) => a.me.confirmDeletion({ challengeId: ID, code: '123456' }),
      'POST /v1/me/deletion/confirm',
      'Bearer access-1',
    ],
    ['me.exportData', (a) => a.me.exportData(), 'GET /v1/me/export', 'Bearer access-1'],
    [
      'me.notificationPreferences',
      (a) => a.me.notificationPreferences(),
      'GET /v1/me/notification-preferences',
      'Bearer access-1',
    ],
    [
      'me.updateNotificationPreferences',
      (a) =>
        a.me.updateNotificationPreferences({
          kinds: [{ kind: 'messages', inApp: false, email: true }],
        }),
      'PUT /v1/me/notification-preferences',
      'Bearer access-1',
    ],
    ['categories.list', (a) => a.categories.list(), 'GET /v1/categories', undefined],
    [
      'vendors.list',
      (a) => a.vendors.list({ category: 'plumbing', page: 2 }),
      'GET /v1/vendors?category=plumbing&page=2',
      undefined,
    ],
    ['vendors.get', (a) => a.vendors.get(ID), `GET /v1/vendors/${ID}`, undefined],
    [
      'pros.get',
      (a) => a.pros.get('demo-plumbing-co-3fa2c1'),
      'GET /v1/pros/demo-plumbing-co-3fa2c1',
      undefined,
    ],
    [
      'pros.reviews',
      (a) => a.pros.reviews('demo-plumbing-co-3fa2c1', { page: 2, pageSize: 5 }),
      'GET /v1/pros/demo-plumbing-co-3fa2c1/reviews?page=2&pageSize=5',
      undefined,
    ],
    [
      'vendors.services',
      (a) => a.vendors.services(ID),
      `GET /v1/vendors/${ID}/services`,
      undefined,
    ],
    ['services.get', (a) => a.services.get(ID), `GET /v1/services/${ID}`, undefined],
    [
      'services.gallery',
      (a) => a.services.gallery(ID),
      `GET /v1/services/${ID}/gallery`,
      undefined,
    ],
    [
      'services.slots',
      (a) => a.services.slots(ID, { from: '2026-11-23', days: 3 }),
      `GET /v1/services/${ID}/slots?from=2026-11-23&days=3`,
      undefined,
    ],
    [
      'orders.list',
      (a) => a.orders.list({ status: 'paid' }),
      'GET /v1/orders?status=paid',
      'Bearer access-1',
    ],
    ['orders.get', (a) => a.orders.get(ID), `GET /v1/orders/${ID}`, 'Bearer access-1'],
    [
      'orders.transition',
      (a) => a.orders.transition(ID, { action: 'accept' }),
      `POST /v1/orders/${ID}/transitions`,
      'Bearer access-1',
    ],
    [
      'payments.initialize',
      (a) => a.payments.initialize({ orderId: ID }),
      'POST /v1/payments/initialize',
      'Bearer access-1',
    ],
    [
      'payments.confirm',
      (a) =>
        a.payments.confirm(ID, {
          card: { number: '4242424242424242', expMonth: 1, expYear: 2030, cvc: '123', name: 'Ann' },
        }),
      `POST /v1/payments/${ID}/confirm`,
      'Bearer access-1',
    ],
    [
      'notifications.list',
      (a) => a.notifications.list({ unread: 'true' }),
      'GET /v1/notifications?unread=true',
      'Bearer access-1',
    ],
    [
      'notifications.markRead',
      (a) => a.notifications.markRead(ID),
      `POST /v1/notifications/${ID}/read`,
      'Bearer access-1',
    ],
    [
      'notifications.markAllRead',
      (a) => a.notifications.markAllRead(),
      'POST /v1/notifications/read-all',
      'Bearer access-1',
    ],
    [
      'notifications.pushPublicKey',
      (a) => a.notifications.pushPublicKey(),
      'GET /v1/push/public-key',
      undefined,
    ],
    [
      'notifications.addPushSubscription',
      (a) =>
        a.notifications.addPushSubscription({
          endpoint: 'https://push.example/x',
          keys: { p256dh: 'p', auth: 'a' },
        }),
      'POST /v1/me/push-subscriptions',
      'Bearer access-1',
    ],
    [
      'notifications.deletePushSubscription',
      (a) => a.notifications.deletePushSubscription({ endpoint: 'https://push.example/x' }),
      'DELETE /v1/me/push-subscriptions',
      'Bearer access-1',
    ],
    [
      'orders.cancellation',
      (a) => a.orders.cancellation(ID),
      `GET /v1/orders/${ID}/cancellation`,
      'Bearer access-1',
    ],
    [
      'orders.reschedule',
      (a) => a.orders.reschedule(ID, { startsAt: '2026-12-01T15:00:00.000Z' }),
      `POST /v1/orders/${ID}/reschedule`,
      'Bearer access-1',
    ],
    [
      'orders.declineReschedule',
      (a) => a.orders.declineReschedule(ID),
      `POST /v1/orders/${ID}/reschedule/decline`,
      'Bearer access-1',
    ],
    [
      'orders.confirmReschedule',
      (a) => a.orders.confirmReschedule(ID),
      `POST /v1/orders/${ID}/reschedule/confirm`,
      'Bearer access-1',
    ],
    [
      'orders.onMyWay',
      (a) => a.orders.onMyWay(ID, { etaMinutes: 20 }),
      `POST /v1/orders/${ID}/on-my-way`,
      'Bearer access-1',
    ],
    [
      'orders.markNoShow',
      (a) => a.orders.markNoShow(ID),
      `POST /v1/orders/${ID}/no-show`,
      'Bearer access-1',
    ],
    [
      'orders.reportNoShow',
      (a) => a.orders.reportNoShow(ID),
      `POST /v1/orders/${ID}/report-no-show`,
      'Bearer access-1',
    ],
    [
      'orders.disputeNoShow',
      (a) => a.orders.disputeNoShow(ID, { reason: 'I was there all along.' }),
      `POST /v1/orders/${ID}/no-show/dispute`,
      'Bearer access-1',
    ],
    [
      'orders.tip',
      (a) => a.orders.tip(ID, { amount: 500 }),
      `POST /v1/orders/${ID}/tip`,
      'Bearer access-1',
    ],
    [
      'vendor.calendarFeed',
      (a) => a.vendor.calendarFeed(),
      'GET /v1/vendor/calendar-feed',
      'Bearer access-1',
    ],
    [
      'vendor.rotateCalendarFeed',
      (a) => a.vendor.rotateCalendarFeed(),
      'POST /v1/vendor/calendar-feed/rotate',
      'Bearer access-1',
    ],
    [
      'vendor.busyCalendars',
      (a) => a.vendor.busyCalendars(),
      'GET /v1/vendor/busy-calendars',
      'Bearer access-1',
    ],
    [
      'vendor.addBusyCalendar',
      (a) => a.vendor.addBusyCalendar({ url: 'https://calendar.example/busy.ics' }),
      'POST /v1/vendor/busy-calendars',
      'Bearer access-1',
    ],
    [
      'vendor.deleteBusyCalendar',
      (a) => a.vendor.deleteBusyCalendar(ID),
      `DELETE /v1/vendor/busy-calendars/${ID}`,
      'Bearer access-1',
    ],
    [
      'plans.create',
      (a) =>
        a.plans.create({
          serviceId: ID,
          startsAt: '2026-12-01T14:00:00.000Z',
          frequency: 'weekly',
          address: '1 Plan Street, Boston',
        }),
      'POST /v1/plans',
      'Bearer access-1',
    ],
    ['plans.list', (a) => a.plans.list(), 'GET /v1/plans', 'Bearer access-1'],
    [
      'plans.listForVendor',
      (a) => a.plans.listForVendor(),
      'GET /v1/vendor/plans',
      'Bearer access-1',
    ],
    ['plans.get', (a) => a.plans.get(ID), `GET /v1/plans/${ID}`, 'Bearer access-1'],
    ['plans.accept', (a) => a.plans.accept(ID), `POST /v1/plans/${ID}/accept`, 'Bearer access-1'],
    [
      'plans.decline',
      (a) => a.plans.decline(ID, { reason: 'Fully booked' }),
      `POST /v1/plans/${ID}/decline`,
      'Bearer access-1',
    ],
    [
      'plans.skip',
      (a) => a.plans.skip(ID, { startsAt: '2026-12-08T14:00:00.000Z' }),
      `POST /v1/plans/${ID}/skip`,
      'Bearer access-1',
    ],
    ['plans.pause', (a) => a.plans.pause(ID), `POST /v1/plans/${ID}/pause`, 'Bearer access-1'],
    ['plans.resume', (a) => a.plans.resume(ID), `POST /v1/plans/${ID}/resume`, 'Bearer access-1'],
    ['plans.cancel', (a) => a.plans.cancel(ID), `POST /v1/plans/${ID}/cancel`, 'Bearer access-1'],
    [
      'quotes.request',
      (a) =>
        a.quotes.request({
          categorySlug: 'plumbing',
          description: 'The boiler leaks under the kitchen sink',
          address: '1 Quote Street, Boston',
          windows: [{ from: '2026-12-01T09:00:00.000Z', to: '2026-12-03T17:00:00.000Z' }],
        }),
      'POST /v1/quote-requests',
      'Bearer access-1',
    ],
    ['quotes.list', (a) => a.quotes.list(), 'GET /v1/quote-requests', 'Bearer access-1'],
    ['quotes.get', (a) => a.quotes.get(ID), `GET /v1/quote-requests/${ID}`, 'Bearer access-1'],
    [
      'quotes.cancel',
      (a) => a.quotes.cancel(ID),
      `POST /v1/quote-requests/${ID}/cancel`,
      'Bearer access-1',
    ],
    [
      'quotes.quote',
      (a) =>
        a.quotes.quote(ID, {
          lineItems: [{ description: 'Replace the valve', amount: 12000 }],
          validUntil: '2026-12-05T12:00:00.000Z',
          slots: ['2026-12-02T14:00:00.000Z'],
          durationMinutes: 120,
          message: '',
        }),
      `POST /v1/quote-requests/${ID}/quotes`,
      'Bearer access-1',
    ],
    [
      'quotes.decline',
      (a) => a.quotes.decline(ID, { reason: 'Too far' }),
      `POST /v1/quote-requests/${ID}/decline`,
      'Bearer access-1',
    ],
    [
      'quotes.counter',
      (a) => a.quotes.counter(ID, { quoteId: ID, amount: 10000, note: '' }),
      `POST /v1/quote-requests/${ID}/counter`,
      'Bearer access-1',
    ],
    [
      'quotes.conversation',
      (a) => a.quotes.conversation(ID, { vendorId: ID }),
      `POST /v1/quote-requests/${ID}/conversation`,
      'Bearer access-1',
    ],
    [
      'quotes.acceptCounter',
      (a) => a.quotes.acceptCounter(ID),
      `POST /v1/quotes/${ID}/counter/accept`,
      'Bearer access-1',
    ],
    [
      'quotes.declineCounter',
      (a) => a.quotes.declineCounter(ID),
      `POST /v1/quotes/${ID}/counter/decline`,
      'Bearer access-1',
    ],
    [
      'quotes.accept',
      (a) => a.quotes.accept(ID, { startsAt: '2026-12-02T14:00:00.000Z' }),
      `POST /v1/quotes/${ID}/accept`,
      'Bearer access-1',
    ],
    ['quotes.leads', (a) => a.quotes.leads(), 'GET /v1/vendor/leads', 'Bearer access-1'],
    [
      'quotes.freeSlots',
      (a) => a.quotes.freeSlots({ durationMinutes: 120, days: 7 }),
      'GET /v1/vendor/free-slots?durationMinutes=120&days=7',
      'Bearer access-1',
    ],
    [
      'quotes.proposeChange',
      (a) => a.quotes.proposeChange(ID, { description: 'Replace the trap too', amount: 4500 }),
      `POST /v1/orders/${ID}/change-orders`,
      'Bearer access-1',
    ],
    [
      'quotes.approveChange',
      (a) => a.quotes.approveChange(ID, ID),
      `POST /v1/orders/${ID}/change-orders/${ID}/approve`,
      'Bearer access-1',
    ],
    [
      'quotes.declineChange',
      (a) => a.quotes.declineChange(ID, ID),
      `POST /v1/orders/${ID}/change-orders/${ID}/decline`,
      'Bearer access-1',
    ],
    [
      'waitlist.join',
      (a) => a.waitlist.join(ID, { date: '2026-12-01' }),
      `POST /v1/services/${ID}/waitlist`,
      'Bearer access-1',
    ],
    [
      'waitlist.leave',
      (a) => a.waitlist.leave(ID, { date: '2026-12-01' }),
      `DELETE /v1/services/${ID}/waitlist?date=2026-12-01`,
      'Bearer access-1',
    ],
    [
      'waitlist.list',
      (a) => a.waitlist.list({ serviceId: ID }),
      `GET /v1/waitlist?serviceId=${ID}`,
      'Bearer access-1',
    ],
  ];

  it.each(cases)('%s → %s', async (_, call, line, auth) => {
    await expect(call(api)).resolves.toEqual({ echoed: true });
    expect(seen().line).toBe(line);
    expect(seen().auth).toBe(auth);
  });
});

describe('endpoint details', () => {
  it('orders.create sends the body and the Idempotency-Key header', async () => {
    const body = { serviceId: ID, startsAt: '2026-11-23T10:00:00.000Z', address: '1 Main St' };
    await api.orders.create(body, { idempotencyKey: 'key-1' });
    const request = seen();
    expect(request.line).toBe('POST /v1/orders');
    expect(request.headers['idempotency-key']).toBe('key-1');
    expect(request.body).toEqual(body);
    expect(request.auth).toBe('Bearer access-1');
  });

  it('orders.create is not retried on 503: exactly 1 request', async () => {
    server.handle((_, res) => json(res, 503, { ok: false, error: { message: 'down' } }));
    const body = { serviceId: ID, startsAt: '2026-11-23T10:00:00.000Z', address: '1 Main St' };
    await expect(api.orders.create(body, { idempotencyKey: 'k' })).rejects.toThrow('down');
    expect(server.requests).toHaveLength(1);
  });

  it('me.uploadAvatar sends the image as multipart field `file`, once', async () => {
    const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await api.me.uploadAvatar(image);
    const request = server.requests[0]!;
    expect(server.requests).toHaveLength(1);
    expect(`${request.method} ${request.url}`).toBe('POST /v1/me/avatar');
    expect(request.headers.authorization).toBe('Bearer access-1');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body.toString('latin1')).toMatch(/name="file"[\s\S]*\x89PNG/);
  });

  it('vendor.uploadBusyCalendar sends the .ics as multipart field `file` with its name, once', async () => {
    const ics = new Blob(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], { type: 'text/calendar' });
    await api.vendor.uploadBusyCalendar(ics, 'busy.ics');
    const request = server.requests[0]!;
    expect(server.requests).toHaveLength(1);
    expect(`${request.method} ${request.url}`).toBe('POST /v1/vendor/busy-calendars/upload');
    expect(request.headers.authorization).toBe('Bearer access-1');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body.toString('utf8')).toMatch(
      /name="file"; filename="busy\.ics"[\s\S]*BEGIN:VCALENDAR/,
    );
  });

  it('quotes.request with photos sends multipart: the fields as text and each photo as `photos`', async () => {
    const photo = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const windows = [{ from: '2026-12-01T09:00:00.000Z', to: '2026-12-03T17:00:00.000Z' }];
    await api.quotes.request(
      {
        categorySlug: 'plumbing',
        description: 'The boiler leaks under the kitchen sink',
        address: '1 Quote Street, Boston',
        windows,
      },
      [photo, photo],
    );
    const request = server.requests[0]!;
    expect(`${request.method} ${request.url}`).toBe('POST /v1/quote-requests');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = request.body.toString('latin1');
    expect(text).toMatch(/name="categorySlug"\r\n\r\nplumbing\r\n/);
    expect(text).toContain(JSON.stringify(windows));
    expect(text.match(/name="photos"/g)).toHaveLength(2);
  });

  it('orders.calendar resolves with the .ics bytes as a Blob, sent with the access token', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    server.handle((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
      res.end(ics);
    });
    const blob = await api.orders.calendar(ID);
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toMatch(/^text\/calendar/);
    expect(await blob.text()).toBe(ics);
    expect(seen().line).toBe(`GET /v1/orders/${ID}/calendar.ics`);
    expect(seen().auth).toBe('Bearer access-1');
  });

  it('orders.calendar rejects with the server message on 404', async () => {
    server.handle((_, res) => json(res, 404, { ok: false, error: { message: 'Order not found' } }));
    await expect(api.orders.calendar(ID)).rejects.toMatchObject({
      status: 404,
      message: 'Order not found',
    });
  });

  it('calendar.feed reads a feed by its token without the access token', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/calendar' });
      res.end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    });
    const blob = await api.calendar.feed('tok_en-1');
    expect(await blob.text()).toContain('BEGIN:VCALENDAR');
    expect(seen().line).toBe('GET /v1/calendar/tok_en-1.ics');
    expect(seen().auth).toBeUndefined();
  });

  it('vendor.rotateCalendarFeed is not retried on 503: exactly 1 request', async () => {
    server.handle((_, res) => json(res, 503, { ok: false, error: { message: 'down' } }));
    await expect(api.vendor.rotateCalendarFeed()).rejects.toThrow('down');
    expect(server.requests).toHaveLength(1);
  });

  it('auth.resetToken sends no body', async () => {
    await api.auth.resetToken('refresh-1');
    expect(seen().body).toBeUndefined();
    expect(seen().headers['content-type']).toBeUndefined();
  });

  it('encodes path parameters', async () => {
    await api.vendors.get('a/b c?');
    expect(seen().line).toBe('GET /v1/vendors/a%2Fb%20c%3F');
  });

  it('buildPath throws on a missing parameter', () => {
    expect(() => buildPath('/vendors/:id')).toThrow('Missing path parameter "id"');
    expect(buildPath('/vendors/:id/services', { id: 5 })).toBe('/vendors/5/services');
  });
});
