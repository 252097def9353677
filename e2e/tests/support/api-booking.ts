import { type APIRequestContext, type APIResponse, expect } from '@playwright/test';
import { signIn } from './app-routes';

/** Bookings made through the API for specs whose subject is what follows a booking. */

/** `data` of an API answer, failing the test with the API's message otherwise. */
export async function dataOf<T>(answer: APIResponse): Promise<T> {
  const body = (await answer.json()) as { ok: boolean; data?: T; error?: { message: string } };
  expect(body.ok, `${answer.url()}: ${body.error?.message ?? answer.status()}`).toBe(true);
  return body.data as T;
}

/**
 * Books and pays (sandbox card 4242) the demo plumber's first free slot at least 30 hours
 * ahead through the API, as the demo customer: both reminders are then still to come, whatever
 * the time of day the suite runs. Resolves with the order's id, start and service title.
 */
export async function bookAheadThroughApi(
  api: APIRequestContext,
  address = '5 Calendar Lane, Boston, MA',
) {
  const session = await signIn(api, 'customer');
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const vendors = await dataOf<{ items: Array<{ id: string; businessName: string }> }>(
    await api.get('/v1/vendors', { params: { q: 'Demo Plumbing' } }),
  );
  const vendor = vendors.items.find((v) => v.businessName === 'Demo Plumbing Co.');
  expect(vendor, 'the seeded demo vendor').toBeTruthy();
  const [service] = await dataOf<Array<{ id: string; title: string }>>(
    await api.get(`/v1/vendors/${vendor?.id}/services`),
  );
  const slots = await dataOf<{
    days: Array<{ slots: Array<{ startsAt: string; available: boolean }> }>;
  }>(await api.get(`/v1/services/${service?.id}/slots`, { params: { days: 14 } }));
  const slot = slots.days
    .flatMap((d) => d.slots)
    .find((s) => s.available && Date.parse(s.startsAt) > Date.now() + 30 * 3600_000);
  expect(slot, 'a free slot of the demo service 30 hours ahead or more').toBeTruthy();
  const order = await dataOf<{ id: string; startsAt: string }>(
    await api.post('/v1/orders', {
      headers,
      data: {
        serviceId: service?.id,
        startsAt: slot?.startsAt,
        address,
      },
    }),
  );
  const payment = await dataOf<{ id: string }>(
    await api.post('/v1/payments/initialize', { headers, data: { orderId: order.id } }),
  );
  const card = {
    number: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
    name: 'Casey Customer',
  };
  await dataOf(await api.post(`/v1/payments/${payment.id}/confirm`, { headers, data: { card } }));
  return { id: order.id, startsAt: order.startsAt, title: service?.title ?? '' };
}
