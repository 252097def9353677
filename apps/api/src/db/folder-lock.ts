/**
 * One process at a time per PGlite folder. PGlite is PostgreSQL in the process that opens it,
 * without the postmaster that stops a second server on one data directory: two processes on one
 * folder write over each other's pages, and from then on every start aborts (`RuntimeError:
 * Aborted()`). So whoever opens a folder first takes a lock beside it (proper-lockfile: a
 * `<folder>.lock` directory, created atomically with `mkdir` and kept fresh by its mtime).
 */
import * as fs from 'node:fs';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { StartupError } from './startup-error';

/**
 * A lock whose mtime is this old is abandoned (proper-lockfile `stale`; its holder refreshes it
 * every {@link UPDATE_MS}). Far above the longest a PGlite statement blocks the event loop (a
 * few seconds for the seed's largest inserts on a loaded 2-core machine), so a busy holder is
 * never taken for a dead one; a holder seen dead by its process id frees it at once instead.
 */
const STALE_MS = 30_000;
const UPDATE_MS = 5_000;
/** How often a start waiting for the folder looks again. */
const POLL_MS = 200;
/** How long a start waits for the folder by default: past {@link STALE_MS}, with margin. */
export const DEFAULT_LOCK_WAIT_MS = 45_000;

/** Who holds a lock: written inside the lock directory right after taking it. */
interface LockOwner {
  pid: number;
  hostname: string;
  /** ISO 8601 time the lock was taken. */
  since: string;
}

/**
 * proper-lockfile's file system with a removal that takes the lock directory's `owner.json`
 * along (it removes the lock with `rmdir`, which refuses a directory that is not empty).
 */
const lockFs = {
  ...fs,
  rmdir: (path: string, callback: (err: NodeJS.ErrnoException | null) => void) =>
    fs.rm(path, { recursive: true, force: true }, callback),
  rmdirSync: (path: string) => fs.rmSync(path, { recursive: true, force: true }),
};

function ownerFile(lockPath: string): string {
  return join(lockPath, 'owner.json');
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    return JSON.parse(readFileSync(ownerFile(lockPath), 'utf8')) as LockOwner;
  } catch {
    // Not written yet (taken a moment ago), or gone with the lock.
    return undefined;
  }
}

/** Whether process `pid` of this machine exists (signal 0 checks without sending anything). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the lock's holder is known to be gone: recorded on this host (a process id means
 * nothing on another machine or in another container, whose hostname differs) and no longer
 * running. Such a lock was left by a `kill -9` or a power cut; waiting for its mtime to go stale
 * would only delay the restart.
 */
function holderIsGone(owner: LockOwner | undefined): boolean {
  return (
    owner !== undefined &&
    owner.hostname === hostname() &&
    owner.pid !== process.pid &&
    !processExists(owner.pid)
  );
}

function describe(owner: LockOwner | undefined): string {
  return owner ? `process ${owner.pid} on ${owner.hostname} since ${owner.since}` : 'a process';
}

/**
 * Takes the lock of PGlite folder `dir` (`<dir>.lock`), waiting up to `waitMs` while another
 * live process holds it. A lock whose holder is gone ({@link holderIsGone}) or stale (not
 * refreshed for {@link STALE_MS}) is taken over. The lock is released by the returned function,
 * or when this process exits in any way but SIGKILL.
 *
 * @param log.warn told once when the start has to wait, naming the holder.
 * @returns a function that releases the lock.
 * @throws StartupError when the folder stays locked for `waitMs`, or this process holds it
 *   already (a second open of the same folder), naming the holder and what to do.
 */
export async function lockPgliteFolder(
  dir: string,
  {
    waitMs = DEFAULT_LOCK_WAIT_MS,
    log,
  }: { waitMs?: number; log?: { warn(message: string): void } } = {},
): Promise<() => Promise<void>> {
  const lockPath = `${dir}.lock`;
  const deadline = Date.now() + waitMs;
  let warned = false;
  for (;;) {
    try {
      const release = await lockfile.lock(dir, {
        realpath: false,
        lockfilePath: lockPath,
        stale: STALE_MS,
        update: UPDATE_MS,
        fs: lockFs,
        onCompromised: (err) => {
          // The lock went missing or could not be refreshed in time: another process may open
          // the folder now, and writing on would corrupt it. Crash rather than write.
          throw new Error(
            `lost the lock of the PGlite folder ${dir} (${err.message}); stopping so that two processes never write to it`,
          );
        },
      });
      const owner: LockOwner = {
        pid: process.pid,
        hostname: hostname(),
        since: new Date().toISOString(),
      };
      // Writing into the lock directory moves its mtime, which proper-lockfile reads as another
      // process having taken the lock over: put back the mtime it set a moment ago.
      const { mtime } = statSync(lockPath);
      writeFileSync(ownerFile(lockPath), JSON.stringify(owner));
      utimesSync(lockPath, mtime, mtime);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    }
    const owner = readOwner(lockPath);
    if (holderIsGone(owner)) {
      log?.warn(
        `PGlite folder ${dir}: taking over the lock left by ${describe(owner)}, which has ended`,
      );
      fs.rmSync(lockPath, { recursive: true, force: true });
      continue;
    }
    if (owner?.pid === process.pid && owner.hostname === hostname()) {
      throw new StartupError(
        `The PGlite folder ${dir} is already open in this process: close it first.`,
      );
    }
    if (Date.now() >= deadline) {
      throw new StartupError(
        `The PGlite folder ${dir} is in use by ${describe(owner)} (lock ${lockPath}). Only one process can open a PGlite folder: stop the other one, or give this one its own DATA_DIR. Several instances need PostgreSQL (DATABASE_URL).`,
      );
    }
    if (!warned) {
      warned = true;
      log?.warn(`PGlite folder ${dir} is in use by ${describe(owner)}: waiting for it`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
