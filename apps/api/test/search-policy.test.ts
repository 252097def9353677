/** The pure rules of search (catalogue policy.ts), as tables. */
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import {
  AREA_RADIUS_KM,
  areaDefaults,
  effectiveSort,
  type Lexicon,
  MAX_SEARCH_WORDS,
  MAX_VARIANTS,
  maxEdits,
  planTextSearch,
  quoteLexeme,
  searchWords,
  tsQueryText,
  wordVariants,
} from '../src/domains/search';

/** A vocabulary as `ts_stat` gives it: English stems with the number of vendors using each. */
const lexicon: Lexicon = new Map([
  ['plumb', 40],
  ['plumber', 12],
  ['electr', 20],
  ['electrician', 15],
  ['hair', 9],
  ['haircut', 7],
  ['leak', 30],
  ['repair', 60],
  ['pair', 2],
  ['boston', 25],
]);

describe('searchWords', () => {
  it.each([
    ['Plumber', ['plumber']],
    ['  leak   REPAIR leak ', ['leak', 'repair']],
    ['100%_Safe', ['100', 'safe']],
    ["O'Brien & Sons", ['o', 'brien', 'sons']],
    ['!!! %', []],
    ['Ｐｌｕｍｂｅｒ', ['plumber']], // full-width letters, NFKC
    ['électricien', ['électricien']],
  ])('%j → %j', (q, words) => {
    expect(searchWords(q)).toEqual(words);
  });

  it(`keeps at most ${MAX_SEARCH_WORDS} words of at most 32 letters`, () => {
    const words = searchWords(
      `${'x'.repeat(40)} ${Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')}`,
    );
    expect(words).toHaveLength(MAX_SEARCH_WORDS);
    expect(words[0]).toHaveLength(32);
  });
});

describe('maxEdits', () => {
  it.each([
    [3, 0],
    [4, 1],
    [7, 1],
    [8, 2],
    [12, 2],
  ])('a %i-letter word may be %i edits off', (length, edits) => {
    expect(maxEdits(length)).toBe(edits);
  });
});

describe('wordVariants', () => {
  it.each([
    // word, its English stem, exact?, lexemes searched
    ['plumber', 'plumber', true, ['plumber', 'plumb']],
    ['plumbing', 'plumb', true, ['plumb', 'plumber']],
    ['plumbr', 'plumbr', false, ['plumbr', 'plumb', 'plumber']],
    ['electrican', 'electrican', false, ['electrican', 'electrician']],
    ['elec', 'elec', false, ['elec', 'electr', 'electrician']],
    ['hair', 'hair', true, ['hair', 'haircut']],
    ['boston', 'boston', true, ['boston']],
    ['zzyzx', 'zzyzx', false, []],
  ])('%s (stem %s): exact %s, searches %j', (word, stem, exact, lexemes) => {
    expect(wordVariants(word, stem, lexicon, distance)).toEqual({ exact, lexemes });
  });

  it('does not correct a word that is in the vocabulary ("repair" is not "pair")', () => {
    expect(wordVariants('repair', 'repair', lexicon, distance).lexemes).toEqual(['repair']);
  });

  it(`searches at most ${MAX_VARIANTS} lexemes for a word`, () => {
    const many: Lexicon = new Map(Array.from({ length: 20 }, (_, i) => [`leak${i}`, i]));
    expect(wordVariants('leak', 'leak', many, distance).lexemes).toHaveLength(MAX_VARIANTS);
  });
});

describe('quoteLexeme and tsQueryText', () => {
  it('quotes lexemes so any text is a valid tsquery', () => {
    expect(quoteLexeme("o'brien")).toBe("'o\\'brien'");
    expect(quoteLexeme('a\\b')).toBe("'a\\\\b'");
    expect(tsQueryText([['plumber', 'plumb'], ['leak']])).toBe("('plumber' | 'plumb') & ('leak')");
    expect(tsQueryText([])).toBeNull();
  });
});

describe('planTextSearch', () => {
  const stems = new Map<string, string | null>([
    ['plumber', 'plumber'],
    ['near', 'near'],
    ['me', null],
    ['the', null],
    ['zzyzx', 'zzyzx'],
    ['leak', 'leak'],
  ]);

  it.each([
    [
      'plumber near me',
      { kind: 'words', any: "('plumber' | 'plumb')", exact: "('plumber')", ignoredWords: ['near'] },
    ],
    [
      'leak plumber',
      {
        kind: 'words',
        any: "('leak') & ('plumber' | 'plumb')",
        exact: "('leak') & ('plumber')",
        ignoredWords: [],
      },
    ],
    ['zzyzx', { kind: 'words', any: "('zzyzx')", exact: "('zzyzx')", ignoredWords: [] }],
    ['the', { kind: 'literal', text: 'the', ignoredWords: [] }],
    ['  %_ ', { kind: 'literal', text: '%_', ignoredWords: [] }],
  ])('%j', (q, plan) => {
    expect(planTextSearch(q, stems, lexicon, distance)).toEqual(plan);
  });
});

describe('effectiveSort and areaDefaults', () => {
  it.each([
    ['recommended', true, 'relevance'],
    ['relevance', false, 'relevance'],
    ['distance', true, 'distance'],
    ['distance', false, 'relevance'],
    ['price', false, 'price'],
  ] as const)('%s with a place: %s → %s', (sort, hasPlace, applied) => {
    expect(effectiveSort(sort, hasPlace)).toBe(applied);
  });

  const base = {
    hasPlace: true,
    area: 'auto' as const,
    sort: 'relevance' as const,
    hasPriceFilter: false,
  };
  it.each([
    ['a place, relevance', base, { radiusKm: AREA_RADIUS_KM, localCurrency: true }],
    ['no place', { ...base, hasPlace: false }, { radiusKm: undefined, localCurrency: false }],
    ['area=off', { ...base, area: 'off' as const }, { radiusKm: undefined, localCurrency: false }],
    ['radius sent', { ...base, radiusKm: 5 }, { radiusKm: 5, localCurrency: true }],
    [
      'currency sent',
      { ...base, currency: 'EUR' },
      { radiusKm: AREA_RADIUS_KM, localCurrency: false },
    ],
    [
      'by distance',
      { ...base, sort: 'distance' as const },
      { radiusKm: undefined, localCurrency: false },
    ],
    [
      'by price with a price range',
      { ...base, sort: 'price' as const, hasPriceFilter: true },
      { radiusKm: undefined, localCurrency: true },
    ],
  ])('%s', (_name, query, expected) => {
    expect(areaDefaults(query)).toEqual(expected);
  });
});
