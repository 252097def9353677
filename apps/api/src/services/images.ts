import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError, badRequest } from '../lib/errors';
import type { Storage } from './storage';

/**
 * Spec §5 / §9: an image must be "less than 3mb". The boundary: at most
 * 3 × 1024 × 1024 bytes is accepted, one byte more is refused (413).
 */
export const MAX_IMAGE_BYTES = 3 * 1024 * 1024;
/** Side of a stored avatar, px: a square crop (`AVATAR_SIZE_PX` of the contract). */
export const AVATAR_SIDE = 256;
/** Longest side of the stored full-size image. */
export const MAX_IMAGE_SIDE = 1600;
/** Width of the thumbnail. */
export const THUMB_WIDTH = 480;

/** Spec §5 / §8 wording (413) for an image of more than {@link MAX_IMAGE_BYTES}. */
export const imageTooLarge = () =>
  new AppError(413, 'Image must be less than 3mb', 'image_too_large');

/** What we accept, by magic bytes (never by file name or declared content type). */
const ACCEPTED_MIME = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export interface ProcessedImage {
  /** Full-size WebP, at most 1600 px on its longest side, metadata stripped. */
  full: Buffer;
  /** 480 px wide WebP. */
  thumb: Buffer;
  width: number;
  height: number;
  /** The detected type of the input, e.g. `image/png`. */
  sourceMime: string;
}

/**
 * The checks every upload passes before decoding: presence and size (spec §5 messages), then the
 * type by magic bytes with file-type. Returns the bytes as a Buffer and the detected type.
 * @throws AppError 400 `image_missing` "No image selected", 413 `image_too_large` "Image must be
 *   less than 3mb" (more than {@link MAX_IMAGE_BYTES}), 400 `unsupported_image_type`.
 */
async function checkUpload(
  input: Buffer | Uint8Array | null | undefined,
): Promise<{ buffer: Buffer; mime: string }> {
  if (!input || input.length === 0) throw badRequest('No image selected', 'image_missing');
  if (input.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const buffer = Buffer.isBuffer(input) ? input : Buffer.from(input);
  const type = await fileTypeFromBuffer(buffer);
  if (!type || !ACCEPTED_MIME.has(type.mime)) {
    throw badRequest('Unsupported image type', 'unsupported_image_type');
  }
  return { buffer, mime: type.mime };
}

/** sharp on an upload: 40 Mpx is far above any phone photo yet refuses decompression bombs. */
const decode = (buffer: Buffer) => sharp(buffer, { limitInputPixels: 40_000_000 }).rotate();

/** A decoding failure as the 400 a person can act on; AppErrors pass through. */
function unreadable(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return badRequest('That image could not be read. Try another one', 'invalid_image');
}

/**
 * The one image pipeline (uploads and seed alike): checks presence and size (spec §5 messages),
 * detects the type by magic bytes with file-type, then re-encodes with sharp to WebP. Re-encoding
 * drops EXIF/XMP/ICC metadata (sharp keeps none unless asked); `rotate()` first applies the EXIF
 * orientation so stripped photos still stand the right way up.
 */
export async function processImage(
  input: Buffer | Uint8Array | null | undefined,
): Promise<ProcessedImage> {
  const { buffer, mime } = await checkUpload(input);
  try {
    const source = decode(buffer);
    const full = await source
      .clone()
      .resize({
        width: MAX_IMAGE_SIDE,
        height: MAX_IMAGE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await source
      .clone()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 75, effort: 2 })
      .toBuffer();
    return {
      full: full.data,
      thumb,
      width: full.info.width,
      height: full.info.height,
      sourceMime: mime,
    };
  } catch (err) {
    throw unreadable(err);
  }
}

/**
 * An avatar: the same checks as {@link processImage}, then a centred square crop of
 * {@link AVATAR_SIDE} px (smaller pictures are enlarged to fill it), re-encoded to WebP without
 * metadata. Returns the WebP bytes.
 * @throws the errors of {@link processImage}.
 */
export async function processAvatar(
  input: Buffer | Uint8Array | null | undefined,
): Promise<Buffer> {
  const { buffer } = await checkUpload(input);
  try {
    return await decode(buffer)
      .resize({ width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover', position: 'centre' })
      .webp({ quality: 80, effort: 2 })
      .toBuffer();
  } catch (err) {
    throw unreadable(err);
  }
}

/** Where public media URLs start: `/media` (this API) or `MEDIA_PUBLIC_URL` (a CDN). */
let mediaBase = '/media';

/**
 * Makes {@link mediaUrl} and {@link thumbUrl} answer under `base` (`config.mediaPublicUrl`, a CDN
 * in front of the public bucket, no trailing slash), or under `/media` when undefined. Set once
 * per process by the media plugin at start: the URLs are built deep in repositories and mappers,
 * and one process serves one configuration.
 */
export function setMediaPublicUrl(base: string | undefined): void {
  mediaBase = base ?? '/media';
}

/** Public URL of a stored full-size image. */
export function mediaUrl(key: string): string {
  return `${mediaBase}/${key}`;
}

/** Public URL of the thumbnail of a stored image (`<key>.thumb.webp`). */
export function thumbUrl(key: string): string {
  return `${mediaBase}/${key}.thumb.webp`;
}

/**
 * URL of a private file served by this API after an access check (message attachments:
 * `/media/messages/…`); never under `MEDIA_PUBLIC_URL`, whose CDN could not check access.
 */
export function privateMediaUrl(key: string): string {
  return `/media/${key}`;
}

export interface StoredImage {
  key: string;
  width: number;
  height: number;
  url: string;
  thumbUrl: string;
}

/** Writes a processed image and its thumbnail under `key` (which should end in `.webp`). */
export async function putProcessedImage(
  storage: Storage,
  key: string,
  image: ProcessedImage,
): Promise<StoredImage> {
  await storage.put(key, image.full, 'image/webp');
  await storage.put(`${key}.thumb.webp`, image.thumb, 'image/webp');
  return {
    key,
    width: image.width,
    height: image.height,
    url: mediaUrl(key),
    thumbUrl: thumbUrl(key),
  };
}

/** processImage + store under `<prefix>/<uuid>.webp`. */
export async function storeImage(
  storage: Storage,
  input: Buffer | Uint8Array | null | undefined,
  prefix: string,
): Promise<StoredImage> {
  const image = await processImage(input);
  return putProcessedImage(storage, `${prefix}/${crypto.randomUUID()}.webp`, image);
}
