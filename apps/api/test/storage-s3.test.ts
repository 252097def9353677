import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type S3Settings } from '../src/config';
import { vendorDocuments } from '../src/db/schema';
import { createS3Client, S3Storage } from '../src/services/storage';
import { migrateLocalStorage } from '../src/services/storage-migrate';
import {
  bearer,
  createAdmin,
  createCustomer,
  createVendor,
  multipartPayload,
  openDirect,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * Object storage on S3 (`S3_BUCKET`, `S3_PRIVATE_BUCKET`), against a real S3 protocol server
 * (s3rver, in a temporary folder on 127.0.0.1 and a free port) — the AWS SDK talks HTTP to it
 * exactly as to a bucket, nothing is mocked.
 */

let server: S3rver;
let endpoint: string;
let client: S3Client;
const contexts: TestContext[] = [];

/** S3 settings for the s3rver of this file (its default credentials), on two new buckets. */
async function newBuckets(): Promise<S3Settings> {
  const suffix = randomUUID().slice(0, 8);
  const settings: S3Settings = {
    bucket: `public-${suffix}`,
    privateBucket: `private-${suffix}`,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  await client.send(new CreateBucketCommand({ Bucket: settings.privateBucket }));
  return settings;
}

/** Keys in `bucket`, sorted. */
async function keysIn(bucket: string): Promise<string[]> {
  const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (out.Contents ?? []).map((o) => o.Key ?? '').sort();
}

async function appOn(s3: S3Settings, overrides: Parameters<typeof createTestContext>[0] = {}) {
  const ctx = await createTestContext({ s3, ...overrides });
  contexts.push(ctx);
  return ctx;
}

const png = (width = 32, height = 32, background = '#135fe1') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

async function uploadAvatar(ctx: TestContext, token: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'me.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/me/avatar',
    headers: { ...bearer(token), 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.avatarUrl as string;
}

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'vetted-s3rver-')),
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = createS3Client({
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  client?.destroy();
  await server?.close();
});

describe('S3Storage', () => {
  it('puts, heads, gets, deletes (twice) and checks its bucket', async () => {
    const s3 = await newBuckets();
    const storage = new S3Storage(s3);
    await storage.check();
    const key = 'avatars/u1/a.webp';
    expect(await storage.get(key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);

    const bytes = Buffer.from('RIFF....WEBPVP8 not really');
    await storage.put(key, bytes, 'image/webp');
    expect(await storage.exists(key)).toBe(true);
    const info = await storage.head(key);
    const object = await storage.get(key);
    expect(object).not.toBeNull();
    const body = Buffer.concat(await object!.body.toArray());
    expect(body.equals(bytes)).toBe(true);
    expect({ ...object, body: undefined }).toEqual({ ...info, body: undefined });
    expect(info).toEqual({
      contentType: 'image/webp',
      size: bytes.length,
      etag: (await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ETag,
    });
    expect(info?.etag).toMatch(/^"[0-9a-f]{32}"$/);

    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Malformed keys are refused before any request, as on disk.
    await expect(storage.put('../escape.webp', bytes, 'image/webp')).rejects.toThrow(/invalid/);
    expect(await storage.get('../escape.webp')).toBeNull();
  });

  it('fails its check when the bucket does not exist', async () => {
    const s3 = await newBuckets();
    await expect(
      new S3Storage({ ...s3, bucket: `missing-${randomUUID()}` }).check(),
    ).rejects.toThrow();
  });
});

/** Building an app on a loaded machine can take most of the default 30 s test timeout. */
const APP_BUILDING_TEST_MS = 120_000;

describe('the API on S3', () => {
  /** Two instances on the same two buckets (each with its own database). */
  let s3: S3Settings;
  let ctx: TestContext;
  let second: TestContext;
  // Two app builds: one hook with the budget of both.
  beforeAll(async () => {
    s3 = await newBuckets();
    ctx = await appOn(s3);
    second = await appOn(s3);
  }, 2 * APP_BUILDING_TEST_MS);

  it('stores an avatar in the public bucket and streams it at /media with its ETag, 304 and a year of caching', async () => {
    const me = await createCustomer(ctx);
    const url = await uploadAvatar(ctx, me.token);
    const key = url.replace(/^\/media\//, '');
    expect(await keysIn(s3.bucket)).toContain(key);
    expect(await keysIn(s3.privateBucket)).toEqual([]);
    const etag = (await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ETag;

    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect((await sharp(res.rawPayload).metadata()).width).toBe(256);

    for (const conditional of [String(etag), `W/${etag}`, `"other", ${etag}`]) {
      const cached = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': conditional },
      });
      expect(cached.statusCode).toBe(304);
      expect(cached.rawPayload.length).toBe(0);
      expect(cached.headers.etag).toBe(etag);
    }
    const stale = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
    const missing = await ctx.app.inject({ method: 'GET', url: `${url}.nope.webp` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({ message: 'Image not found', code: 'not_found' });
  });

  it('serves an avatar uploaded through one instance from a second instance on the same bucket', async () => {
    const me = await createCustomer(ctx);
    const url = await uploadAvatar(ctx, me.token);
    const a = await ctx.app.inject({ method: 'GET', url });
    const b = await second.app.inject({ method: 'GET', url });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(b.headers.etag).toBe(a.headers.etag);
  });

  it('keeps vetting documents and message attachments in the private bucket, never served by /media', async () => {
    const admin = await createAdmin(ctx);

    // A vetting document through the API: in the private bucket, downloaded by an admin only.
    const vendor = await createVendor(ctx, { status: 'pending' });
    const pdf = Buffer.from('%PDF-1.4\n% a test certificate\n%%EOF\n');
    const form = new FormData();
    form.append('kind', 'insurance');
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'cert.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/v1/vendor/documents',
      headers: {
        ...bearer(vendor.token),
        'content-type': request.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(uploaded.statusCode).toBe(201);
    const [doc] = await ctx.app.db
      .select()
      .from(vendorDocuments)
      .where(eq(vendorDocuments.id, uploaded.json().data.id));
    const docKey = doc!.storageKey;

    // A message image: in the private bucket too, for the participants only.
    const customer = await createCustomer(ctx);
    const pro = await createVendor(ctx);
    const direct = await openDirect(ctx, customer, pro);
    const message = await multipartPayload({ body: 'Here', images: [await png(40, 30)] });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/v1/conversations/${direct}/messages`,
      headers: { ...bearer(customer.token), ...message.headers },
      payload: message.payload,
    });
    expect(sent.statusCode).toBe(201);
    const attachmentUrl: string = sent.json().data.attachments[0].url;
    const attachmentKey = attachmentUrl.replace(/^\/media\//, '');

    expect(await keysIn(s3.privateBucket)).toEqual(
      [docKey, attachmentKey, `${attachmentKey}.thumb.webp`].sort(),
    );
    expect((await keysIn(s3.bucket)).filter((k) => !k.startsWith('avatars/'))).toEqual([]);

    for (const url of [`/media/${docKey}`, attachmentUrl]) {
      for (const headers of [{}, bearer(admin.token)]) {
        if (url === attachmentUrl && 'authorization' in headers) continue;
        const res = await ctx.app.inject({ method: 'GET', url, headers });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      }
    }
    // An admin is served the document by its authorised route, from the private bucket.
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/v1/admin/vendors/${vendor.vendorId}/documents/${doc!.id}`,
      headers: bearer(admin.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    // A participant is streamed the attachment from the private bucket, privately.
    const attachment = await ctx.app.inject({
      method: 'GET',
      url: attachmentUrl,
      headers: bearer(pro.token),
    });
    expect(attachment.statusCode).toBe(200);
    expect(attachment.headers['cache-control']).toBe('private, no-cache');
    expect(attachment.headers.etag).toBe(
      (await client.send(new HeadObjectCommand({ Bucket: s3.privateBucket, Key: attachmentKey })))
        .ETag,
    );
    expect((await sharp(attachment.rawPayload).metadata()).width).toBe(40);
  });

  it(
    'reports storage up on /v1/health/ready, and down (503) when a bucket is missing',
    async () => {
      const up = await ctx.app.inject({ method: 'GET', url: '/v1/health/ready' });
      expect(up.statusCode).toBe(200);
      expect(up.json().data.storage).toBe('up');

      const broken = await appOn({ ...s3, privateBucket: `missing-${randomUUID().slice(0, 8)}` });
      const down = await broken.app.inject({ method: 'GET', url: '/v1/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json().data.storage).toBe('down');
      expect(down.json().error.message).toContain('storage');
    },
    APP_BUILDING_TEST_MS,
  );

  it(
    'builds public media URLs on MEDIA_PUBLIC_URL, but never the private ones',
    async () => {
      const cdn = await appOn(await newBuckets(), { mediaPublicUrl: 'https://cdn.vetted.test' });
      const me = await createCustomer(cdn);
      const url = await uploadAvatar(cdn, me.token);
      expect(url).toMatch(
        new RegExp(`^https://cdn\\.vetted\\.test/avatars/${me.id}/[0-9a-f-]+\\.webp$`),
      );
      expect(await cdn.app.storage.exists(url.replace('https://cdn.vetted.test/', ''))).toBe(true);
      // The page may load images from the CDN.
      const page = await cdn.app.inject({ method: 'GET', url: '/v1/health' });
      expect(page.headers['content-security-policy']).toMatch(
        /img-src 'self' data: blob: https:\/\/cdn\.vetted\.test/,
      );

      const vendor = await createVendor(cdn);
      const direct = await openDirect(cdn, me, vendor);
      const form = await multipartPayload({ images: [await png(8, 8)] });
      const sent = await cdn.app.inject({
        method: 'POST',
        url: `/v1/conversations/${direct}/messages`,
        headers: { ...bearer(me.token), ...form.headers },
        payload: form.payload,
      });
      expect(sent.json().data.attachments[0].url).toMatch(/^\/media\/messages\//);
      await cdn.close();
      contexts.splice(contexts.indexOf(cdn), 1);
    },
    APP_BUILDING_TEST_MS,
  );
});

describe('configuration', () => {
  it('refuses S3_BUCKET without S3_PRIVATE_BUCKET, or the same bucket twice, naming the variable', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrow(/S3_PRIVATE_BUCKET: is required/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_PRIVATE_BUCKET: 'media' })).toThrow(
      /S3_PRIVATE_BUCKET: must differ from S3_BUCKET/,
    );
    expect(() => loadConfig({ S3_PRIVATE_BUCKET: 'private' })).toThrow(/S3_BUCKET: is required/);
    expect(() =>
      loadConfig({ S3_BUCKET: 'a', S3_PRIVATE_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }),
    ).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(
      loadConfig(
        {
          S3_BUCKET: 'a',
          S3_PRIVATE_BUCKET: 'b',
          S3_ENDPOINT: 'http://127.0.0.1:9000',
          S3_FORCE_PATH_STYLE: 'true',
          MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/',
        },
        { jwtSecret: new Uint8Array(32) },
      ),
    ).toMatchObject({
      s3: {
        bucket: 'a',
        privateBucket: 'b',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        forcePathStyle: true,
      },
      mediaPublicUrl: 'https://cdn.example.com/media',
    });
    expect(loadConfig({}, { jwtSecret: new Uint8Array(32) }).s3).toBeUndefined();
  });
});

describe('storage:migrate', () => {
  /** A local store: two public files, a message attachment, a vetting document, a temp file. */
  function localStore() {
    const root = mkdtempSync(join(tmpdir(), 'vetted-local-store-'));
    const files: Record<string, string> = {
      'uploads/avatars/u1/a.webp': 'avatar',
      'uploads/services/s1/i.webp': 'service image',
      'uploads/services/s1/i.webp.thumb.webp': 'thumb',
      'uploads/messages/c1/m.webp': 'attachment',
      'uploads/avatars/u1/b.webp.123.abc.tmp': 'half-written',
      'private/vendor-documents/v1/d.pdf': '%PDF-1.4 document',
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    return { uploadDir: join(root, 'uploads'), privateUploadDir: join(root, 'private') };
  }

  it('copies public files to the public bucket and private ones (attachments too) to the private bucket, once', async () => {
    const s3 = await newBuckets();
    const stores = {
      public: new S3Storage(s3, client),
      private: new S3Storage({ ...s3, bucket: s3.privateBucket }, client),
    };
    const folders = localStore();
    expect(await migrateLocalStorage(folders, stores)).toEqual({
      public: { copied: 3, unchanged: 0, skipped: 1 },
      private: { copied: 2, unchanged: 0, skipped: 0 },
    });
    expect(await keysIn(s3.bucket)).toEqual([
      'avatars/u1/a.webp',
      'services/s1/i.webp',
      'services/s1/i.webp.thumb.webp',
    ]);
    expect(await keysIn(s3.privateBucket)).toEqual([
      'messages/c1/m.webp',
      'vendor-documents/v1/d.pdf',
    ]);
    const doc = await stores.private.get('vendor-documents/v1/d.pdf');
    expect(doc?.contentType).toBe('application/pdf');
    expect(Buffer.concat(await doc!.body.toArray()).toString()).toBe('%PDF-1.4 document');

    // A second run copies nothing.
    expect(await migrateLocalStorage(folders, stores)).toEqual({
      public: { copied: 0, unchanged: 3, skipped: 1 },
      private: { copied: 0, unchanged: 2, skipped: 0 },
    });
  });

  it('runs as a command (the built dist/storage-migrate.js) configured by the environment, printing its counts', async () => {
    const s3 = await newBuckets();
    const folders = localStore();
    const run = (env: Record<string, string>) =>
      promisify(execFile)(
        process.execPath,
        // Built by test/global-setup.ts, as it ships in production.
        [join(__dirname, '..', 'dist', 'storage-migrate.js')],
        {
          cwd: join(__dirname, '..'),
          env: {
            // The test runner's environment (pnpm's NODE_PATH resolves workspace packages' deps).
            ...process.env,
            DATA_DIR: mkdtempSync(join(tmpdir(), 'vetted-migrate-data-')),
            UPLOAD_DIR: folders.uploadDir,
            PRIVATE_UPLOAD_DIR: folders.privateUploadDir,
            ...env,
          },
        },
      );
    const s3Env = {
      S3_BUCKET: s3.bucket,
      S3_PRIVATE_BUCKET: s3.privateBucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    };
    const first = await run(s3Env);
    expect(first.stdout).toContain(`${s3.bucket}: 3 copied, 0 already there, 1 skipped`);
    expect(first.stdout).toContain(`${s3.privateBucket}: 2 copied, 0 already there, 0 skipped`);
    const second = await run(s3Env);
    expect(second.stdout).toContain(`${s3.bucket}: 0 copied, 3 already there, 1 skipped`);
    expect(await keysIn(s3.privateBucket)).toEqual([
      'messages/c1/m.webp',
      'vendor-documents/v1/d.pdf',
    ]);

    // Without buckets it says what to set and fails.
    const unset = Object.fromEntries(Object.keys(s3Env).map((name) => [name, '']));
    await expect(run(unset)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('set S3_BUCKET and S3_PRIVATE_BUCKET'),
    });
  });
});
