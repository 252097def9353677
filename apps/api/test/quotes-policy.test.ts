import { describe, expect, it } from 'vitest';
import {
  closesAtOf,
  decide,
  isQuotedSlot,
  LEAD_TRANSITIONS,
  type LeadAction,
  lineItemsTotal,
  mayAnswerCounter,
  mayCounter,
  QUOTE_RULES,
  QUOTE_TRANSITIONS,
  type QuoteAction,
  type QuoteActor,
  rankMatches,
  REQUEST_TRANSITIONS,
  type RequestAction,
} from '../src/domains/quotes/policy';

/*
 * The pure rules of quotes (domains/quotes/policy.ts): the state machines of a request, a
 * lead and a quote as tables (every action × actor × state), the counter-offer's one round,
 * and the order matched pros are ranked in.
 */

const REQUEST_STATES = ['open', 'booked', 'closed', 'cancelled'] as const;
const LEAD_STATES = ['new', 'quoted', 'declined', 'not_chosen', 'closed'] as const;
const QUOTE_STATES = ['open', 'accepted', 'not_chosen', 'expired', 'withdrawn'] as const;
const ACTORS: QuoteActor[] = ['customer', 'vendor', 'system'];

/** Expected `to` state for every allowed (action, actor, from); anything else is refused. */
const REQUEST_ALLOWED: Record<string, string> = {
  'book/customer/open': 'booked',
  'cancel/customer/open': 'cancelled',
  'close/system/open': 'closed',
};
const LEAD_ALLOWED: Record<string, string> = {
  'quote/vendor/new': 'quoted',
  'decline/vendor/new': 'declined',
  'not_chosen/system/new': 'not_chosen',
  'not_chosen/system/quoted': 'not_chosen',
  'close/system/new': 'closed',
  'close/system/quoted': 'closed',
};
const QUOTE_ALLOWED: Record<string, string> = {
  'accept/customer/open': 'accepted',
  'counter/customer/open': 'open',
  'answer_counter/vendor/open': 'open',
  'not_chosen/system/open': 'not_chosen',
  'expire/system/open': 'expired',
  'withdraw/system/open': 'withdrawn',
};

/** Every (action, actor, from) of a table with the verdict the expectations give it. */
function cases(
  actions: readonly string[],
  states: readonly string[],
  allowed: Record<string, string>,
) {
  return actions.flatMap((action) =>
    ACTORS.flatMap((actor) =>
      states.map((from) => ({ action, actor, from, to: allowed[`${action}/${actor}/${from}`] })),
    ),
  );
}

describe('the request state machine', () => {
  const actions = Object.keys(REQUEST_TRANSITIONS) as RequestAction[];
  it.each(cases(actions, REQUEST_STATES, REQUEST_ALLOWED))(
    '$action by $actor from $from → $to',
    ({ action, actor, from, to }) => {
      const verdict = decide(REQUEST_TRANSITIONS, action as RequestAction, actor, from as 'open');
      expect(verdict.ok ? verdict.to : undefined).toBe(to);
    },
  );
});

describe('the lead state machine', () => {
  const actions = Object.keys(LEAD_TRANSITIONS) as LeadAction[];
  it.each(cases(actions, LEAD_STATES, LEAD_ALLOWED))(
    '$action by $actor from $from → $to',
    ({ action, actor, from, to }) => {
      const verdict = decide(LEAD_TRANSITIONS, action as LeadAction, actor, from as 'new');
      expect(verdict.ok ? verdict.to : undefined).toBe(to);
    },
  );

  it('says who may act when the wrong side asks', () => {
    expect(decide(LEAD_TRANSITIONS, 'quote', 'customer', 'new')).toEqual({
      ok: false,
      reason: 'wrong_actor',
      by: 'vendor',
    });
    expect(decide(LEAD_TRANSITIONS, 'quote', 'vendor', 'quoted')).toEqual({
      ok: false,
      reason: 'invalid_state',
    });
  });
});

describe('the quote state machine', () => {
  const actions = Object.keys(QUOTE_TRANSITIONS) as QuoteAction[];
  it.each(cases(actions, QUOTE_STATES, QUOTE_ALLOWED))(
    '$action by $actor from $from → $to',
    ({ action, actor, from, to }) => {
      const verdict = decide(QUOTE_TRANSITIONS, action as QuoteAction, actor, from as 'open');
      expect(verdict.ok ? verdict.to : undefined).toBe(to);
    },
  );

  it('takes one counter-offer per quote, answered once', () => {
    expect(mayCounter(null)).toBe(true);
    for (const s of ['pending', 'accepted', 'declined'] as const) expect(mayCounter(s)).toBe(false);
    expect(mayAnswerCounter('pending')).toBe(true);
    for (const s of [null, 'accepted', 'declined'] as const) {
      expect(mayAnswerCounter(s)).toBe(false);
    }
  });
});

describe('ranking matched pros', () => {
  const pro = (id: string, over: Partial<Parameters<typeof rankMatches>[0][number]> = {}) => ({
    id,
    ratingAverage: 4,
    ratingCount: 10,
    responseMinutes: 60,
    distanceKm: 5,
    ...over,
  });

  it('orders by rating, then response time (unmeasured last), then distance, then id', () => {
    const ranked = rankMatches([
      pro('a', { ratingAverage: 4.5 }),
      pro('b', { ratingAverage: 4.9 }),
      pro('c', { responseMinutes: 30 }),
      pro('d', { responseMinutes: null }),
      pro('e', { distanceKm: 1 }),
    ]);
    expect(ranked.map((p) => p.id)).toEqual(['b', 'a', 'c', 'e', 'd']);
  });

  it('counts a pro without reviews as rated 0, and keeps at most 5', () => {
    const many = Array.from({ length: 8 }, (_, i) => pro(`p${i}`, { distanceKm: i }));
    const ranked = rankMatches([pro('new', { ratingAverage: 5, ratingCount: 0 }), ...many]);
    expect(ranked).toHaveLength(QUOTE_RULES.maxMatches);
    expect(ranked.map((p) => p.id)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
  });
});

describe('amounts and times', () => {
  it('totals line items in minor units', () => {
    expect(lineItemsTotal([{ amount: 12_050 }, { amount: 1 }, { amount: 7_949 }])).toBe(20_000);
  });

  it('closes a request 7 days after it was made', () => {
    const now = new Date('2027-05-01T10:00:00Z');
    expect(closesAtOf(now).toISOString()).toBe('2027-05-08T10:00:00.000Z');
  });

  it('matches a chosen start to a quoted slot as an instant, whatever its ISO spelling', () => {
    const slots = ['2027-05-03T13:00:00.000Z'];
    expect(isQuotedSlot(slots, new Date('2027-05-03T09:00:00-04:00'))).toBe(true);
    expect(isQuotedSlot(slots, new Date('2027-05-03T13:30:00Z'))).toBe(false);
  });
});
