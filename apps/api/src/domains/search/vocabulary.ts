/**
 * The search vocabulary and English stems a process keeps (search policy.ts `planTextSearch`
 * reads both): stems forever, the vocabulary for {@link LEXICON_TTL_MS} or until a purge with
 * `search` (catalogue cache.ts) makes it stale, on every instance.
 */
import { LRUCache } from 'lru-cache';
import type { ServiceDeps } from '../deps';
import type { CatalogueCache } from '../catalogue';
import type { Lexicon } from './policy';
import * as repo from './repository';

/**
 * How long a process keeps the search vocabulary ({@link repo.searchLexicon}) before reading it
 * again (ms, 5 min): reading it costs ~0.5 s at 100,000 vendors, and it only serves spelling
 * corrections (a stale one misses corrections towards words added since). A purge with
 * `search` (catalogue cache.ts `CatalogueCache`, after a write that called `refreshVendorSearch`)
 * makes it stale at once, on every instance.
 */
export const LEXICON_TTL_MS = 5 * 60_000;
/**
 * A stale vocabulary that took less than this to read (ms; a small catalogue) is read again
 * before answering; a bigger one is read in the background while the old one answers.
 */
const LEXICON_INLINE_RELOAD_MS = 50;
/** The stems and vocabulary of one app's searches, see {@link createVocabulary}. */
export interface Vocabulary {
  /** The stems of `words` (null: a stop word), from the cache or one query. */
  stemsOf(words: readonly string[]): Promise<Map<string, string | null>>;
  /** The search vocabulary: see {@link LEXICON_TTL_MS}, {@link LEXICON_INLINE_RELOAD_MS}. */
  vocabulary(): Promise<Lexicon>;
}

/** One app's {@link Vocabulary}, read from `db`, stale after `cache.searchGeneration` moves. */
export function createVocabulary({
  db,
  clock,
  cache,
}: Pick<ServiceDeps, 'db' | 'clock'> & { cache: CatalogueCache }): Vocabulary {
  /** English stems never change: kept for any number of searches (10,000 words). */
  const stems = new LRUCache<string, { stem: string | null }>({ max: 10_000 });
  let lexicon: { map: Lexicon; readAt: number; generation: number; tookMs: number } | null = null;
  let lexiconLoad: Promise<Lexicon> | null = null;

  /** The stems of `words` (null: a stop word), from the cache or one query. */
  async function stemsOf(words: readonly string[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    const missing = words.filter((w) => {
      const hit = stems.get(w);
      if (hit) out.set(w, hit.stem);
      return !hit;
    });
    for (const [word, stem] of await repo.englishStems(db, missing)) {
      stems.set(word, { stem });
      out.set(word, stem);
    }
    return out;
  }

  /** Reads the vocabulary (one read at a time). */
  function loadLexicon(): Promise<Lexicon> {
    lexiconLoad ??= (async () => {
      const generation = cache.searchGeneration;
      const started = performance.now();
      const entries = await repo.searchLexicon(db);
      const map = new Map(entries.map((e) => [e.lexeme, e.vendors]));
      lexicon = {
        map,
        readAt: clock.now().getTime(),
        generation,
        tookMs: performance.now() - started,
      };
      return map;
    })().finally(() => {
      lexiconLoad = null;
    });
    return lexiconLoad;
  }

  /** The search vocabulary: see {@link LEXICON_TTL_MS}, {@link LEXICON_INLINE_RELOAD_MS}. */
  async function vocabulary(): Promise<Lexicon> {
    if (!lexicon) return loadLexicon();
    const stale =
      lexicon.generation !== cache.searchGeneration ||
      clock.now().getTime() - lexicon.readAt >= LEXICON_TTL_MS;
    if (!stale) return lexicon.map;
    if (lexicon.tookMs < LEXICON_INLINE_RELOAD_MS) return loadLexicon();
    loadLexicon().catch(() => {
      // Kept the old vocabulary; the next search tries again.
    });
    return lexicon.map;
  }

  return { stemsOf, vocabulary };
}
