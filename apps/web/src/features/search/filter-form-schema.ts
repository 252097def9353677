import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/*
 * The filter panel's rules (features/search/filter-panel.tsx), in their own module: the panel
 * imports it on first validation, so a results page does not evaluate zod before it is used.
 */

/** A price typed in major units ("49.99"), or blank. */
const priceText = z
  .string()
  .trim()
  .refine(
    (s) => s === '' || /^\d{1,7}(\.\d{1,2})?$/.test(s),
    'Enter an amount such as 50 or 49.99',
  );

/** The filter panel's fields as typed; prices in major units of the search's currency. */
export const filterFormSchema = z
  .object({
    category: z.string(),
    minPrice: priceText,
    maxPrice: priceText,
    minRating: z.string(),
    date: z.string().refine((s) => s === '' || !Number.isNaN(Date.parse(s)), 'Pick a date'),
    radiusKm: z.string(),
  })
  // The contract's rule (vendorListQuerySchema), worded for this form.
  .refine(
    (v) => v.minPrice === '' || v.maxPrice === '' || Number(v.minPrice) <= Number(v.maxPrice),
    {
      path: ['minPrice'],
      message: 'The minimum must not be more than the maximum',
    },
  );
export type FilterForm = z.infer<typeof filterFormSchema>;

/** react-hook-form's resolver of {@link filterFormSchema}. */
export const filterFormResolver = zodResolver(filterFormSchema);
