/**
 * Fetching a pro's calendar address for the busy-time import: the global `fetch`, with a time
 * limit over the whole exchange, a byte limit while reading, and (unless local addresses are
 * allowed) only `https://` to public hosts, every redirect checked again — the address is the
 * pro's input, and the server must not be made to read its own network (SSRF).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { BusyImportError } from './busy-ics';
import {
  fetchBadRedirect,
  fetchNotPublic,
  fetchStatus,
  fetchTimedOut,
  fetchTooLarge,
  fetchUnreachable,
} from './messages';

/** Limits of one fetch. */
export interface FetchLimits {
  /** Time for the whole exchange, redirects and body included (ms). */
  timeoutMs: number;
  /** Most bytes of the body. */
  maxBytes: number;
  /**
   * Allow `http://` and private, loopback and link-local hosts (config
   * `calendarImportAllowLocal`: tests and development only).
   */
  allowLocal: boolean;
}

/** Most redirects followed (webcal links often redirect once or twice). */
const MAX_REDIRECTS = 3;

/** Addresses that are not the public internet (RFC 6890 special-purpose ranges). */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/**
 * Whether an IP address (v4 or v6) is outside the public internet. An IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`) is checked as its IPv4 address (BlockList does so).
 */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * `webcal://` (calendar apps' subscription scheme) as `https://`; other URLs as they are.
 * @throws TypeError for a string that is no URL
 */
export function calendarFetchUrl(url: string): URL {
  const parsed = new URL(url);
  if (parsed.protocol === 'webcal:') return new URL(`https:${url.slice('webcal:'.length)}`);
  return parsed;
}

/** Refuses `url` unless it is `https:` to public addresses (or `allowLocal`, `http(s):`). */
async function checkTarget(url: URL, allowLocal: boolean): Promise<void> {
  if (allowLocal) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new BusyImportError(fetchNotPublic());
    return;
  }
  if (url.protocol !== 'https:') throw new BusyImportError(fetchNotPublic());
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch (cause) {
      throw new BusyImportError(fetchUnreachable(), { cause });
    }
  }
  if (addresses.length === 0 || addresses.some(isNonPublicAddress)) {
    throw new BusyImportError(fetchNotPublic());
  }
}

/** The body of `res` as UTF-8 text, refusing it past `maxBytes` (read so far, not declared). */
async function readLimited(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new BusyImportError(fetchTooLarge(maxBytes));
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new BusyImportError(fetchTooLarge(maxBytes));
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One exchange of {@link fetchCalendarText}: the response, or the next URL of a redirect. */
async function fetchOnce(url: URL, signal: AbortSignal): Promise<Response | URL> {
  const res = await fetch(url, {
    redirect: 'manual',
    signal,
    headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' },
  });
  if (res.status >= 300 && res.status < 400 && res.status !== 304) {
    await res.body?.cancel();
    const location = res.headers.get('location');
    if (!location) throw new BusyImportError(fetchBadRedirect());
    return new URL(location, url);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new BusyImportError(fetchStatus(res.status));
  }
  return res;
}

/**
 * The text at the calendar address `url` (`https://` or `webcal://`), within `limits`: at most
 * {@link MAX_REDIRECTS} redirects, each target checked like the first (no private addresses,
 * unless `allowLocal`). The host's addresses are checked before the request; a host that
 * resolves differently a moment later (DNS rebinding) is not caught.
 * @throws BusyImportError whose message says what went wrong: time limit, size limit, HTTP
 *   status, unreachable, not public, too many redirects
 */
export async function fetchCalendarText(url: string, limits: FetchLimits): Promise<string> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let target = calendarFetchUrl(url);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      await checkTarget(target, limits.allowLocal);
      const answer = await fetchOnce(target, signal);
      if (answer instanceof URL) {
        target = answer;
        continue;
      }
      return await readLimited(answer, limits.maxBytes);
    }
  } catch (err) {
    if (err instanceof BusyImportError) throw err;
    if (signal.aborted) {
      throw new BusyImportError(fetchTimedOut(Math.ceil(limits.timeoutMs / 1000)), { cause: err });
    }
    throw new BusyImportError(fetchUnreachable(), { cause: err });
  }
  throw new BusyImportError(fetchBadRedirect());
}
