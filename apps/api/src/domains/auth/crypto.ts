import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { OTP_LENGTH } from '@vetted/contract';

/** A fresh numeric code of OTP_LENGTH (6) digits from the CSPRNG (`crypto.randomInt`). */
export function generateOtpCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/**
 * HMAC-SHA256 (hex) of the code bound to its challenge, keyed with the server secret: a leaked
 * table row is useless without the secret, and the same code on two challenges hashes apart.
 */
export function hashOtpCode(secret: Uint8Array, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex');
}

/** Constant-time comparison of two hex digests; false when their lengths differ. */
export function sameHash(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length > 0 && ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** SHA-256 hex of an opaque refresh token: what `refresh_tokens.token_hash` stores. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, base64url (43 characters): the first refresh token of a session. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The successor of a refresh token: HMAC-SHA256(secret, "refresh-successor:" + parent hash),
 * base64url (43 characters). Deterministic, so a repeated or concurrent refresh with the
 * just-rotated token within the grace window gets the same successor without the table ever
 * holding a usable token; unguessable without the server secret.
 */
export function successorRefreshToken(secret: Uint8Array, parentTokenHash: string): string {
  return createHmac('sha256', secret)
    .update(`refresh-successor:${parentTokenHash}`)
    .digest('base64url');
}

/**
 * Password hashing with argon2id (@node-rs/argon2 defaults: 19 MiB memory, 2 passes — the
 * OWASP minimum). The PHC string carries its own salt and parameters.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when `password` matches the PHC `passwordHash`; false (never throws) on a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of one real verification when the email is unknown, so a login's response
 * time does not tell whether an account exists. Always resolves to false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('vetted-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * A password hash nobody can match: the argon2id hash of 32 random bytes, for accounts that
 * must exist without a usable password (seeded vendors of a production deployment).
 */
export function unusablePasswordHash(): Promise<string> {
  return hash(randomBytes(32).toString('base64url'));
}
