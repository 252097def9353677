import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** A stored object, ready to stream to a client. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/**
 * Where uploaded and generated files live (ARCHITECTURE §2 images). Keys are relative paths
 * such as `services/0193…/0193….webp`; they are public once stored (served under `/media/`).
 *
 * Only the local-disk implementation exists. TODO: an S3-compatible one (@aws-sdk/client-s3)
 * selected when `S3_*` is configured, for several API instances sharing one bucket.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under `key` (or the key is malformed). */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /**
   * Removes the object under `key`; a missing object (or a malformed key) is not an error, so a
   * repeated delete (an outbox redelivery) changes nothing.
   */
  delete(key: string): Promise<void>;
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

  async get(key: string): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    if (!path) return null;
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      return { body: createReadStream(path), contentType: contentTypeOf(key), size: info.size };
    } catch {
      return null;
    }
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
}
