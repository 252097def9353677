import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing with argon2id (@node-rs/argon2 defaults: 19 MiB memory, 2 passes —
 * the OWASP minimum). The PHC string carries its own salt and parameters.
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
