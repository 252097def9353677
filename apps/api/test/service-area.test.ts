/**
 * The service-area check of booking ("Checkout without surprises"): an address outside
 * the pro's radius is refused with 422 before anything is held, and `GET
 * /v1/services/{id}/service-area` answers the same check ahead of booking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableSlots,
  bearer,
  createCustomer,
  createVendor,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
/** Based in Boston (42.3601, -71.0589) with the fixtures' 25 km radius. */
let pro: TestVendor;

beforeAll(async () => {
  ctx = await createTestContext();
  pro = await createVendor(ctx, {
    businessName: 'Demo Plumbing Co.',
    city: 'Boston',
    lat: 42.3601,
    lng: -71.0589,
  });
});
afterAll(async () => ctx?.close());

const order = (customer: TestUser, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: bearer(customer.token),
    payload: { serviceId: pro.serviceId, ...body },
  });

const check = (customer: TestUser, query: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/v1/services/${pro.serviceId}/service-area?${query}`,
    headers: bearer(customer.token),
  });

const myOrders = async (customer: TestUser) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/v1/orders?pageSize=50',
    headers: bearer(customer.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.items as { id: string; address: string }[];
};

async function savePlace(customer: TestUser, body: Record<string, unknown>): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/me/addresses',
    headers: bearer(customer.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

// Great-circle distances from the pro's base, by the haversine on a 6371 km sphere:
// London (GeoNames 51.50853, -0.12574) 5,264.3 km = 3,271 mi; Paris (48.85341, 2.3488) 5,531.1 km.
const LONDON_REFUSAL = "Demo Plumbing Co. doesn't serve London, GB (3,271 mi away)";

describe('booking outside the service area', () => {
  it('refuses a typed address in another country with 422 and holds nothing', async () => {
    const customer = await createCustomer(ctx);
    const [slot] = await availableSlots(ctx, pro.serviceId);
    const res = await order(customer, {
      startsAt: slot!.startsAt,
      address: '221B Baker Street, London',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      message: LONDON_REFUSAL,
      code: 'outside_service_area',
      fields: { address: LONDON_REFUSAL },
    });
    // Nothing written and nothing held: no order, and the slot is still on offer.
    expect(await myOrders(customer)).toEqual([]);
    const after = await availableSlots(ctx, pro.serviceId);
    expect(after.map((s) => s.startsAt)).toContain(slot!.startsAt);

    // The same slot then books from an address in Boston.
    const ok = await order(customer, {
      startsAt: slot!.startsAt,
      address: '12 Beacon Street, Boston, MA 02108',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.address).toBe('12 Beacon Street, Boston, MA 02108');
    // The order says until when it holds the slot: 15 minutes after booking (HOLD_MS).
    const { createdAt, holdExpiresAt } = ok.json().data;
    // (createdAt is the database's clock at the insert, so within a second of it.)
    const held = Date.parse(holdExpiresAt) - Date.parse(createdAt);
    expect(held).toBeGreaterThan(899_000);
    expect(held).toBeLessThan(901_000);
    expect((await myOrders(customer)).map((o) => o.id)).toEqual([ok.json().data.id]);
  });

  it('names a town in the pro’s own country with its state', async () => {
    const customer = await createCustomer(ctx);
    const [slot] = await availableSlots(ctx, pro.serviceId);
    const res = await order(customer, {
      startsAt: slot!.startsAt,
      address: '100 Main Street, Denver, CO 80202',
    });
    expect(res.statusCode).toBe(422);
    // Denver (39.73915, -104.9847): 2,840.8 km = 1,765 mi.
    expect(res.json().error.message).toBe(
      "Demo Plumbing Co. doesn't serve Denver, CO (1,765 mi away)",
    );
  });

  it('locates a saved place by its own coordinates, in the customer’s unit', async () => {
    const customer = await createCustomer(ctx);
    // A customer at home in France reads kilometres.
    const paris = await savePlace(customer, {
      label: 'Home',
      line1: '10 Rue de Rivoli',
      city: 'Paris',
      country: 'FR',
      isDefault: true,
    });
    const [slot] = await availableSlots(ctx, pro.serviceId);
    // The text names no town; the saved place says where it is.
    const res = await order(customer, {
      startsAt: slot!.startsAt,
      address: '10 Rue de Rivoli',
      placeId: paris,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(
      "Demo Plumbing Co. doesn't serve Paris, FR (5,531.1 km away)",
    );
    expect(await myOrders(customer)).toEqual([]);

    const boston = await savePlace(customer, {
      label: 'Office',
      line1: '1 Federal Street',
      city: 'Boston',
      country: 'US',
      lat: 42.355,
      lng: -71.057,
    });
    const ok = await order(customer, {
      startsAt: slot!.startsAt,
      address: '1 Federal Street, Boston',
      placeId: boston,
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('books an address naming no known town (nothing to check against)', async () => {
    const customer = await createCustomer(ctx);
    const [slot] = await availableSlots(ctx, pro.serviceId);
    const res = await order(customer, { startsAt: slot!.startsAt, address: '12 Main Street' });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('GET /v1/services/{id}/service-area', () => {
  it('answers a refusal for a far address', async () => {
    const customer = await createCustomer(ctx);
    const res = await check(customer, `address=${encodeURIComponent('221B Baker Street, London')}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      served: false,
      place: { name: 'London', region: 'ENG', country: 'GB', source: 'address' },
      radiusKm: 25,
      message: LONDON_REFUSAL,
    });
    expect(data.distanceKm).toBeCloseTo(5264.3, 1);
  });

  it('answers served for a near address and for a saved place nearby', async () => {
    const customer = await createCustomer(ctx);
    const res = await check(customer, `address=${encodeURIComponent('7 Harbor Street, Boston')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      served: true,
      place: { name: 'Boston', region: 'MA', country: 'US', source: 'address' },
      radiusKm: 25,
      message: null,
    });
    expect(res.json().data.distanceKm).toBeLessThan(1);

    const home = await savePlace(customer, {
      label: 'Home',
      line1: '5 Elm Street',
      city: 'Cambridge',
      country: 'US',
      lat: 42.3736,
      lng: -71.1097,
    });
    const saved = await check(customer, `placeId=${home}`);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      served: true,
      place: { name: 'Cambridge', country: 'US', lat: 42.3736, lng: -71.1097, source: 'saved' },
      message: null,
    });
    // Cambridge, MA to the pro's base: 4.44 km.
    expect(saved.json().data.distanceKm).toBeCloseTo(4.44, 2);
  });

  it('says what to add when the address names no town it knows', async () => {
    const customer = await createCustomer(ctx);
    const res = await check(customer, `address=${encodeURIComponent('12 Main Street')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      served: null,
      place: null,
      distanceKm: null,
      radiusKm: 25,
      message:
        'We couldn\'t find the town in this address, so we can\'t check that Demo Plumbing Co. works there. Add the town or city, e.g. "12 Main Street, Boston, MA".',
    });
  });

  it('does not read another customer’s saved place', async () => {
    const owner = await createCustomer(ctx);
    const other = await createCustomer(ctx);
    const london = await savePlace(owner, {
      label: 'Flat',
      line1: '221B Baker Street',
      city: 'London',
      country: 'GB',
    });
    expect((await check(owner, `placeId=${london}`)).json().data.served).toBe(false);
    expect((await check(other, `placeId=${london}`)).json().data).toMatchObject({
      served: null,
      place: null,
    });
  });

  it('validates the query and needs a signed-in caller', async () => {
    const customer = await createCustomer(ctx);
    expect((await check(customer, '')).statusCode).toBe(400);
    const both = await check(
      customer,
      `address=Boston&placeId=${'00000000-0000-4000-8000-000000000000'}`,
    );
    expect(both.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/v1/services/${pro.serviceId}/service-area?address=Boston`,
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/v1/services/00000000-0000-4000-8000-000000000000/service-area?address=Boston',
      headers: bearer(customer.token),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
