/**
 * Text helpers shared by every domain. The one rule: never cut a string between two UTF-16 code
 * units of one character (a surrogate pair) or inside a grapheme cluster (an emoji with its
 * modifiers, a letter with its combining marks). A lone surrogate is not valid Unicode:
 * PostgreSQL `jsonb` refuses it ("invalid Unicode surrogate pair"), and `text` stores it as U+FFFD.
 */

/** Grapheme clusters as a reader sees characters (Unicode UAX #29, through ICU). */
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Options of {@link truncate}. */
export interface TruncateOptions {
  /**
   * Appended when the text is cut, counted within `maxLength`; `''` cuts without a mark.
   * @defaultValue `'…'` (U+2026, one code unit)
   */
  ellipsis?: string;
}

/**
 * `text` cut to at most `maxLength` UTF-16 code units (JavaScript `length`, what the contract's
 * `.max()` and PostgreSQL column limits in this codebase count), the ellipsis included — always
 * at a grapheme-cluster boundary (`Intl.Segmenter`), so the result is well-formed Unicode and no
 * emoji, flag or accented letter is cut in half. A text that fits is returned unchanged (no
 * ellipsis). Longer graphemes count for all their code units: `'😀'` counts 2.
 *
 * When not even the first grapheme fits with the ellipsis (a cluster of hundreds of combining
 * marks), that grapheme is cut between code points instead — never inside a surrogate pair — so
 * the length bound still holds.
 *
 * @param maxLength the bound in UTF-16 code units, an integer ≥ the ellipsis' length
 * @throws RangeError when `maxLength` is negative, not an integer, or shorter than the ellipsis
 */
export function truncate(text: string, maxLength: number, options: TruncateOptions = {}): string {
  const ellipsis = options.ellipsis ?? '…';
  if (!Number.isInteger(maxLength) || maxLength < ellipsis.length) {
    throw new RangeError(
      `maxLength must be an integer of at least ${ellipsis.length} (the ellipsis), got ${maxLength}`,
    );
  }
  if (text.length <= maxLength) return text;
  const room = maxLength - ellipsis.length;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    if (index + segment.length > room) {
      // Not even one whole grapheme fits: keep the code points of the first one that do.
      if (end === 0) end = codePointPrefixLength(segment, room);
      break;
    }
    end = index + segment.length;
  }
  return `${text.slice(0, end)}${ellipsis}`;
}

/** How many code units of `s` the longest prefix of whole code points within `room` has. */
function codePointPrefixLength(s: string, room: number): number {
  let end = 0;
  for (const codePoint of s) {
    if (end + codePoint.length > room) break;
    end += codePoint.length;
  }
  return end;
}
