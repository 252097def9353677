/**
 * Grapheme-safe text helpers for `messages.ts` files, which import only `shared/`. One
 * definition: lib/text.ts.
 */
import { truncate } from '../lib/text';

export { type TruncateOptions, truncate } from '../lib/text';

/**
 * A `LIKE` / `ILIKE` pattern matching `q` anywhere, with `%`, `_` and `\` in `q` taken literally.
 */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Longest notification and mail preview of a text (UTF-16 code units, ellipsis included). */
export const PREVIEW_MAX_LENGTH = 140;

/**
 * `text` as a one-line preview for a notification or mail: runs of whitespace made one space,
 * trimmed, and at most {@link PREVIEW_MAX_LENGTH} UTF-16 code units, cut at a grapheme boundary
 * with "…" (a notification is stored as JSON, which refuses half an emoji); '' stays ''.
 */
export function previewLine(text: string): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), PREVIEW_MAX_LENGTH);
}
