import { randomUUID } from 'node:crypto';
import { DOCUMENT_MAX_BYTES, type OnboardingStep } from '@vetted/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityRules,
  notifications,
  outbox,
  services,
  users,
  vendorDocuments,
  vendorProfiles,
} from '../src/db/schema';
import {
  BIO_MIN_CHARS,
  canDeleteDocument,
  canSubmit,
  decideSubmit,
  documentFileName,
  documentStorageKey,
  onboardingChecklist,
  visibleReason,
} from '../src/domains/vendors/policy';
import {
  latestCode,
  latestMail,
  PASSWORD,
  post,
  signup,
  uniqueEmail,
  verify,
} from './auth-helpers';
import { bearer, createAdmin, createCustomer, createVendor, ensureCategory } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let categoryId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  categoryId = (await ensureCategory(ctx, 'plumbing', 'Plumbing')).id;
  await ensureCategory(ctx, 'electrical', 'Electrical');
});
afterAll(async () => ctx?.close());

// ─── helpers ─────────────────────────────────────────────────────────────────────────────────

const LONG_BIO = 'Family-run plumbers fixing leaks, boilers and bathrooms since 2009.';

/** A pro's business in Lisbon, looked up in the offline city dataset (no coordinates sent). */
const lisbon = (extra: Record<string, unknown> = {}) => ({
  businessName: 'Lisboa Leaks',
  primaryCategorySlug: 'plumbing',
  city: 'Lisbon',
  country: 'PT',
  serviceRadiusKm: 30,
  ...extra,
});

/** Signs a pro up with `business`, verifies the code; returns the address and access token. */
async function signedUpVendor(business: Record<string, unknown> = lisbon()) {
  const email = uniqueEmail('pro');
  const challenge = await signup(ctx, email, { role: 'vendor', fullName: 'Paula Pro', business });
  const res = await verify(ctx, challenge.challengeId, await latestCode(ctx, email));
  expect(res.statusCode).toBe(200);
  const token = res.json().data.accessToken as string;
  const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
  const [profile] = await ctx.app.db
    .select()
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, user!.id));
  return { email, token, userId: user!.id, vendorId: profile!.id };
}

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

const getProfile = (token: string) => call('GET', '/v1/vendor/profile', token);

/** A multipart body of `fields` and one `file` part, encoded by the platform's FormData. */
async function multipart(parts: {
  kind?: string;
  file?: { data: Buffer; name: string; type?: string };
  fileFirst?: boolean;
}) {
  const form = new FormData();
  const addFile = () => {
    if (parts.file) {
      form.append(
        'file',
        new Blob([new Uint8Array(parts.file.data)], {
          type: parts.file.type ?? 'application/octet-stream',
        }),
        parts.file.name,
      );
    }
  };
  if (parts.fileFirst) addFile();
  if (parts.kind !== undefined) form.append('kind', parts.kind);
  if (!parts.fileFirst) addFile();
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

async function upload(token: string | null, parts: Parameters<typeof multipart>[0]) {
  const form = await multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/vendor/documents',
    headers: { ...(token ? bearer(token) : {}), ...form.headers },
    payload: form.payload,
  });
}

/** A PDF of exactly `size` bytes (a real header; file-type reads the magic bytes). */
function pdf(size = 2048): Buffer {
  const out = Buffer.alloc(size, 0x20);
  out.write('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\nendobj\n', 0, 'latin1');
  out.write('\n%%EOF\n', size - 7, 'latin1');
  return out;
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#135FE1' } })
    .png()
    .toBuffer();

/** Makes the vendor's checklist complete but for documents: bio, tagline, a service, hours. */
async function completeProfileServiceAndHours(token: string, vendorId: string) {
  const put = await call('PUT', '/v1/vendor/profile', token, {
    businessName: 'Lisboa Leaks',
    tagline: 'Leaks fixed the same day',
    bio: LONG_BIO,
    primaryCategorySlug: 'plumbing',
    city: 'Lisbon',
    country: 'PT',
    serviceRadiusKm: 30,
  });
  expect(put.statusCode).toBe(200);
  await ctx.app.db.insert(services).values({
    id: randomUUID(),
    vendorId,
    categoryId,
    title: 'Leak repair',
    description: 'Find and fix a leak.',
    price: 8000,
    currency: 'EUR',
    durationMinutes: 60,
  });
  await ctx.app.db
    .insert(availabilityRules)
    .values({ id: randomUUID(), vendorId, weekday: 1, startMinute: 9 * 60, endMinute: 17 * 60 });
}

async function uploadRequiredDocuments(token: string) {
  for (const kind of ['identity', 'insurance']) {
    const res = await upload(token, {
      kind,
      file: { data: pdf(), name: `${kind}.pdf`, type: 'application/pdf' },
    });
    expect(res.statusCode).toBe(201);
  }
}

const step = (checklist: OnboardingStep[], key: OnboardingStep['key']) =>
  checklist.find((s) => s.key === key)!;

// ─── policy ──────────────────────────────────────────────────────────────────────────────────

describe('onboarding policy', () => {
  const complete = {
    profile: {
      businessName: 'Lisboa Leaks',
      primaryCategoryId: 'c1',
      city: 'Lisbon',
      bio: 'x'.repeat(BIO_MIN_CHARS),
      tagline: 'Same day',
    },
    status: 'draft' as const,
    activeServices: 1,
    weeklyRanges: 1,
    documentKinds: ['identity', 'insurance'],
  };

  it('lists each missing item as a sentence, step by step', () => {
    const checklist = onboardingChecklist({
      profile: { businessName: ' ', primaryCategoryId: null, city: '', bio: 'short', tagline: '' },
      status: 'draft',
      activeServices: 0,
      weeklyRanges: 0,
      documentKinds: ['licence', 'identity'],
    });
    expect(checklist).toEqual([
      {
        key: 'profile',
        done: false,
        missing: [
          'Add your business name',
          'Choose your main category',
          'Add the city you work from',
          'Add a bio of at least 40 characters',
          'Add a tagline',
        ],
      },
      { key: 'services', done: false, missing: ['Add at least one active service'] },
      { key: 'availability', done: false, missing: ['Set your opening hours'] },
      { key: 'documents', done: false, missing: ['Upload your insurance certificate'] },
      { key: 'submit', done: false, missing: ['Submit your profile for review'] },
    ]);
  });

  it('counts a bio of exactly 40 characters (after trimming) and not 39', () => {
    const at = (bio: string) =>
      onboardingChecklist({ ...complete, profile: { ...complete.profile, bio } })[0]!.done;
    expect(at('x'.repeat(40))).toBe(true);
    expect(at(`  ${'x'.repeat(39)}  `)).toBe(false);
  });

  it.each([
    ['draft', true, 'submit'],
    ['rejected', true, 'submit'],
    ['pending', false, 'wrong_status'],
    ['approved', false, 'wrong_status'],
    ['suspended', false, 'wrong_status'],
  ] as const)('a complete %s profile: canSubmit %s, decideSubmit %s', (status, can, decision) => {
    const checklist = onboardingChecklist({ ...complete, status });
    expect(canSubmit(checklist, status)).toBe(can);
    expect(decideSubmit(status, checklist).kind).toBe(decision);
  });

  it('the submit step is done when pending or approved, and says so when suspended', () => {
    const submitOf = (status: 'pending' | 'approved' | 'suspended') =>
      step(onboardingChecklist({ ...complete, status }), 'submit');
    expect(submitOf('pending')).toEqual({ key: 'submit', done: true, missing: [] });
    expect(submitOf('approved').done).toBe(true);
    expect(submitOf('suspended').missing[0]).toMatch(/suspended/);
  });

  it('an incomplete draft is refused with what is missing, in checklist order', () => {
    const checklist = onboardingChecklist({ ...complete, activeServices: 0, documentKinds: [] });
    expect(canSubmit(checklist, 'draft')).toBe(false);
    expect(decideSubmit('draft', checklist)).toEqual({
      kind: 'incomplete',
      missing: [
        'Add at least one active service',
        'Upload your identity document',
        'Upload your insurance certificate',
      ],
    });
  });

  it('documents can be deleted in every state but pending', () => {
    expect(
      (['draft', 'pending', 'approved', 'rejected', 'suspended'] as const).map(canDeleteDocument),
    ).toEqual([true, false, true, true, true]);
  });

  it('shows the reason only while rejected or suspended', () => {
    expect(visibleReason('rejected', 'Blurry ID')).toBe('Blurry ID');
    expect(visibleReason('suspended', 'Complaints')).toBe('Complaints');
    expect(visibleReason('pending', 'Blurry ID')).toBeNull();
    expect(visibleReason('approved', 'Blurry ID')).toBeNull();
  });

  it('stores documents under the vendor with the detected extension, and cleans the name', () => {
    expect(documentStorageKey('v1', 'd1', 'application/pdf')).toBe('vendor-documents/v1/d1.pdf');
    expect(documentStorageKey('v1', 'd1', 'image/jpeg')).toBe('vendor-documents/v1/d1.jpg');
    expect(documentFileName('C:\\Users\\me\\id card.pdf', 'identity', 'application/pdf')).toBe(
      'id card.pdf',
    );
    expect(documentFileName('../../x\u0000.png', 'licence', 'image/png')).toBe('x.png');
    expect(documentFileName('', 'insurance', 'image/webp')).toBe('insurance.webp');
    expect(documentFileName('a'.repeat(300), 'identity', 'application/pdf')).toHaveLength(200);
  });
});

// ─── sign-up ─────────────────────────────────────────────────────────────────────────────────

describe('POST /v1/auth/signup with a business', () => {
  it('starts a draft profile with the city resolved offline: coordinates, country and time zone', async () => {
    const { token } = await signedUpVendor();
    const res = await getProfile(token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.vettingStatus).toBe('draft');
    expect(data.vettingReason).toBeNull();
    expect(data.submittedAt).toBeNull();
    expect(data.canSubmit).toBe(false);
    expect(data.documents).toEqual([]);
    expect(data.profile).toMatchObject({
      businessName: 'Lisboa Leaks',
      primaryCategory: { slug: 'plumbing', name: 'Plumbing' },
      city: 'Lisbon',
      country: 'PT',
      timeZone: 'Europe/Lisbon',
      serviceRadiusKm: 30,
      vettingStatus: 'draft',
      startingPrice: null,
      distanceKm: null,
    });
    expect(data.profile.lat).toBeCloseTo(38.72, 1);
    expect(data.profile.lng).toBeCloseTo(-9.13, 1);
    expect(data.checklist.map((s: OnboardingStep) => [s.key, s.done])).toEqual([
      ['profile', false],
      ['services', false],
      ['availability', false],
      ['documents', false],
      ['submit', false],
    ]);
    expect(step(data.checklist, 'profile').missing).toEqual([
      'Add a bio of at least 40 characters',
      'Add a tagline',
    ]);
  });

  it('takes sent coordinates as they are, with the time zone and country found there', async () => {
    const { token } = await signedUpVendor({
      businessName: 'Shibuya Sparks',
      primaryCategorySlug: 'electrical',
      city: 'Shibuya',
      lat: 35.664,
      lng: 139.698,
    });
    const profile = (await getProfile(token)).json().data.profile;
    expect(profile).toMatchObject({
      businessName: 'Shibuya Sparks',
      primaryCategory: { slug: 'electrical' },
      lat: 35.664,
      lng: 139.698,
      country: 'JP',
      timeZone: 'Asia/Tokyo',
      serviceRadiusKm: 25,
    });
  });

  it('finds a city without a country by its exact name (the most relevant match)', async () => {
    const { token } = await signedUpVendor(
      lisbon({ country: undefined, businessName: 'Anywhere' }),
    );
    expect((await getProfile(token)).json().data.profile).toMatchObject({
      country: 'PT',
      timeZone: 'Europe/Lisbon',
    });
  });

  it('answers 422 for an unknown city before writing anything, the same for a taken address', async () => {
    const business = lisbon({ city: 'Atlantisville', country: 'PT' });
    const fresh = uniqueEmail('nowhere');
    const res = await post(ctx, '/v1/auth/signup', {
      fullName: 'Nobody',
      email: fresh,
      password: PASSWORD,
      role: 'vendor',
      business,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'unknown_city',
      fields: { 'business.city': expect.stringContaining('"Atlantisville" in Portugal') },
    });
    expect(await ctx.app.db.select().from(users).where(eq(users.email, fresh))).toEqual([]);

    // An address with a verified account gets exactly the same answer.
    const taken = await signedUpVendor();
    const again = await post(ctx, '/v1/auth/signup', {
      fullName: 'Nobody',
      email: taken.email,
      password: PASSWORD,
      role: 'vendor',
      business,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(res.json());
  });

  it('answers 422 for an unknown main category', async () => {
    const email = uniqueEmail('nocat');
    const res = await post(ctx, '/v1/auth/signup', {
      fullName: 'Nobody',
      email,
      password: PASSWORD,
      role: 'vendor',
      business: lisbon({ primaryCategorySlug: 'alchemy' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('unknown_category');
    expect(res.json().error.fields).toHaveProperty('business.primaryCategorySlug');
    expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses a customer sign-up with a business, and a pro without one (400)', async () => {
    const customer = await post(ctx, '/v1/auth/signup', {
      fullName: 'Cora Customer',
      email: uniqueEmail('cust'),
      password: PASSWORD,
      role: 'customer',
      business: lisbon(),
    });
    expect(customer.statusCode).toBe(400);
    expect(customer.json().error.fields).toEqual({
      business: 'Only pros sign up with a business',
    });
    const pro = await post(ctx, '/v1/auth/signup', {
      fullName: 'Paula Pro',
      email: uniqueEmail('pro'),
      password: PASSWORD,
      role: 'vendor',
    });
    expect(pro.statusCode).toBe(400);
    expect(pro.json().error.fields).toEqual({ business: 'Tell us about your business' });
  });
});

// ─── profile ─────────────────────────────────────────────────────────────────────────────────

describe('PUT /v1/vendor/profile', () => {
  it('saves the fields, looks a new city up, and refreshes the search text', async () => {
    const { token, vendorId } = await signedUpVendor();
    const res = await call('PUT', '/v1/vendor/profile', token, {
      businessName: 'Porto Pipes',
      tagline: 'Leaks fixed the same day',
      bio: LONG_BIO,
      primaryCategorySlug: 'electrical',
      city: 'Porto',
      country: 'pt',
      serviceRadiusKm: 12,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.profile).toMatchObject({
      businessName: 'Porto Pipes',
      tagline: 'Leaks fixed the same day',
      bio: LONG_BIO,
      primaryCategory: { slug: 'electrical', name: 'Electrical' },
      city: 'Porto',
      country: 'PT',
      timeZone: 'Europe/Lisbon',
      serviceRadiusKm: 12,
    });
    expect(data.profile.lat).toBeCloseTo(41.15, 1);
    expect(step(data.checklist, 'profile')).toEqual({ key: 'profile', done: true, missing: [] });
    const [row] = await ctx.app.db
      .select({ searchText: vendorProfiles.searchText })
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, vendorId));
    expect(row?.searchText).toContain('Porto Pipes');
    expect(row?.searchText).toContain('Electrical');
  });

  it('takes new coordinates with the time zone there, and keeps them when nothing moved', async () => {
    const { token } = await signedUpVendor();
    const body = {
      businessName: 'Lisboa Leaks',
      tagline: '',
      bio: '',
      primaryCategorySlug: 'plumbing',
      city: 'Madeira',
      country: 'PT',
      lat: 32.65,
      lng: -16.91,
      serviceRadiusKm: 30,
    };
    const moved = await call('PUT', '/v1/vendor/profile', token, body);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.profile).toMatchObject({
      lat: 32.65,
      lng: -16.91,
      timeZone: 'Atlantic/Madeira',
    });
    // The same place again without coordinates: no lookup (Madeira is not a city), nothing moves.
    const { lat: _lat, lng: _lng, ...withoutPoint } = body;
    const same = await call('PUT', '/v1/vendor/profile', token, {
      ...withoutPoint,
      tagline: 'Island plumbing',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.profile).toMatchObject({
      lat: 32.65,
      timeZone: 'Atlantic/Madeira',
      tagline: 'Island plumbing',
    });
  });

  it('answers 422 for an unknown city or category and changes nothing', async () => {
    const { token } = await signedUpVendor();
    const base = {
      businessName: 'Changed Name',
      primaryCategorySlug: 'plumbing',
      city: 'Lisbon',
      country: 'PT',
      serviceRadiusKm: 30,
    };
    const city = await call('PUT', '/v1/vendor/profile', token, { ...base, city: 'Atlantisville' });
    expect(city.statusCode).toBe(422);
    expect(city.json().error).toMatchObject({ code: 'unknown_city' });
    expect(city.json().error.fields).toHaveProperty('city');
    const category = await call('PUT', '/v1/vendor/profile', token, {
      ...base,
      primaryCategorySlug: 'alchemy',
    });
    expect(category.statusCode).toBe(422);
    expect(category.json().error.fields).toHaveProperty('primaryCategorySlug');
    expect((await getProfile(token)).json().data.profile.businessName).toBe('Lisboa Leaks');
  });

  it('answers 400 for an invalid body', async () => {
    const { token } = await signedUpVendor();
    const res = await call('PUT', '/v1/vendor/profile', token, {
      businessName: 'X',
      primaryCategorySlug: 'plumbing',
      city: 'Lisbon',
      country: 'PT',
      serviceRadiusKm: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      businessName: 'Enter your business name',
      serviceRadiusKm: 'Service radius must be at least 1 km',
    });
  });

  it("shows an approved vendor's change in the public catalogue at once", async () => {
    const vendor = await createVendor(ctx, { businessName: 'Old Name Plumbing' });
    const res = await call('PUT', '/v1/vendor/profile', vendor.token, {
      businessName: 'New Name Plumbing',
      tagline: 'Reliable',
      bio: LONG_BIO,
      primaryCategorySlug: 'plumbing',
      city: 'New York City',
      country: 'US',
      serviceRadiusKm: 25,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.vettingStatus).toBe('approved');
    const pub = await ctx.app.inject({ method: 'GET', url: `/v1/vendors/${vendor.vendorId}` });
    expect(pub.json().data.businessName).toBe('New Name Plumbing');
    const search = await ctx.app.inject({ method: 'GET', url: '/v1/vendors?q=new%20name' });
    expect(search.json().data.items.map((v: { id: string }) => v.id)).toContain(vendor.vendorId);
  });
});

// ─── documents ───────────────────────────────────────────────────────────────────────────────

describe('/v1/vendor/documents', () => {
  it('accepts a PDF, stores it privately (never under /media) and lists it newest first', async () => {
    const { token, vendorId } = await signedUpVendor();
    const first = await upload(token, {
      kind: 'identity',
      file: { data: pdf(), name: 'passport.pdf', type: 'application/pdf' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      kind: 'identity',
      fileName: 'passport.pdf',
      contentType: 'application/pdf',
      sizeBytes: 2048,
    });
    // The file part may come before the kind; a PNG named .pdf is stored as what it is.
    const second = await upload(token, {
      kind: 'licence',
      file: { data: await png(), name: 'licence.pdf', type: 'application/pdf' },
      fileFirst: true,
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().data).toMatchObject({ kind: 'licence', contentType: 'image/png' });

    const [row] = await ctx.app.db
      .select()
      .from(vendorDocuments)
      .where(eq(vendorDocuments.id, first.json().data.id));
    expect(row?.storageKey).toBe(`vendor-documents/${vendorId}/${row?.id}.pdf`);
    expect(await ctx.app.privateStorage.exists(row!.storageKey)).toBe(true);
    expect(await ctx.app.storage.exists(row!.storageKey)).toBe(false);
    const media = await ctx.app.inject({ method: 'GET', url: `/media/${row!.storageKey}` });
    expect(media.statusCode).toBe(404);

    const list = await call('GET', '/v1/vendor/documents', token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((d: { kind: string }) => d.kind)).toEqual(['licence', 'identity']);
    expect((await getProfile(token)).json().data.documents).toEqual(list.json().data);
  });

  it('accepts exactly 10 MB and refuses one byte more with 413', async () => {
    const { token } = await signedUpVendor();
    const exact = await upload(token, {
      kind: 'insurance',
      file: { data: pdf(DOCUMENT_MAX_BYTES), name: 'big.pdf', type: 'application/pdf' },
    });
    expect(exact.statusCode).toBe(201);
    expect(exact.json().data.sizeBytes).toBe(DOCUMENT_MAX_BYTES);

    const over = await upload(token, {
      kind: 'insurance',
      file: { data: pdf(DOCUMENT_MAX_BYTES + 1), name: 'bigger.pdf', type: 'application/pdf' },
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual({
      message: 'Document must be 10 MB or less',
      code: 'document_too_large',
    });
    expect((await call('GET', '/v1/vendor/documents', token)).json().data).toHaveLength(1);
  });

  it('refuses a text file named .pdf (415), no file (400) and an unknown kind (400)', async () => {
    const { token, vendorId } = await signedUpVendor();
    const text = await upload(token, {
      kind: 'identity',
      file: {
        data: Buffer.from('I am a passport, honest.\n'),
        name: 'x.pdf',
        type: 'application/pdf',
      },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe('Upload a PDF, JPEG, PNG or WebP file');

    const none = await upload(token, { kind: 'identity' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('No document selected');
    const json = await call('POST', '/v1/vendor/documents', token, { kind: 'identity' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe('No document selected');

    for (const kind of ['passport', undefined]) {
      const bad = await upload(token, { kind, file: { data: pdf(), name: 'a.pdf' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('invalid_document_kind');
    }
    const sendForm = async (withFile: boolean) => {
      const form = new FormData();
      form.append('kind', 'identity');
      form.append('note', 'hello');
      if (withFile) form.append('file', new Blob([new Uint8Array(pdf())]), 'a.pdf');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return ctx.app.inject({
        method: 'POST',
        url: '/v1/vendor/documents',
        headers: { ...bearer(token), 'content-type': request.headers.get('content-type') ?? '' },
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };
    // A text field the upload does not take is named next to a file; without a file, what to
    // fix first is the missing file (spec §5's rule, whatever other fields the form carries).
    const extra = await sendForm(true);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toMatchObject({
      message: 'Unexpected field "note"',
      code: 'unexpected_field',
    });
    const extraWithoutFile = await sendForm(false);
    expect(extraWithoutFile.statusCode).toBe(400);
    expect(extraWithoutFile.json().error.message).toBe('No document selected');

    // Nothing was stored.
    expect(
      await ctx.app.db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, vendorId)),
    ).toEqual([]);
  });

  it('deletes a document and its private file through the outbox; 404 for another vendor', async () => {
    const owner = await signedUpVendor();
    const other = await signedUpVendor();
    const res = await upload(owner.token, {
      kind: 'identity',
      file: { data: pdf(), name: 'id.pdf', type: 'application/pdf' },
    });
    const id = res.json().data.id as string;
    const [row] = await ctx.app.db.select().from(vendorDocuments).where(eq(vendorDocuments.id, id));

    const stranger = await call('DELETE', `/v1/vendor/documents/${id}`, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('document_not_found');
    const random = await call('DELETE', `/v1/vendor/documents/${randomUUID()}`, owner.token);
    expect(random.statusCode).toBe(404);

    const del = await call('DELETE', `/v1/vendor/documents/${id}`, owner.token);
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toEqual([]);
    // The file goes once the deletion committed and the outbox ran.
    expect(await ctx.app.privateStorage.exists(row!.storageKey)).toBe(true);
    await ctx.drain();
    expect(await ctx.app.privateStorage.exists(row!.storageKey)).toBe(false);
  });
  it("erases a pro's documents and their private files when the account is deleted", async () => {
    const owner = await signedUpVendor();
    await uploadRequiredDocuments(owner.token);
    const rows = await ctx.app.db
      .select()
      .from(vendorDocuments)
      .where(eq(vendorDocuments.vendorId, owner.vendorId));
    expect(rows).toHaveLength(2);

    const start = await post(ctx, '/v1/me/deletion', { password: PASSWORD }, bearer(owner.token));
    expect(start.statusCode, start.body).toBe(200);
    const code = await latestCode(ctx, owner.email);
    const done = await post(
      ctx,
      '/v1/me/deletion/confirm',
      { challengeId: start.json().data.challengeId, code },
      bearer(owner.token),
    );
    expect(done.statusCode, done.body).toBe(200);

    expect(
      await ctx.app.db
        .select()
        .from(vendorDocuments)
        .where(eq(vendorDocuments.vendorId, owner.vendorId)),
    ).toEqual([]);
    // The files go once the deletion committed and the outbox ran.
    for (const row of rows) expect(await ctx.app.privateStorage.exists(row.storageKey)).toBe(true);
    await ctx.drain();
    for (const row of rows) expect(await ctx.app.privateStorage.exists(row.storageKey)).toBe(false);
  });
});

// ─── checklist and submission ────────────────────────────────────────────────────────────────

describe('POST /v1/vendor/profile/submit', () => {
  it('refuses an incomplete profile with what is missing, then submits a complete one', async () => {
    const admin = await createAdmin(ctx);
    const vendor = await signedUpVendor();

    const early = await call('POST', '/v1/vendor/profile/submit', vendor.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('profile_incomplete');
    expect(early.json().error.message).toContain('Add a bio of at least 40 characters');
    expect(early.json().error.message).toContain('Upload your insurance certificate');

    await completeProfileServiceAndHours(vendor.token, vendor.vendorId);
    let profile = (await getProfile(vendor.token)).json().data;
    expect(profile.checklist.map((s: OnboardingStep) => [s.key, s.done])).toEqual([
      ['profile', true],
      ['services', true],
      ['availability', true],
      ['documents', false],
      ['submit', false],
    ]);
    expect(step(profile.checklist, 'documents').missing).toEqual([
      'Upload your identity document',
      'Upload your insurance certificate',
    ]);
    expect(profile.canSubmit).toBe(false);
    expect(profile.profile.startingPrice).toEqual({ amount: 8000, currency: 'EUR' });

    await uploadRequiredDocuments(vendor.token);
    profile = (await getProfile(vendor.token)).json().data;
    expect(profile.canSubmit).toBe(true);
    expect(step(profile.checklist, 'documents').done).toBe(true);

    const res = await call('POST', '/v1/vendor/profile/submit', vendor.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.vettingStatus).toBe('pending');
    expect(data.canSubmit).toBe(false);
    expect(step(data.checklist, 'submit')).toEqual({ key: 'submit', done: true, missing: [] });
    expect(Date.parse(data.submittedAt)).not.toBeNaN();
    const [row] = await ctx.app.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, vendor.vendorId));
    expect(row?.vettingUpdatedAt?.toISOString()).toBe(data.submittedAt);

    // The vendor's notice and mail, and the admins' notice, are delivered by the outbox.
    const queued = await ctx.app.db.select().from(outbox).where(eq(outbox.kind, 'notification'));
    expect(queued.some((r) => (r.payload as { userId: string }).userId === vendor.userId)).toBe(
      true,
    );
    await ctx.drain();
    const [notice] = await ctx.app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, vendor.userId), eq(notifications.type, 'vetting.submitted')),
      );
    expect(notice).toMatchObject({ title: 'Profile submitted for review', link: '/vendor' });
    const mail = await latestMail(ctx, vendor.email);
    expect(mail.subject).toBe("We're reviewing Lisboa Leaks");
    const [adminNotice] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, 'vetting.queued')));
    expect(adminNotice).toMatchObject({
      title: 'New vendor to vet',
      link: `/admin/vendors/${vendor.vendorId}`,
    });

    // Pending: no second submission, and documents stay as they are under review.
    const twice = await call('POST', '/v1/vendor/profile/submit', vendor.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('invalid_transition');
    const docId = data.documents[0].id as string;
    const del = await call('DELETE', `/v1/vendor/documents/${docId}`, vendor.token);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.code).toBe('under_review');
  });

  it('does not count an archived or inactive service', async () => {
    const vendor = await signedUpVendor();
    await ctx.app.db.insert(services).values([
      {
        id: randomUUID(),
        vendorId: vendor.vendorId,
        categoryId,
        title: 'Old job',
        description: 'Archived.',
        price: 5000,
        durationMinutes: 60,
        active: false,
        archivedAt: new Date(),
      },
      {
        id: randomUUID(),
        vendorId: vendor.vendorId,
        categoryId,
        title: 'Paused job',
        description: 'Inactive.',
        price: 5000,
        durationMinutes: 60,
        active: false,
      },
    ]);
    const profile = (await getProfile(vendor.token)).json().data;
    expect(step(profile.checklist, 'services').done).toBe(false);
    expect(profile.profile.startingPrice).toBeNull();
  });

  it('lets a rejected vendor see the reason, fix and resubmit (the reason is kept until the next decision)', async () => {
    const vendor = await signedUpVendor();
    await completeProfileServiceAndHours(vendor.token, vendor.vendorId);
    await uploadRequiredDocuments(vendor.token);
    expect((await call('POST', '/v1/vendor/profile/submit', vendor.token)).statusCode).toBe(200);

    // An admin rejects (the admin routes are another domain's; written here as they store it).
    await ctx.app.db
      .update(vendorProfiles)
      .set({
        vettingStatus: 'rejected',
        vettingReason: 'The insurance certificate has expired',
        vettingUpdatedAt: new Date(),
      })
      .where(eq(vendorProfiles.id, vendor.vendorId));
    const rejected = (await getProfile(vendor.token)).json().data;
    expect(rejected.vettingStatus).toBe('rejected');
    expect(rejected.vettingReason).toBe('The insurance certificate has expired');
    expect(rejected.canSubmit).toBe(true);
    expect(step(rejected.checklist, 'submit').missing).toEqual(['Submit your profile for review']);

    // Documents can be replaced again once the review is over.
    const insurance = rejected.documents.find((d: { kind: string }) => d.kind === 'insurance');
    expect(
      (await call('DELETE', `/v1/vendor/documents/${insurance.id}`, vendor.token)).statusCode,
    ).toBe(200);
    expect((await getProfile(vendor.token)).json().data.canSubmit).toBe(false);
    await upload(vendor.token, {
      kind: 'insurance',
      file: { data: pdf(), name: 'insurance-2027.pdf', type: 'application/pdf' },
    });

    const res = await call('POST', '/v1/vendor/profile/submit', vendor.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.vettingStatus).toBe('pending');
    expect(res.json().data.vettingReason).toBeNull();
    const [row] = await ctx.app.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, vendor.vendorId));
    expect(row?.vettingReason).toBe('The insurance certificate has expired');
  });

  it('refuses approved and suspended vendors (409)', async () => {
    const approved = await createVendor(ctx);
    const a = await call('POST', '/v1/vendor/profile/submit', approved.token);
    expect(a.statusCode).toBe(409);
    expect(a.json().error.message).toBe('Your profile is already approved');
    const suspended = await createVendor(ctx, { status: 'suspended' });
    const s = await call('POST', '/v1/vendor/profile/submit', suspended.token);
    expect(s.statusCode).toBe(409);
    expect(s.json().error.message).toMatch(/suspended/);
  });
});

// ─── access ──────────────────────────────────────────────────────────────────────────────────

describe('access to /v1/vendor/profile and /v1/vendor/documents', () => {
  const id = randomUUID();
  const routes: [string, 'GET' | 'PUT' | 'POST' | 'DELETE', string, unknown?][] = [
    ['GET profile', 'GET', '/v1/vendor/profile'],
    [
      'PUT profile',
      'PUT',
      '/v1/vendor/profile',
      {
        businessName: 'Not A Pro',
        primaryCategorySlug: 'plumbing',
        city: 'Lisbon',
        country: 'PT',
        serviceRadiusKm: 10,
      },
    ],
    ['POST submit', 'POST', '/v1/vendor/profile/submit'],
    ['GET documents', 'GET', '/v1/vendor/documents'],
    ['POST documents (JSON)', 'POST', '/v1/vendor/documents', {}],
    ['DELETE document', 'DELETE', `/v1/vendor/documents/${id}`],
  ];

  it.each(routes)(
    '%s: 403 for a customer and an admin, 401 anonymous',
    async (_n, method, url, body) => {
      const customer = await createCustomer(ctx);
      const admin = await createAdmin(ctx);
      for (const user of [customer, admin]) {
        const res = await call(method, url, user.token, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toEqual({
          message: 'Only pros can use the vendor area. Sign in with your business account',
          code: 'vendor_only',
        });
      }
      expect((await call(method, url, null, body)).statusCode).toBe(401);
    },
  );

  it('refuses a multipart upload before reading it: 403 for a customer, 401 anonymous', async () => {
    const customer = await createCustomer(ctx);
    const big = { data: pdf(DOCUMENT_MAX_BYTES + 10), name: 'big.pdf' };
    const asCustomer = await upload(customer.token, { kind: 'identity', file: big });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().error.code).toBe('vendor_only');
    expect((await upload(null, { kind: 'identity', file: big })).statusCode).toBe(401);
  });
});
