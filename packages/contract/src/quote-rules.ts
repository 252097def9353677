/**
 * Rules of quotes, published with the request form. A request reaches at most `maxMatches`
 * pros (ms values: a request without an accepted quote closes `requestOpenMs` after it was
 * made, 7 days). Sizes from the issue: description 20–2000 characters, 1–3 windows, up to 6
 * photos (each under the spec §5 image limit), 1–20 line items, 1–3 slots.
 */
export const QUOTE_RULES = {
  maxMatches: 5,
  requestOpenMs: 7 * 24 * 60 * 60_000,
  descriptionMin: 20,
  descriptionMax: 2000,
  maxWindows: 3,
  maxPhotos: 6,
  maxLineItems: 20,
  maxSlots: 3,
} as const;

/** What replaces a phone number or an email address the other side may not see yet. */
export const CONTACT_MASKS = {
  phone: '[phone hidden until you book]',
  email: '[email hidden until you book]',
} as const;
