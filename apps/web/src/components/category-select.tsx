import type { Category } from '@vetted/contract';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@vetted/ui';

export interface CategorySelectProps {
  /** The chosen category's slug ('' for none yet). */
  value: string;
  /** Called with the slug of the category picked. */
  onChange: (slug: string) => void;
  onBlur?: () => void;
  /** Every category (`GET /v1/categories`); undefined while loading (the trigger is disabled). */
  categories?: readonly Category[];
  /** Shown before a category is chosen. @defaultValue 'Choose a category' */
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A service category picker (the pro's sign-up and business profile): a Select of
 * every category by name, valued by slug. Inside a `FormField` the trigger is the labelled
 * control.
 */
export function CategorySelect({
  value,
  onChange,
  onBlur,
  categories,
  placeholder = 'Choose a category',
  disabled,
}: CategorySelectProps) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled || !categories}>
      <SelectTrigger onBlur={onBlur}>
        <SelectValue placeholder={categories ? placeholder : 'Loading categories…'} />
      </SelectTrigger>
      <SelectContent>
        {(categories ?? []).map((c) => (
          <SelectItem key={c.slug} value={c.slug}>
            {c.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
