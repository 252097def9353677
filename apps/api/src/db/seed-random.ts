import { createHash } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';

/*
 * The seed's deterministic helpers, in their own module: seed.ts, seed-earnings.ts and
 * seed-reviews.ts all use them, and importing them from seed.ts tied the three in a cycle.
 */

/** The seed's UUIDv5 namespace (RFC 9562 §5.5): fixed, so every run names rows alike. */
const NAMESPACE = 'b3f0c2a4-6d1e-5f7a-9c3b-2e8d4a6f1c90';

/** A name-based UUID (v5, `uuid`'s): the same name always gives the same id. */
export function uuidFromName(name: string): string {
  return uuidv5(name, NAMESPACE);
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
