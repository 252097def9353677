import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@vetted/api-client';
import { errorMessage } from '../../lib/errors';
import { api } from '../../lib/vetted-api';

/**
 * Push on this browser, as it really is: `unsupported` (no service worker, Push API or
 * Notification API — e.g. Safari on iPhone outside a Home Screen app), `denied` (the person
 * blocked notifications for the site; only the browser's settings can undo that), `off` or
 * `on` (this browser holds a subscription). `checking` until the browser has answered.
 */
export type PushDeviceState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** The service worker that shows pushes (apps/web/public/sw.js), at the site's root scope. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this browser has what Web Push needs. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** A base64url string (the VAPID public key) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Words for a failed turn-on/off: the API's message when it answered, else the browser's own
 * reason (e.g. `Registration failed - push service error` when its push service is unreachable).
 */
export function pushErrorMessage(err: unknown): string {
  if (isApiError(err)) return errorMessage(err);
  const reason = err instanceof Error && err.message ? ` (${err.message})` : '';
  return `Your browser could not set up notifications${reason}. Try again in a moment, or use another browser.`;
}

/** This browser's current push subscription, if it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Registers the service worker, subscribes with the server's VAPID key and stores it. */
async function subscribeThisBrowser(): Promise<void> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await api.notifications.pushPublicKey();
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    }));
  const json = subscription.toJSON();
  await api.notifications.addPushSubscription({
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
}

/**
 * "Notifications on this device": the browser's real push state and `turnOn` / `turnOff`.
 * `turnOn` asks permission (a click must call it), registers `/sw.js`, subscribes and POSTs the
 * subscription; `turnOff` DELETEs it and unsubscribes. A failure leaves the state as the
 * browser has it and sets `error` (words to show); `busy` is true meanwhile.
 */
export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    if (!pushSupported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    const subscription = await currentSubscription().catch(() => null);
    setState(subscription && Notification.permission === 'granted' ? 'on' : 'off');
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(pushErrorMessage(err));
    } finally {
      await refresh();
      setBusy(false);
    }
  };

  const turnOn = () =>
    run(async () => {
      const permission = await Notification.requestPermission();
      // `default`: the prompt was dismissed; nothing changes and nothing needs saying.
      if (permission !== 'granted') return;
      await subscribeThisBrowser();
    });

  const turnOff = () =>
    run(async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await api.notifications.deletePushSubscription({ endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    });

  return { state, busy, error, turnOn, turnOff };
}
