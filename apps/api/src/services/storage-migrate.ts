/**
 * Copying a local store into object storage, the work of `storage:migrate` (src/storage-migrate.ts),
 * done once before the instances switch from local disk to the buckets:
 *
 * - `UPLOAD_DIR` → the public bucket, except message attachments (`messages/…`), which are
 *   private since they are served to participants only: → the private bucket;
 * - `PRIVATE_UPLOAD_DIR` (vetting documents) → the private bucket.
 *
 * Idempotent: an object already in its bucket with the same size is left alone, so a rerun (or
 * a run interrupted and started again) copies only what is missing. Local files are never
 * changed or deleted.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { contentTypeOf, isValidStorageKey, type Storage } from './storage';

/** What one run did, per destination bucket. */
export interface MigrationCounts {
  /** Files written to the bucket. */
  copied: number;
  /** Files already in the bucket with the same size. */
  unchanged: number;
  /** Files whose name is not a storage key (left-over `.tmp` files of an interrupted write, …). */
  skipped: number;
}

export interface MigrationReport {
  public: MigrationCounts;
  private: MigrationCounts;
}

/** Storage prefix of message attachments, private since they left the public store. */
const PRIVATE_PREFIXES = ['messages/'];

/** Every regular file under `root`, as `/`-separated paths relative to it; none if it is absent. */
async function listFiles(root: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true, encoding: 'utf8' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Copies `folder` into `target(key)`'s store, counting into `report`. */
async function copyFolder(
  folder: string,
  target: (key: string) => keyof MigrationReport,
  stores: Record<keyof MigrationReport, Storage>,
  report: MigrationReport,
): Promise<void> {
  for (const key of await listFiles(folder)) {
    const bucket = target(key);
    const counts = report[bucket];
    if (!isValidStorageKey(key) || key.endsWith('.tmp')) {
      counts.skipped += 1;
      continue;
    }
    const data = await readFile(join(folder, ...key.split('/')));
    const existing = await stores[bucket].head(key);
    if (existing && existing.size === data.length) {
      counts.unchanged += 1;
      continue;
    }
    await stores[bucket].put(key, data, contentTypeOf(key));
    counts.copied += 1;
  }
}

/**
 * Copies `uploadDir` and `privateUploadDir` into `stores` (see the module comment for which
 * file goes where). Returns the counts per destination.
 */
export async function migrateLocalStorage(
  folders: { uploadDir: string; privateUploadDir: string },
  stores: { public: Storage; private: Storage },
): Promise<MigrationReport> {
  const report: MigrationReport = {
    public: { copied: 0, unchanged: 0, skipped: 0 },
    private: { copied: 0, unchanged: 0, skipped: 0 },
  };
  await copyFolder(
    folders.uploadDir,
    (key) => (PRIVATE_PREFIXES.some((p) => key.startsWith(p)) ? 'private' : 'public'),
    stores,
    report,
  );
  await copyFolder(folders.privateUploadDir, () => 'private', stores, report);
  return report;
}
