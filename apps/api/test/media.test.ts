import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, processImage, storeImage } from '../src/services/images';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** A PNG with EXIF metadata (camera make, orientation). */
async function pngWithExif(width = 2400, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 19, g: 95, b: 225 } } })
    .png()
    .withExif({ IFD0: { Make: 'VettedCam', Copyright: 'secret owner' } })
    .toBuffer();
}

describe('processImage', () => {
  it('re-encodes PNG to WebP at most 1600 px with a 480 px thumbnail, metadata stripped', async () => {
    const input = await pngWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await processImage(input);
    expect(out.sourceMime).toBe('image/png');
    const full = await sharp(out.full).metadata();
    expect(full.format).toBe('webp');
    expect(full.width).toBe(1600);
    expect(full.height).toBe(800);
    expect(full.exif).toBeUndefined();
    expect(full.icc).toBeUndefined();
    expect(out.width).toBe(1600);
    const thumb = await sharp(out.thumb).metadata();
    expect(thumb.format).toBe('webp');
    expect(thumb.width).toBe(480);
    expect(thumb.exif).toBeUndefined();
  });

  it('refuses more than 3 MB with the spec message', async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    (await pngWithExif(10, 10)).copy(big);
    await expect(processImage(big)).rejects.toMatchObject({
      message: 'Image must be less than 3mb',
      code: 'image_too_large',
    });
  });

  it('refuses empty input and non-images', async () => {
    await expect(processImage(Buffer.alloc(0))).rejects.toMatchObject({
      message: 'No image selected',
      status: 400,
    });
    await expect(processImage(undefined)).rejects.toMatchObject({ message: 'No image selected' });
    await expect(
      processImage(Buffer.from('%PDF-1.7 definitely not an image')),
    ).rejects.toMatchObject({
      message: 'Unsupported image type',
      status: 400,
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(processImage(svg)).rejects.toMatchObject({ message: 'Unsupported image type' });
  });

  it('accepts JPEG (applying EXIF orientation) and refuses a truncated file', async () => {
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#ff0000' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await processImage(jpeg);
    expect(out.sourceMime).toBe('image/jpeg');
    // Orientation 6 = rotated 90°: the stored image stands upright.
    expect([out.width, out.height]).toEqual([200, 300]);
    await expect(processImage(jpeg.subarray(0, 40))).rejects.toMatchObject({ status: 400 });
  });
});

describe('GET /media/*', () => {
  it('serves stored images and thumbnails with long-lived caching', async () => {
    const stored = await storeImage(ctx.app.storage, await pngWithExif(800, 600), 'test');
    expect(stored.url).toMatch(/^\/media\/test\/[0-9a-f-]+\.webp$/);
    const res = await ctx.app.inject({ method: 'GET', url: stored.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(800);
    const thumb = await ctx.app.inject({ method: 'GET', url: stored.thumbUrl });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);
  });

  it('answers 404 JSON for missing files and refuses path tricks', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/media/test/nope.webp' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      ok: false,
      error: { message: 'Image not found', code: 'not_found' },
    });
    // A literal `../` is resolved away before routing; encoded ones reach the route and fail.
    for (const url of ['/media/../../etc/passwd', '/media/%2e%2e/%2e%2e/etc/passwd']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).not.toBe(200);
    }
    for (const url of ['/media/test/..%2f..%2fjwt-secret', '/media/%2fetc%2fpasswd']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });
});
