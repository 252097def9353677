import { constants, createReadStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';

/** What is known of a stored object without reading it. */
export interface ObjectInfo {
  contentType: string;
  /** Bytes. */
  size: number;
  /**
   * The object's entity tag, quoted as in HTTP (`"…"`, RFC 9110 §8.8.3): the bucket's own ETag
   * on S3, size and modification time on local disk. Keys are content-unique, so it changes
   * only if a key is rewritten.
   */
  etag: string;
}

/** A stored object, ready to stream to a client. */
export interface StoredObject extends ObjectInfo {
  body: Readable;
}

/**
 * Where uploaded and generated files live (ARCHITECTURE §2 images). Keys are relative paths
 * such as `services/0193…/0193….webp`. Two stores exist per app: the public one (`app.storage`,
 * served under `/media/` or a CDN) and the private one (`app.privateStorage`: vetting documents
 * and message attachments, read only by authorised routes).
 *
 * {@link LocalDiskStorage} (a folder, the default) or {@link S3Storage} (a bucket of any
 * S3-compatible store, selected by `S3_BUCKET`, so several API instances share the files).
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under `key` (or the key is malformed). */
  get(key: string): Promise<StoredObject | null>;
  /** Type, size and ETag of the object, or null like {@link Storage.get}; reads no body. */
  head(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /**
   * Removes the object under `key`; a missing object (or a malformed key) is not an error, so a
   * repeated delete (an outbox redelivery) changes nothing.
   */
  delete(key: string): Promise<void>;
  /**
   * Resolves when the store can be used (the folder is writable, the bucket answers); throws
   * naming the problem otherwise. The readiness probe `storage` (`GET /v1/health/ready`).
   */
  check(): Promise<void>;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are plain relative paths: no `..`, no leading slash, no odd characters. */
export function isValidStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= 300 && KEY_PATTERN.test(key) && !key.includes('..');
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  // Vetting documents (private store), so `storage:migrate` gives them their type in a bucket.
  pdf: 'application/pdf',
};

/** Content type from the key's extension; `application/octet-stream` when unknown. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** Files under one folder (`config.uploadDir`); writes are atomic (temp file + rename). */
export class LocalDiskStorage implements Storage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string | null {
    if (!isValidStorageKey(key)) return null;
    const path = resolve(join(this.root, key));
    return path.startsWith(this.root + sep) ? path : null;
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    if (!path) throw new Error(`invalid storage key: ${key}`);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, path);
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const path = this.pathOf(key);
    if (!path) return null;
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return {
        contentType: contentTypeOf(key),
        size: info.size,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      };
    } catch {
      return null;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const info = await this.head(key);
    const path = this.pathOf(key);
    if (!info || !path) return null;
    return { ...info, body: createReadStream(path) };
  }

  async exists(key: string): Promise<boolean> {
    const path = this.pathOf(key);
    if (!path) return false;
    try {
      return (await stat(path)).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (!path) return;
    await rm(path, { force: true });
  }

  /** The folder exists (created if missing) and this process may write to it. */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }
}

/** Connection settings of {@link S3Storage} (`S3_*` variables, see config.ts). */
export interface S3Options {
  bucket: string;
  /** `S3_ENDPOINT`: an S3-compatible store (MinIO, R2, …); unset means AWS S3 itself. */
  endpoint?: string;
  /** `S3_REGION`. */
  region: string;
  /** `S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY`; unset means the SDK's default credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `S3_FORCE_PATH_STYLE`: `endpoint/bucket/key` URLs, which most self-hosted stores need. */
  forcePathStyle: boolean;
}

/** The S3 client of {@link S3Options}. */
export function createS3Client(options: Omit<S3Options, 'bucket'>): S3Client {
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the SDK's default CRC32 trailers (since 3.729) are
    // refused by several S3-compatible stores; bodies are whole buffers sent with their length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** A "no such object" answer (404 `NoSuchKey`, or `NotFound` of a HEAD). */
function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

/**
 * Objects in one bucket of an S3-compatible store (@aws-sdk/client-s3), under the same keys as
 * on disk. Objects are written whole (a `PutObject` each: our files are at most a few MB, far
 * below S3's 5 GB single-put limit), with their content type. Missing objects read as null;
 * any other failure (store unreachable, access denied) throws.
 */
export class S3Storage implements Storage {
  readonly bucket: string;
  private readonly client: S3Client;

  /** `client` is shared when given (one connection pool for the public and private bucket). */
  constructor(options: S3Options, client: S3Client = createS3Client(options)) {
    this.bucket = options.bucket;
    this.client = client;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${key}`);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isValidStorageKey(key)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(out.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return {
        body: out.Body,
        contentType: out.ContentType ?? contentTypeOf(key),
        size: out.ContentLength ?? 0,
        etag: out.ETag ?? '',
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    if (!isValidStorageKey(key)) return null;
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        contentType: out.ContentType ?? contentTypeOf(key),
        size: out.ContentLength ?? 0,
        etag: out.ETag ?? '',
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  /** S3's DeleteObject succeeds on a missing key too. */
  async delete(key: string): Promise<void> {
    if (!isValidStorageKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** `HeadBucket`: the bucket exists and these credentials may use it. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}

/** The public and the private store of one app (see {@link Storage}). */
export interface Storages {
  /** Public media (avatars, service images, illustrations): `/media/<key>` or a CDN. */
  public: Storage;
  /** Vetting documents and message attachments, read only through authorised routes. */
  private: Storage;
}

/**
 * The stores `config` selects: two buckets on one S3 client when `config.s3` is set
 * (`S3_BUCKET`, `S3_PRIVATE_BUCKET`), else two folders (`uploadDir`, `privateUploadDir`).
 */
export function createStorages(
  config: Pick<Config, 's3' | 'uploadDir' | 'privateUploadDir'>,
): Storages {
  if (!config.s3) {
    return {
      public: new LocalDiskStorage(config.uploadDir),
      private: new LocalDiskStorage(config.privateUploadDir),
    };
  }
  const client = createS3Client(config.s3);
  return {
    public: new S3Storage(config.s3, client),
    private: new S3Storage({ ...config.s3, bucket: config.s3.privateBucket }, client),
  };
}
