import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

/** The application server's VAPID identity (RFC 8292): a P-256 key pair and a contact. */
export interface VapidSettings {
  /** `VAPID_PUBLIC_KEY`: uncompressed P-256 point, base64url (65 bytes). */
  publicKey: string;
  /** `VAPID_PRIVATE_KEY`: the P-256 private scalar, base64url (32 bytes). */
  privateKey: string;
  /**
   * `VAPID_SUBJECT`: a `mailto:` or `https:` contact push services may use (RFC 8292 §2.1).
   * Default: `PUBLIC_URL` when it is https, else `mailto:` + the address of `MAIL_FROM`.
   */
  subject: string;
}

/** The file in the data folder that keeps generated keys (JSON `{ publicKey, privateKey }`). */
const VAPID_FILE = 'vapid-keys.json';

/**
 * A VAPID key pair generated once (`webpush.generateVAPIDKeys()`) and kept in
 * `dataDir/vapid-keys.json` (mode 0600), like the JWT secret: subscriptions are bound to the
 * public key, so a new pair on every start would silently break every browser's subscription.
 */
export function persistentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, VAPID_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      publicKey: string;
      privateKey: string;
    };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The default `VAPID_SUBJECT`: see {@link VapidSettings.subject}. */
export function defaultVapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
