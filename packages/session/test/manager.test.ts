import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryCookieJar,
  createSessionManager,
  isSessionError,
  REFRESH_THRESHOLD_MS,
  SESSION_COOKIE,
  type Session,
  SessionError,
} from '../src/index';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');

function sessionExpiringIn(ms: number, overrides: Partial<Session> = {}): Session {
  return {
    accessToken: 'access-old',
    refreshToken: 'refresh-old',
    expiresIn: new Date(NOW + ms).toISOString(),
    role: 'customer',
    ...overrides,
  };
}

const fresh: Session = {
  accessToken: 'access-new',
  refreshToken: 'refresh-new',
  expiresIn: new Date(NOW + 3600_000).toISOString(),
  role: 'customer',
};

/** A manager on an in-memory jar with a fixed clock, holding `session` if given. */
function setup(
  session: Session | null,
  options: {
    refresh?: (token: string) => Promise<unknown>;
    autoRefresh?: boolean;
    thresholdMs?: number;
  } = {},
) {
  // Seed the jar directly so sessions inside the 5-minute cookie margin are still present.
  const initial = session ? `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(session))}` : '';
  const jar = createMemoryCookieJar(initial, () => NOW);
  const refresh = vi.fn(options.refresh ?? (async () => fresh));
  const manager = createSessionManager({
    jar,
    now: () => NOW,
    refresh: refresh as (token: string) => Promise<Session>,
    ...(options.autoRefresh === undefined ? {} : { autoRefresh: options.autoRefresh }),
    ...(options.thresholdMs === undefined ? {} : { thresholdMs: options.thresholdMs }),
  });
  return { jar, refresh, manager };
}

describe('getValidSession without a session', () => {
  it("throws SessionError 'Session not found'", async () => {
    const { manager, refresh } = setup(null);
    const error = await manager.getValidSession().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionError);
    expect(isSessionError(error, 'notFound')).toBe(true);
    expect((error as Error).message).toBe('Session not found');
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('refresh threshold (spec §4, §9: 10 minutes)', () => {
  it('refreshes with 9:59 left, stores and returns the new session', async () => {
    const { manager, refresh } = setup(sessionExpiringIn(9 * 60_000 + 59_000));
    await expect(manager.getValidSession()).resolves.toEqual(fresh);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('refresh-old');
    expect(manager.get()).toEqual(fresh);
  });

  it('does not refresh with 10:01 left', async () => {
    const session = sessionExpiringIn(10 * 60_000 + 1_000);
    const { manager, refresh } = setup(session);
    await expect(manager.getValidSession()).resolves.toEqual(session);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('does not refresh with exactly 10:00 left ("less than the threshold")', async () => {
    const { manager, refresh } = setup(sessionExpiringIn(REFRESH_THRESHOLD_MS));
    await manager.getValidSession();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes an already expired session', async () => {
    const { manager, refresh } = setup(sessionExpiringIn(-60_000));
    await expect(manager.getValidSession()).resolves.toEqual(fresh);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('honours a custom thresholdMs', async () => {
    const { manager, refresh } = setup(sessionExpiringIn(20 * 60_000), {
      thresholdMs: 30 * 60_000,
    });
    await manager.getValidSession();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('never refreshes with autoRefresh: false', async () => {
    const session = sessionExpiringIn(9 * 60_000 + 59_000);
    const { manager, refresh } = setup(session, { autoRefresh: false });
    await expect(manager.getValidSession()).resolves.toEqual(session);
    await expect(manager.getValidSession()).resolves.toEqual(session);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("clears an expired session with autoRefresh: false and throws 'Session expired, Please login again'", async () => {
    const { manager, refresh } = setup(sessionExpiringIn(-1), { autoRefresh: false });
    await expect(manager.getValidSession()).rejects.toThrow('Session expired, Please login again');
    expect(manager.get()).toBeNull();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('keeps the role when the refresh answer has none (spec §7 lists no role)', async () => {
    const { role: _role, ...withoutRole } = fresh;
    const { manager } = setup(sessionExpiringIn(60_000, { role: 'vendor' }), {
      refresh: async () => withoutRole,
    });
    await expect(manager.getValidSession()).resolves.toEqual({ ...fresh, role: 'vendor' });
  });
  it('returns a refreshed session that expires within the 5-minute margin but cannot keep it', async () => {
    // spec §9: Max-Age = time to expiry − 5 min, so such a cookie gets Max-Age=0 (dropped).
    const short = { ...fresh, expiresIn: new Date(NOW + 4 * 60_000).toISOString() };
    const { manager } = setup(sessionExpiringIn(60_000), { refresh: async () => short });
    await expect(manager.getValidSession()).resolves.toEqual(short);
    expect(manager.get()).toBeNull();
  });
});

describe('refresh failure (spec §4)', () => {
  it("clears the cookie and throws 'Session refresh failed' with the cause", async () => {
    const cause = new Error('401 from /auth/reset-token');
    const { manager, jar } = setup(sessionExpiringIn(60_000), {
      refresh: async () => {
        throw cause;
      },
    });
    const error = await manager.getValidSession().catch((e: unknown) => e);
    expect(isSessionError(error, 'refreshFailed')).toBe(true);
    expect((error as Error).message).toBe('Session refresh failed');
    expect((error as Error).cause).toBe(cause);
    expect(manager.get()).toBeNull();
    expect(jar.get()).toBe('');
    expect(jar.setCookies.at(-1)).toMatch(/^user_session=; Max-Age=0/);
  });

  it('treats an answer that fails sessionSchema as a failed refresh', async () => {
    const { manager } = setup(sessionExpiringIn(60_000), {
      refresh: async () => ({ accessToken: '', refreshToken: 'r', expiresIn: 'later' }),
    });
    await expect(manager.getValidSession()).rejects.toThrow('Session refresh failed');
    expect(manager.get()).toBeNull();
  });
});

describe('single in-flight refresh', () => {
  it('shares one refresh between concurrent calls', async () => {
    let resolve!: (session: Session) => void;
    const { manager, refresh } = setup(sessionExpiringIn(60_000), {
      refresh: () => new Promise<Session>((r) => (resolve = r)),
    });
    const calls = [
      manager.getValidSession(),
      manager.getValidSession(),
      manager.refresh(),
      manager.getValidSession(),
    ];
    resolve(fresh);
    const results = await Promise.all(calls);
    expect(refresh).toHaveBeenCalledTimes(1);
    for (const result of results) expect(result).toEqual(fresh);
    // The stored session is fresh now: no further refresh.
    await manager.getValidSession();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('rejects every waiting call once when the shared refresh fails', async () => {
    let reject!: (error: Error) => void;
    const { manager, refresh } = setup(sessionExpiringIn(60_000), {
      refresh: () => new Promise<Session>((_, r) => (reject = r)),
    });
    const calls = [manager.getValidSession(), manager.getValidSession(), manager.getValidSession()];
    reject(new Error('down'));
    const results = await Promise.allSettled(calls);
    expect(refresh).toHaveBeenCalledTimes(1);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason.message).toBe('Session refresh failed');
    }
  });

  it('starts a new refresh after the previous one settled', async () => {
    const { manager, refresh } = setup(sessionExpiringIn(60_000), {
      // Six minutes: past the 5-minute cookie margin (kept) but inside the threshold (refreshed).
      refresh: async () => ({ ...fresh, expiresIn: new Date(NOW + 6 * 60_000).toISOString() }),
    });
    await manager.getValidSession();
    await manager.getValidSession();
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});

describe('set, clear, subscribe', () => {
  it('notifies subscribers on set, refresh and clear until unsubscribed', async () => {
    const { manager } = setup(sessionExpiringIn(60_000));
    const listener = vi.fn();
    const unsubscribe = manager.subscribe(listener);
    await manager.getValidSession();
    manager.clear();
    manager.set(fresh);
    unsubscribe();
    manager.clear();
    expect(listener.mock.calls).toEqual([[fresh], [null], [fresh]]);
  });

  it('writes the session cookie with the spec attributes', () => {
    const { manager, jar } = setup(null);
    manager.set(fresh);
    expect(jar.setCookies[0]).toMatch(
      /^user_session=.+; Max-Age=3300; Path=\/; Secure; SameSite=Strict$/,
    );
    expect(manager.get()).toEqual(fresh);
  });

  it('needs a jar outside the browser', () => {
    expect(() => createSessionManager({ refresh: async () => fresh })).toThrow(TypeError);
  });
});
