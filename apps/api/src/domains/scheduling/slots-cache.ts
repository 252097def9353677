/**
 * The slot picker's answers kept in process, ready to send (`GET /v1/services/{id}/slots`): an
 * answer is served again only while the vendor's calendar version is the one it was computed
 * under and time alone has not changed it.
 *
 * The version (`vendor_calendar_versions`) is bumped by database triggers in every transaction
 * that changes what the slot picker shows of the vendor — a booking, a payment, a cancellation, a
 * held waitlist offer, imported busy times, hours, exceptions, services, booking rules, vetting —
 * whichever instance or code path wrote it (migration 0019). Each cached answer costs one
 * indexed read of it, so a booking made through another instance shows on the next read here,
 * with no event bus in between. Time is the other input: see policy.ts `slotDaysStableUntil`.
 */
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { Counter } from 'prom-client';
import type { Db } from '../../db/client';
import { vendorCalendarVersions } from '../../db/schema';
import type { ReadyResponse } from '../../lib/response-cache';

/** One cached answer. */
interface SlotAnswer {
  vendorId: string;
  /** The vendor's calendar version the answer was computed under. */
  version: number;
  /** The clock reading it was computed at (epoch ms): it holds from then… */
  computedAt: number;
  /** …until this instant, excluded (epoch ms). */
  stableUntil: number;
  ready: ReadyResponse;
}

/**
 * Bytes of answers kept at most (every coding of each body): 32 MiB, like the catalogue's
 * response cache (lib/response-cache.ts) — some 3 000 weeks of slots.
 */
const MAX_BYTES = 32 * 1024 * 1024;

/** What {@link createSlotAnswerCache} needs: the database the versions are read from. */
export interface SlotAnswerCacheDeps {
  db: Db;
}

/**
 * An LRU of ready slot answers by key (service and query), bounded by {@link MAX_BYTES}, and
 * the counter `slots_answers_total{outcome="cached"|"computed"}` of how each was answered (not
 * registered: the app adds it to its `/metrics` registry).
 */
export function createSlotAnswerCache({ db }: SlotAnswerCacheDeps) {
  const entries = new LRUCache<string, SlotAnswer>({
    maxSize: MAX_BYTES,
    sizeCalculation: ({ ready }) =>
      ready.identity.length + Object.values(ready.encoded).reduce((n, b) => n + b.length, 0),
  });
  // Prepared once: the hot path runs no query building.
  const versionOf = db
    .select({ version: vendorCalendarVersions.version })
    .from(vendorCalendarVersions)
    .where(eq(vendorCalendarVersions.vendorId, sql.placeholder('vendorId')))
    .prepare('slots_calendar_version');
  const answers = new Counter({
    name: 'slots_answers_total',
    help: 'Slot picker answers (GET /v1/services/{id}/slots), by outcome: cached or computed',
    labelNames: ['outcome'] as const,
    registers: [],
  });

  return {
    /** The counter of answers by outcome, for the app's metrics registry. */
    metric: answers,

    /**
     * The answer under `key` if it is still what computing it at `now` would give: `now` within
     * its stable span and the vendor's calendar version unchanged (one indexed read). Counts a
     * hit as `cached`.
     */
    async get(key: string, now: Date): Promise<ReadyResponse | undefined> {
      const entry = entries.get(key);
      const t = now.getTime();
      // A clock moved back (tests) is outside the span too: the answer was of a later time.
      if (!entry || t < entry.computedAt || t >= entry.stableUntil) return undefined;
      const [row] = await versionOf.execute({ vendorId: entry.vendorId });
      if (row === undefined || Number(row.version) !== entry.version) return undefined;
      answers.inc({ outcome: 'cached' });
      return entry.ready;
    },

    /**
     * Keeps `ready`, computed at `now` under calendar `version` of `vendorId` and unchanged by
     * time until `stableUntil` (epoch ms), and counts it as `computed`. A null version (the
     * vendor has no row yet) is counted but not kept: nothing could tell it stale.
     */
    set(
      key: string,
      answer: {
        vendorId: string;
        version: number | null;
        stableUntil: number;
        ready: ReadyResponse;
      },
      now: Date,
    ): void {
      answers.inc({ outcome: 'computed' });
      if (answer.version === null) return;
      entries.set(key, {
        vendorId: answer.vendorId,
        version: answer.version,
        computedAt: now.getTime(),
        stableUntil: answer.stableUntil,
        ready: answer.ready,
      });
    },
  };
}

export type SlotAnswerCache = ReturnType<typeof createSlotAnswerCache>;
