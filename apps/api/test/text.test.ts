import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncate } from '../src/lib/text';

/** Whether `s` is well-formed UTF-16 (no lone surrogate): it survives a UTF-8 round trip. */
const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8') === s;

/** The grapheme clusters of `s`, by the platform's segmenter. */
const clusters = (s: string) =>
  Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(s), (g) => g.segment);

describe('truncate', () => {
  it('returns a text that fits unchanged, without an ellipsis', () => {
    expect(truncate('Leak fixed', 10)).toBe('Leak fixed');
    expect(truncate('', 0, { ellipsis: '' })).toBe('');
    expect(truncate('😀', 2)).toBe('😀');
  });

  it('cuts ASCII to maxLength code units, the ellipsis included', () => {
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
    expect(truncate('abcdefghij', 5, { ellipsis: '...' })).toBe('ab...');
    expect(truncate('abcdefghij', 5, { ellipsis: '' })).toBe('abcde');
  });

  it('never splits a surrogate pair: 138 × "x" + "😀y" keeps the emoji out whole', () => {
    // The reproduction of the 500: slice(0, 139) kept the emoji's high surrogate alone.
    const text = `${'x'.repeat(138)}😀y`;
    const cut = truncate(text, 140);
    expect(cut).toBe(`${'x'.repeat(138)}…`);
    expect(wellFormed(cut)).toBe(true);
  });

  it('cuts 71 emoji to 69 whole ones and the ellipsis', () => {
    const cut = truncate('😀'.repeat(71), 140);
    expect(cut).toBe(`${'😀'.repeat(69)}…`);
    expect(cut.length).toBe(139);
  });

  it('keeps a letter with its combining marks, a flag and a family emoji whole', () => {
    // "é" as e + U+0301, the Welsh flag (tag sequence), a ZWJ family: one grapheme each.
    const e = 'e\u0301';
    expect(truncate(`ab${e}${e}`, 4)).toBe('ab…');
    expect(truncate(`ab${e}${e}`, 5)).toBe(`ab${e}…`);
    const family = '👨‍👩‍👧‍👦';
    expect(truncate(`${family}${family}`, 12)).toBe(`${family}…`);
    const flag = '🏴󠁧󠁢󠁷󠁬󠁳󠁿';
    expect(truncate(`x${flag}`, flag.length)).toBe('x…');
  });

  it('cuts a single grapheme longer than maxLength between code points', () => {
    // A "Zalgo" letter: one grapheme of 1 + 300 combining marks.
    const zalgo = `Z${'\u0336'.repeat(300)}`;
    const cut = truncate(zalgo, 10);
    expect(cut).toBe(`Z${'\u0336'.repeat(8)}…`);
    const astral = `😀${'\u0336'.repeat(20)}`;
    // Room for 4 code units: the emoji (2) and two marks; with room for 1, not half the emoji.
    expect(truncate(astral, 5)).toBe(`😀${'\u0336'.repeat(2)}…`);
    expect(truncate(astral, 2)).toBe('…');
  });

  it('refuses a maxLength shorter than the ellipsis or not an integer', () => {
    expect(() => truncate('abc', 0)).toThrow(RangeError);
    expect(() => truncate('abc', 1.5)).toThrow(RangeError);
    expect(() => truncate('abc', 2, { ellipsis: '...' })).toThrow(RangeError);
  });

  it('for any text: within maxLength, well-formed, a prefix of whole graphemes plus the ellipsis', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 120 }),
      fc.string({ unit: 'grapheme-composite', maxLength: 60 }),
      fc.string({ maxLength: 200 }),
    );
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 160 }), (text, maxLength) => {
        const cut = truncate(text, maxLength);
        expect(cut.length).toBeLessThanOrEqual(maxLength);
        expect(wellFormed(cut)).toBe(true);
        if (text.length <= maxLength) {
          expect(cut).toBe(text);
          return;
        }
        expect(cut.endsWith('…')).toBe(true);
        const kept = cut.slice(0, -1);
        expect(text.startsWith(kept)).toBe(true);
        // Whole graphemes, unless not even the first one fit (then a code-point prefix of it).
        const first = clusters(text)[0]!;
        if (first.length <= maxLength - 1) {
          expect(clusters(kept)).toEqual(clusters(text).slice(0, clusters(kept).length));
          // And as many as fit: the next grapheme would not.
          const next = clusters(text)[clusters(kept).length]!;
          expect(kept.length + next.length).toBeGreaterThan(maxLength - 1);
        }
      }),
      { numRuns: 500 },
    );
  });
});
