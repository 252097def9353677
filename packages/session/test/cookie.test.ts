import { parseSetCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import {
  clearSessionCookie,
  createMemoryCookieJar,
  parseSessionCookie,
  readCookie,
  serializeCookie,
  serializeSessionCookie,
  type Session,
} from '../src/index';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');

const session: Session = {
  accessToken: 'access.jwt.value',
  refreshToken: 'refresh-token; with=odd,chars',
  expiresIn: '2026-11-22T11:00:00.000Z', // one hour after NOW
  role: 'customer',
};

/** The attributes part of a Set-Cookie string, e.g. ['Max-Age=3300', 'Path=/', …]. */
function attributes(setCookie: string): string[] {
  return setCookie.split('; ').slice(1);
}

describe('serializeSessionCookie (spec §9)', () => {
  it('is Secure, SameSite=Strict, Path=/ with Max-Age = expiry − 5 min', () => {
    const setCookie = serializeSessionCookie(session, { now: NOW });
    expect(setCookie.startsWith('user_session=')).toBe(true);
    expect(attributes(setCookie).sort()).toEqual(
      ['Max-Age=3300', 'Path=/', 'SameSite=Strict', 'Secure'].sort(),
    );
  });

  it('floors Max-Age to whole seconds', () => {
    const setCookie = serializeSessionCookie(session, { now: NOW + 999 });
    expect(attributes(setCookie)).toContain('Max-Age=3299');
  });

  it('uses Max-Age=0, never negative, when expiry is within the margin or past', () => {
    expect(attributes(serializeSessionCookie(session, { now: NOW + 56 * 60_000 }))).toContain(
      'Max-Age=0',
    );
    expect(attributes(serializeSessionCookie(session, { now: NOW + 2 * 3600_000 }))).toContain(
      'Max-Age=0',
    );
  });

  it('round-trips through parseSessionCookie, odd characters included', () => {
    const setCookie = serializeSessionCookie(session, { now: NOW });
    const { value } = parseSetCookie(setCookie);
    expect(JSON.parse(value ?? '')).toEqual(session);
    const header = `other=1; ${setCookie.split(';')[0]}; last=2`;
    expect(parseSessionCookie(header)).toEqual(session);
  });
});

describe('clearSessionCookie (spec §4)', () => {
  it('empties the value and sets Max-Age=0', () => {
    const setCookie = clearSessionCookie();
    expect(setCookie.split('; ')[0]).toBe('user_session=');
    expect(attributes(setCookie)).toContain('Max-Age=0');
    expect(attributes(setCookie)).toContain('Path=/');
  });
});

describe('parseSessionCookie', () => {
  it.each([
    ['no header', undefined],
    ['empty header', ''],
    ['no session cookie', 'a=1; b=2'],
    ['empty session cookie', 'user_session='],
    ['not JSON', 'user_session=hello'],
    ['JSON of the wrong shape', `user_session=${encodeURIComponent('{"accessToken":"a"}')}`],
    [
      'unknown role',
      `user_session=${encodeURIComponent(JSON.stringify({ ...session, role: 'root' }))}`,
    ],
    [
      'bad date',
      `user_session=${encodeURIComponent(JSON.stringify({ ...session, expiresIn: 'soon' }))}`,
    ],
    ['broken escape', 'user_session=%E0%A4%A'],
  ])('returns null for %s', (_, header) => {
    expect(parseSessionCookie(header)).toBeNull();
  });
});

describe('serializeCookie', () => {
  it('defaults to Max-Age=3600 (spec §9), Path=/, Secure, SameSite=Strict', () => {
    expect(serializeCookie('theme_seen', '1')).toBe(
      'theme_seen=1; Max-Age=3600; Path=/; Secure; SameSite=Strict',
    );
  });

  it('takes maxAgeS, path and sameSite', () => {
    expect(serializeCookie('x', 'a b', { maxAgeS: 60.9, path: '/user', sameSite: 'lax' })).toBe(
      'x=a%20b; Max-Age=60; Path=/user; Secure; SameSite=Lax',
    );
  });

  it('clamps a negative max age to 0', () => {
    expect(serializeCookie('x', '1', { maxAgeS: -5 })).toContain('Max-Age=0');
  });

  it('reads back with readCookie', () => {
    expect(readCookie('x=a%20b; y=2', 'x')).toBe('a b');
    expect(readCookie('y=2', 'x')).toBeNull();
  });
});

describe('createMemoryCookieJar', () => {
  it('stores, expires by Max-Age and deletes on Max-Age=0', () => {
    let now = NOW;
    const jar = createMemoryCookieJar('', () => now);
    jar.set(serializeCookie('a', '1', { maxAgeS: 10 }));
    expect(jar.get()).toBe('a=1');
    now += 10_000;
    expect(jar.get()).toBe('');
    jar.set(serializeCookie('b', '2'));
    jar.set(serializeCookie('b', '', { maxAgeS: 0 }));
    expect(jar.get()).toBe('');
    expect(jar.setCookies).toHaveLength(3);
  });

  it('starts from a Cookie header', () => {
    expect(createMemoryCookieJar('a=1; b=2').get()).toBe('a=1; b=2');
  });
});
