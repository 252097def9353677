import { FormField } from '@vetted/ui';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { CountrySelect } from './country-select';

export interface CountryFieldProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (react-hook-form). */
  control: Control<T, unknown, TOut>;
  /** The form value holding the country code. */
  name: FieldPathByValue<T, string>;
  /** Visible label. @defaultValue 'Country' */
  label?: string;
  /** Called after the field took a new code (e.g. to forget coordinates that no longer fit). */
  onChange?: (code: string) => void;
}

/**
 * A required country field of a react-hook-form form: label, {@link CountrySelect} and the
 * field's error (the schema's or the server's).
 *
 * @typeParam T - the form's values; `TOut` what its resolver hands to submit.
 */
export function CountryField<T extends FieldValues, TOut = T>({
  control,
  name,
  label = 'Country',
  onChange,
}: CountryFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField label={label} error={fieldState.error?.message} required>
      <CountrySelect
        // `name` only admits string values; react-hook-form cannot narrow a generic path's value.
        value={field.value as string}
        onChange={(code) => {
          field.onChange(code);
          onChange?.(code);
        }}
        onBlur={field.onBlur}
      />
    </FormField>
  );
}
