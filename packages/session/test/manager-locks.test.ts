import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryCookieJar,
  createSessionManager,
  isSessionError,
  REFRESH_LOCK_NAME,
  type RefreshLocks,
  SESSION_COOKIE,
  type Session,
} from '../src/index';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');

/** A session whose access token expires in a minute: every read wants a refresh. */
const expiring: Session = {
  accessToken: 'access-0',
  refreshToken: 'refresh-0',
  expiresIn: new Date(NOW + 60_000).toISOString(),
  role: 'customer',
};

/**
 * A fake server that rotates refresh tokens strictly, without a grace window: a rotated token
 * answers 401. `release()` lets the pending answers through.
 */
function strictServer() {
  let generation = 0;
  const gates: Array<() => void> = [];
  const refresh = vi.fn(async (token: string): Promise<Session> => {
    await new Promise<void>((resolve) => gates.push(resolve));
    if (token !== `refresh-${generation}`) throw new Error('401 refresh_reused');
    generation += 1;
    return {
      accessToken: `access-${generation}`,
      refreshToken: `refresh-${generation}`,
      expiresIn: new Date(NOW + 15 * 60_000).toISOString(),
      role: 'customer',
    };
  });
  const release = async () => {
    // Let queued refreshes through one by one, whenever they reach the server.
    for (let i = 0; i < 50; i++) {
      for (const open of gates.splice(0)) open();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { refresh, release };
}

/** A Web Locks stand-in: one holder at a time per name, queued in request order. */
function fakeLocks(): RefreshLocks & { names: string[] } {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T> {
      names.push(name);
      const run = tail.then(() => callback({ name }));
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** Two tabs of one browser: one cookie jar, each with its own manager. */
function twoTabs(locks: RefreshLocks | null, refresh: (token: string) => Promise<Session>) {
  const jar = createMemoryCookieJar(
    `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(expiring))}`,
    () => NOW,
  );
  const tab = () => createSessionManager({ jar, now: () => NOW, refresh, locks });
  return { jar, a: tab(), b: tab() };
}

describe('refreshes across tabs (navigator.locks)', () => {
  it('lets one tab refresh and the other reuse its session: both stay signed in', async () => {
    const server = strictServer();
    const locks = fakeLocks();
    const { a, b } = twoTabs(locks, server.refresh);
    const heard = vi.fn();
    b.subscribe(heard);
    const both = Promise.all([a.getValidSession(), b.getValidSession()]);
    await server.release();
    const [fromA, fromB] = await both;
    expect(server.refresh).toHaveBeenCalledTimes(1);
    expect(server.refresh).toHaveBeenCalledWith('refresh-0');
    expect(fromA.refreshToken).toBe('refresh-1');
    expect(fromB).toEqual(fromA);
    expect(b.get()).toEqual(fromA);
    // The waiting tab tells its own subscribers about the session the other tab stored.
    expect(heard).toHaveBeenCalledWith(fromA);
    expect(locks.names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
  });

  it('gives up without refreshing when the other tab logged out meanwhile', async () => {
    const server = strictServer();
    const locks = fakeLocks();
    const { a, b } = twoTabs(locks, server.refresh);
    // Tab A holds the lock (mid-refresh, say) while tab B asks for a session…
    let release: (() => void) | undefined;
    const held = locks.request(REFRESH_LOCK_NAME, () => new Promise<void>((r) => (release = r)));
    while (!release) await new Promise((r) => setTimeout(r, 0));
    const fromB = b.getValidSession().catch((e: unknown) => e);
    // …and logs out before letting go.
    a.clear();
    release();
    await held;
    const error = await fromB;
    expect(isSessionError(error, 'notFound')).toBe(true);
    expect(server.refresh).not.toHaveBeenCalled();
    expect(b.get()).toBeNull();
  });

  it('uses navigator.locks by default when the runtime has it', async () => {
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { locks });
    try {
      const jar = createMemoryCookieJar(
        `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(expiring))}`,
        () => NOW,
      );
      const manager = createSessionManager({
        jar,
        now: () => NOW,
        refresh: async () => ({ ...expiring, refreshToken: 'refresh-1' }),
      });
      await manager.refresh();
      expect(locks.names).toEqual([REFRESH_LOCK_NAME]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('without navigator.locks (in-tab guard only)', () => {
  it('still shares one refresh between concurrent calls of one tab', async () => {
    vi.stubGlobal('navigator', {});
    try {
      const server = strictServer();
      const jar = createMemoryCookieJar(
        `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(expiring))}`,
        () => NOW,
      );
      const tab = createSessionManager({ jar, now: () => NOW, refresh: server.refresh });
      const calls = Promise.all([tab.getValidSession(), tab.refresh(), tab.getValidSession()]);
      await server.release();
      const results = await calls;
      expect(server.refresh).toHaveBeenCalledTimes(1);
      for (const result of results) expect(result.refreshToken).toBe('refresh-1');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('lets two tabs refresh the same token: the server grace window must answer both', async () => {
    const server = strictServer();
    const { a, b } = twoTabs(null, server.refresh);
    const both = Promise.allSettled([a.getValidSession(), b.getValidSession()]);
    await server.release();
    const results = await both;
    // Both sent the same token; against a server without grace, one tab is logged out.
    expect(server.refresh.mock.calls).toEqual([['refresh-0'], ['refresh-0']]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
