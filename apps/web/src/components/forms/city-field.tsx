import type { GeocodeResult } from '@vetted/contract';
import { FormField } from '@vetted/ui';
import type * as React from 'react';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { CityCombobox } from '../city-combobox';

export interface CityFieldProps<T extends FieldValues, TOut = T> {
  /** The form's `control` (react-hook-form). */
  control: Control<T, unknown, TOut>;
  /** The form value holding the city's name. */
  name: FieldPathByValue<T, string>;
  /** Help text under the field. @defaultValue 'Start typing and pick your city from the list.' */
  hint?: React.ReactNode;
  /** City suggestions for the text typed last (`GET /v1/geocode`). */
  cities: readonly GeocodeResult[];
  /** Suggestions are being fetched. @defaultValue false */
  searching?: boolean;
  /** The text changed by hand: fetch suggestions for it. Called after `onTyped`. */
  onSearch: (text: string) => void;
  /** The text changed by hand: coordinates (and anything said about them) no longer fit. */
  onTyped?: () => void;
  /** A suggestion was picked (the field already holds its name): take its country and position. */
  onPick: (city: GeocodeResult) => void;
}

/**
 * A required city field of a react-hook-form form: label, {@link CityCombobox} type-ahead and the
 * field's error (the schema's, or the server's "unknown city"). The field holds the text; what a
 * pick or a keystroke means for the country and coordinates is the form's (`onPick`, `onTyped`).
 *
 * @typeParam T - the form's values; `TOut` what its resolver hands to submit.
 */
export function CityField<T extends FieldValues, TOut = T>({
  control,
  name,
  hint = 'Start typing and pick your city from the list.',
  cities,
  searching,
  onSearch,
  onTyped,
  onPick,
}: CityFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField label="City" hint={hint} error={fieldState.error?.message} required>
      <CityCombobox
        name={field.name}
        // `name` only admits string values; react-hook-form cannot narrow a generic path's value.
        value={(field.value as string | undefined) ?? ''}
        onTextChange={(text) => {
          field.onChange(text);
          onTyped?.();
          onSearch(text);
        }}
        onBlur={field.onBlur}
        cities={cities}
        searching={searching}
        onPick={(city) => {
          field.onChange(city.name);
          onPick(city);
        }}
      />
    </FormField>
  );
}
