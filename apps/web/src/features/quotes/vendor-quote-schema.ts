import {
  type CreateQuoteBody,
  createQuoteBodySchema,
  isoDateTime,
  QUOTE_RULES,
  quoteLineItemSchema,
} from '@vetted/contract';
import { z } from 'zod';
import { toMinorUnits } from '../../lib/money';

/** The builder's values as typed: amounts in major units ("180.00"), the duration in minutes. */
export interface QuoteFormInput {
  lineItems: Array<{ description: string; amount: string }>;
  durationMinutes: string;
  slots: string[];
  /** `<input type="datetime-local">` text, in the device's zone. */
  validUntil: string;
  /** Optional in the contract's input (it defaults to ""). */
  message?: string;
}

/**
 * The builder's schema: each amount typed in major units of `currency` becomes minor units
 * exactly (`toMinorUnits`), "Valid until" (local date-time text) an ISO instant that must be in
 * the future, and every field is then checked by the contract's own rules
 * (`createQuoteBodySchema`), so the browser refuses what the API would, with its words.
 */
export function quoteFormSchema(currency: string, now: () => number = Date.now) {
  const rules = createQuoteBodySchema.shape;
  return z.object({
    lineItems: z
      .array(
        z.object({
          description: quoteLineItemSchema.shape.description,
          amount: z
            .string()
            .transform((s, ctx) => {
              const minor = toMinorUnits(s, currency);
              if (minor !== null) return minor;
              ctx.addIssue({ code: 'custom', message: 'Enter an amount like 80 or 79.50' });
              return z.NEVER;
            })
            .pipe(quoteLineItemSchema.shape.amount),
        }),
      )
      .min(1, 'Add at least one line')
      .max(QUOTE_RULES.maxLineItems, 'Use at most 20 lines'),
    durationMinutes: z.coerce.number<string>().pipe(rules.durationMinutes),
    slots: rules.slots,
    validUntil: z
      .string()
      .min(1, 'Say until when the quote stands')
      .transform((s) => new Date(s).toISOString())
      .pipe(isoDateTime)
      .refine((iso) => Date.parse(iso) > now(), 'Choose a time in the future'),
    message: rules.message,
  }) satisfies z.ZodType<CreateQuoteBody, QuoteFormInput>;
}
