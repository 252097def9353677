import type { Category } from '@vetted/contract';
import { FormField } from '@vetted/ui';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { CategorySelect } from '../category-select';

export interface CategoryFieldProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (react-hook-form). */
  control: Control<T, unknown, TOut>;
  /** The form value holding the category's slug. */
  name: FieldPathByValue<T, string>;
  /** Help text under the field. */
  hint: string;
  /** Every category (`GET /v1/categories`); undefined while loading. */
  categories?: readonly Category[];
  /** Classes of the field's wrapper (e.g. a grid span). */
  className?: string;
}

/**
 * The pro's required "Main category" field of a react-hook-form form (sign-up, business
 * profile): label, {@link CategorySelect} and the field's error.
 *
 * @typeParam T - the form's values; `TOut` what its resolver hands to submit.
 */
export function CategoryField<T extends FieldValues, TOut = T>({
  control,
  name,
  hint,
  categories,
  className,
}: CategoryFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField
      label="Main category"
      hint={hint}
      error={fieldState.error?.message}
      required
      className={className}
    >
      <CategorySelect
        // `name` only admits string values; react-hook-form cannot narrow a generic path's value.
        value={field.value as string}
        onChange={field.onChange}
        onBlur={field.onBlur}
        categories={categories}
      />
    </FormField>
  );
}
