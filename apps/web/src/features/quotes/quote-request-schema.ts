import { type CreateQuoteRequestBody, createQuoteRequestBodySchema } from '@vetted/contract';
import { endOfDay, parseISO, startOfDay } from 'date-fns';
import { z } from 'zod';
import { toMinorUnits } from '../../lib/money';

/*
 * The request form's values and schema. Dates are picked as days (`YYYY-MM-DD`, the customer's
 * own calendar) and sent as a window from the first day's start to the last day's end; the
 * budget is typed in major units and sent in minor units. Everything else is the contract's
 * `createQuoteRequestBodySchema`, so the browser refuses what the API refuses, in its words.
 */

/** One preferred date range as typed: first and last day, `YYYY-MM-DD`. */
export interface WindowInput {
  from: string;
  to: string;
}

/** The form's values as the fields hold them. */
export interface QuoteRequestFormInput {
  categorySlug: string;
  description: string;
  /** The saved place the address was filled from, '' once the address is typed. */
  placeId: string;
  address: string;
  windows: WindowInput[];
  /** Major units as typed ("150", "150.50"), '' for none. */
  budget: string;
}

/** A window's days as the API's `{ from, to }`: the first day's 00:00 to the last day's end. */
export function windowOf(input: WindowInput): { from: string; to: string } {
  return {
    from: startOfDay(parseISO(input.from)).toISOString(),
    to: endOfDay(parseISO(input.to)).toISOString(),
  };
}

/**
 * The form's schema for budgets in `currency`, from `today` (`YYYY-MM-DD`) on: turns the
 * typed values into the API body, then checks it with the contract's schema.
 */
export function quoteRequestFormSchema(currency: string, today: string) {
  const day = z.iso.date('Choose a day');
  const windowSchema = z
    .object({ from: day, to: day })
    .refine((w) => w.from >= today, { message: 'Choose days from today on', path: ['from'] })
    .refine((w) => w.to >= w.from, {
      message: 'The last day must be on or after the first',
      path: ['to'],
    });
  const shape = createQuoteRequestBodySchema.shape;
  return z
    .object({
      categorySlug: shape.categorySlug,
      description: shape.description,
      placeId: z.string(),
      address: z.string().trim(),
      // How many windows (1–3) is the contract's rule, checked by the final `pipe`.
      windows: z.array(windowSchema),
      budget: z
        .string()
        .trim()
        .transform((s, ctx) => {
          if (s === '') return undefined;
          const minor = toMinorUnits(s, currency);
          if (minor !== null && minor > 0) return minor;
          ctx.addIssue({
            code: 'custom',
            message: 'Enter an amount like 150 or 150.50',
          });
          return z.NEVER;
        }),
    })
    .transform(
      (v): CreateQuoteRequestBody => ({
        categorySlug: v.categorySlug,
        description: v.description,
        ...(v.placeId ? { placeId: v.placeId } : { address: v.address || undefined }),
        windows: v.windows.map(windowOf),
        budget: v.budget,
      }),
    )
    .pipe(createQuoteRequestBodySchema);
}
