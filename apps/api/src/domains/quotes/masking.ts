/**
 * Contact details stay in Vetted until a booking exists: phone numbers and email addresses in
 * text one side wrote (a request's description, a quote's message and line items, a decline
 * reason, a counter-offer's note, messages of the request's conversation) are replaced by
 * `CONTACT_MASKS` for the other side until a paid order exists between the customer and the
 * pro. The writer always sees their own text. Pure: whether an order was paid is the caller's.
 */
import { CONTACT_MASKS } from '@vetted/contract';
import { type CountryCode, findPhoneNumbersInText, isSupportedCountry } from 'libphonenumber-js';
import { find as findLinks } from 'linkifyjs';

/** A stretch of text to replace: [start, end) in UTF-16 code units, and its mask. */
interface Hit {
  start: number;
  end: number;
  mask: string;
}

/**
 * The phone numbers in `text`: read as numbers of `country` (ISO 3166-1 alpha-2; national
 * formats like `07911 123456`) and with no default (international `+44 …` numbers). `extended`
 * (libphonenumber's "possible" reading): a number that merely has the shape of one is masked
 * too, since leaking a real number costs more than hiding a number-like string.
 */
function phoneHits(text: string, country: string | null | undefined): Hit[] {
  const code = country?.toUpperCase();
  const defaults: (CountryCode | undefined)[] = [undefined];
  if (code && isSupportedCountry(code)) defaults.unshift(code);
  return defaults.flatMap((defaultCountry) =>
    findPhoneNumbersInText(text, { defaultCountry, extended: true }).map((found) => ({
      start: found.startsAt,
      end: found.endsAt,
      mask: CONTACT_MASKS.phone,
    })),
  );
}

/** The email addresses in `text` (linkifyjs, the same reading links get in messages). */
function emailHits(text: string): Hit[] {
  return findLinks(text, 'email').map((link) => ({
    start: link.start,
    end: link.end,
    mask: CONTACT_MASKS.email,
  }));
}

/**
 * `text` with every phone number and email address replaced by its `CONTACT_MASKS` text.
 * Emails win where a phone-like run sits inside one (`07911123456@example.com` is one email);
 * overlapping hits merge into the first. `country` is the default country of national numbers
 * (the writer's or the pro's), null for none.
 */
export function maskContacts(text: string, country?: string | null): string {
  if (!text) return text;
  const hits = [...emailHits(text), ...phoneHits(text, country)];
  if (hits.length === 0) return text;
  const kept: Hit[] = [];
  for (const hit of hits) {
    if (kept.some((k) => hit.start < k.end && k.start < hit.end)) continue;
    kept.push(hit);
  }
  kept.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const hit of kept) {
    out += text.slice(at, hit.start) + hit.mask;
    at = hit.end;
  }
  return out + text.slice(at);
}

/** Who reads a text, who wrote it, and whether the two have a paid booking between them. */
export interface MaskContext {
  readerId: string;
  writerId: string;
  /** A paid order (policy `PAID_ORDER_STATUSES`) exists between the customer and the pro. */
  booked: boolean;
  /** Default country of national phone numbers. */
  country?: string | null;
}

/** `text` as its reader sees it: as written for its writer or after a booking, else masked. */
export function maskFor(text: string, ctx: MaskContext): string {
  if (ctx.booked || ctx.readerId === ctx.writerId) return text;
  return maskContacts(text, ctx.country);
}
