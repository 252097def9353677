/**
 * Grapheme-safe text helpers for `messages.ts` files, which import only `shared/`. One
 * definition: lib/text.ts.
 */
export { type TruncateOptions, truncate } from '../lib/text';

/**
 * A `LIKE` / `ILIKE` pattern matching `q` anywhere, with `%`, `_` and `\` in `q` taken literally.
 */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
