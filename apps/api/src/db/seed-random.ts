import { createHash } from 'node:crypto';

/*
 * The seed's deterministic helpers, in their own module: seed.ts, seed-earnings.ts and
 * seed-reviews.ts all use them, and importing them from seed.ts tied the three in a cycle.
 */

const NAMESPACE = 'b3f0c2a4-6d1e-5f7a-9c3b-2e8d4a6f1c90';

/** UUIDv5-style id from a name: the same name always gives the same id. */
export function uuidFromName(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** mulberry32 seeded from a string: a small, fast, deterministic PRNG. */
export function rng(seed: string): () => number {
  let a = createHash('sha1').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
