import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes, pushSupported } from '../src/features/account/use-push-device';

/*
 * Web Push in the browser, without a browser: the VAPID key decoding, the manifest against the
 * icon files it lists, and public/sw.js run in a sandbox with a fake service-worker global —
 * what a push shows and where a click goes.
 */

const PUBLIC = join(import.meta.dirname, '../public');

describe('base64UrlToBytes', () => {
  it('decodes an unpadded base64url key (a 65-byte P-256 point)', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 250) % 256);
    const encoded = Buffer.from(bytes).toString('base64url');
    expect(encoded).toMatch(/[-_]/); // the url-safe alphabet is exercised
    expect([...base64UrlToBytes(encoded)]).toEqual([...bytes]);
  });
});

describe('pushSupported', () => {
  it('is false without the browser APIs (server rendering, old browsers)', () => {
    expect(pushSupported()).toBe(false);
  });
});

describe('manifest.webmanifest', () => {
  it('lists 192 and 512 px icons, plain and maskable, that exist at those sizes', () => {
    const manifest = JSON.parse(readFileSync(join(PUBLIC, 'manifest.webmanifest'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'Vetted', start_url: '/', display: 'standalone' });
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const file = join(PUBLIC, icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      const png = readFileSync(file);
      // PNG IHDR: width and height, big-endian, at bytes 16 and 20.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
      expect(icon.type).toBe('image/png');
    }
    const purposes = (manifest.icons as { sizes: string; purpose: string }[]).map(
      (i) => `${i.sizes} ${i.purpose}`,
    );
    expect(purposes).toEqual(
      expect.arrayContaining([
        '192x192 any',
        '512x512 any',
        '192x192 maskable',
        '512x512 maskable',
      ]),
    );
  });
});

type Listener = (event: Record<string, unknown>) => void;

/** Runs public/sw.js against a fake `self`; returns its listeners and the fakes. */
function loadServiceWorker(openTabs: { url: string }[] = []) {
  const listeners = new Map<string, Listener>();
  const tabs = openTabs.map((t) => ({
    ...t,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async () => undefined),
  }));
  const self = {
    location: { origin: 'https://vetted.example' },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => tabs),
      openWindow: vi.fn(async () => null),
    },
  };
  runInNewContext(readFileSync(join(PUBLIC, 'sw.js'), 'utf8'), { self, URL });
  /** Dispatches `type` with `event`; resolves once its `waitUntil` promise has settled. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { self, tabs, dispatch };
}

describe('sw.js', () => {
  it('shows a push as a notification with its body, tag and link', async () => {
    const { self, dispatch } = loadServiceWorker();
    const payload = { title: 'Lee is on the way', body: 'About 20 min', url: '/user/x', tag: 't1' };
    await dispatch('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(self.registration.showNotification).toHaveBeenCalledWith('Lee is on the way', {
      body: 'About 20 min',
      tag: 't1',
      data: { url: '/user/x' },
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
    });
  });

  it('opens the link of a clicked notification in a new window when no tab is open', async () => {
    const { self, dispatch } = loadServiceWorker();
    const close = vi.fn();
    await dispatch('notificationclick', { notification: { close, data: { url: '/user/x?id=1' } } });
    expect(close).toHaveBeenCalled();
    expect(self.clients.openWindow).toHaveBeenCalledWith('https://vetted.example/user/x?id=1');
  });

  it('focuses a tab already on the link, and never leaves the site', async () => {
    const { self, tabs, dispatch } = loadServiceWorker([
      { url: 'https://vetted.example/user/x?id=1' },
    ]);
    await dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: '/user/x?id=1' } },
    });
    expect(tabs[0]!.focus).toHaveBeenCalled();
    expect(self.clients.openWindow).not.toHaveBeenCalled();

    const other = loadServiceWorker();
    await other.dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: 'https://evil.example/' } },
    });
    expect(other.self.clients.openWindow).toHaveBeenCalledWith('https://vetted.example/');
  });
});
