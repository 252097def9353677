import type { Category } from '@vetted/contract';
import useSWR from 'swr';

/** `GET /v1/categories` — every service category (public). */
export function useCategories() {
  return useSWR<Category[]>(['/categories'], { revalidateOnFocus: false });
}
