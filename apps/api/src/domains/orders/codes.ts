/** The random codes of an order: its reference and the start-of-job code. */
import { randomBytes, randomInt } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `VT-` + 6 Crockford base32 characters (30 random bits), e.g. `VT-7K2P9Q`. */
export function newOrderReference(): string {
  const bytes = randomBytes(6);
  let out = '';
  for (let i = 0; i < 6; i++) out += CROCKFORD[bytes[i]! & 31];
  return `VT-${out}`;
}

/** A 4-digit start-of-job code, uniformly random (`crypto.randomInt`), e.g. `0427`. */
export function newStartCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}
