/**
 * A first start killed with SIGKILL at any moment leaves a database the next start completes
 * (spec: start-up; the embedded database must never be lost to a crash). The built server is
 * started with `SEED_ON_START=true` on a new database and killed — the server process only, as
 * `kill -9 <pid>` or the OOM killer does, which is what used to orphan the seed process — at
 * several moments of its first start, each time restarted at once as a supervisor would, until a
 * start is left to finish. Then the seed must be there whole, written once, and served.
 *
 * Moments are states where the process shows them (a new PGlite database being created, the seed
 * process running), and N ms into the seed process's life for the rest: the assertions do not
 * depend on where a kill lands, only the coverage does.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CATEGORY_SEEDS } from '../src/db/seed-data/categories';
import { createTestDatabase, type TestDatabase } from './helpers';
import { type SpawnedServer, spawnServer } from './processes';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** Ages of the seed process (ms) at which a start is killed, after the moments below. */
const SEED_AGES_MS = [1_000, 6_000, 15_000];
/** A first start seeds for ~15 s on a quiet 2-core machine; several times that when loaded. */
const START_TIMEOUT_MS = 600_000;

type Started = SpawnedServer;

/** The built server on `env`, with info logs (the seed's summary line) and no mail or Redis. */
function spawnStart(env: Record<string, string>): Promise<Started> {
  return spawnServer({ LOG_LEVEL: 'info', SMTP_URL: '', REDIS_URL: '', ...env });
}

/** The child processes of `pid` (Linux `/proc/<pid>/task/<pid>/children`). */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Whether process `pid` runs (a zombie, finished but not yet reaped, does not count). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/v1/health`)).ok;
  } catch {
    return false;
  }
}

/**
 * Polls every 50 ms until `moment()` holds, the server is up (its start was quicker than the
 * moment: the kill then lands after the start), or `timeoutMs` passes.
 * @throws Error with the server's output when it exits by itself — a start that crashes.
 */
async function waitFor(
  server: Started,
  moment: () => boolean,
  timeoutMs = START_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `the server exited by itself (${server.child.exitCode}):\n${server.output()}`,
      );
    }
    if (moment() || (await healthy(server.url))) return;
    if (Date.now() > deadline)
      throw new Error(`no moment within ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A moment: the seed process (the server's child) has run for `ms`. */
function seedProcessAged(server: Started, ms: number): () => boolean {
  let seen: number | undefined;
  return () => {
    if (childPids(server.child.pid!).length === 0) return false;
    seen ??= Date.now();
    return Date.now() - seen >= ms;
  };
}

const databases: TestDatabase[] = [];
const servers: Started[] = [];
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  for (const d of databases) await d.drop();
});

describe('a first start killed with SIGKILL', () => {
  it(
    `is completed by the next start: seeded whole and once (${onPostgres ? 'PostgreSQL' : 'PGlite'})`,
    async () => {
      const testDatabase = await createTestDatabase();
      databases.push(testDatabase);
      const dataDir = mkdtempSync(join(tmpdir(), 'vetted-crash-'));
      const pgliteDir = join(dataDir, 'pglite');
      const env = {
        DATA_DIR: dataDir,
        DATABASE_URL: testDatabase.databaseUrl ?? '',
        SEED_ON_START: 'true',
      };
      const moments: { name: string; reached: (s: Started) => () => boolean }[] = [
        // PGlite: initdb is writing a new database (pglite-folder.ts creates it aside).
        ...(onPostgres
          ? []
          : [
              {
                name: 'creating the database',
                reached: () => () => existsSync(`${pgliteDir}.new`),
              },
            ]),
        ...SEED_AGES_MS.map((ms) => ({
          name: `seed process ${ms} ms old`,
          reached: (s: Started) => seedProcessAged(s, ms),
        })),
      ];

      let server = await spawnStart(env);
      servers.push(server);
      let log = '';
      const kills: string[] = [];
      for (const moment of moments) {
        await waitFor(server, moment.reached(server));
        const orphans = childPids(server.child.pid!);
        kills.push(
          `${moment.name}: ${(await healthy(server.url)) ? 'start already finished' : `killed, ${orphans.length} seed process(es) left`}`,
        );
        server.child.kill('SIGKILL');
        await server.exited;
        log += server.output();
        // Restarted at once, while the killed server's seed process may still be running.
        server = await spawnStart(env);
        servers.push(server);
        // The seed process ends with the server that started it (its IPC channel closes).
        // 20 s: well under the seed's own length, so an orphan seeding on cannot pass.
        const deadline = Date.now() + 20_000;
        while (orphans.some(running)) {
          expect(Date.now(), `seed process ${orphans} outlived its server`).toBeLessThan(deadline);
          await new Promise((r) => setTimeout(r, 50));
        }
      }

      await waitFor(server, () => false);
      expect(await healthy(server.url)).toBe(true);
      const categories = (await (await fetch(`${server.url}/v1/categories`)).json()) as {
        data: unknown[];
      };
      const vendors = (await (await fetch(`${server.url}/v1/vendors?pageSize=1`)).json()) as {
        data: { total: number };
      };
      server.child.kill('SIGTERM');
      await server.exited;
      log += server.output();

      console.info(`startup-crash: ${kills.join('; ')}`);
      // One seed committed, whatever the kills interrupted, and it is what the API serves.
      const summaries = [
        ...log.matchAll(/seed v\d+: \d+ categories, \d+ vendors \((\d+) approved/g),
      ];
      expect(summaries, log).toHaveLength(1);
      expect(categories.data).toHaveLength(CATEGORY_SEEDS.length);
      expect(vendors.data.total).toBe(Number(summaries[0]![1]));
      // No start failed on the database it inherited (PGlite's `Aborted()` before the lock).
      expect(log).not.toMatch(/Aborted\(\)|could not be opened/);
    },
    START_TIMEOUT_MS * 2,
  );
});
