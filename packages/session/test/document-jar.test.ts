// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://vetted.test/" }
import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentCookieJar, createSessionManager, type Session } from '../src/index';

const session: Session = {
  accessToken: 'a',
  refreshToken: 'r',
  expiresIn: new Date(Date.now() + 3600_000).toISOString(),
  role: 'vendor',
};

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: test cleanup.
  document.cookie = 'user_session=; Max-Age=0; Path=/';
});

describe('document.cookie jar (default jar)', () => {
  it('stores and clears the session through document.cookie', () => {
    const manager = createSessionManager({ refresh: async () => session });
    manager.set(session);
    expect(document.cookie).toContain('user_session=');
    expect(manager.get()).toEqual(session);
    manager.clear();
    // happy-dom keeps an empty `user_session=`; browsers drop it on Max-Age=0. Either way: no value.
    expect(document.cookie).not.toMatch(/user_session=[^;]/);
    expect(manager.get()).toBeNull();
  });

  it('is the jar used when none is given', () => {
    const jar = createDocumentCookieJar();
    jar.set('x=1; Path=/');
    expect(jar.get()).toContain('x=1');
  });
});
