import type { GeocodeResult } from '@vetted/contract';
import { Combobox, type ComboboxOption, type ComboboxProps } from '@vetted/ui';
import { countryName } from '../lib/countries';

/** "MA · United States": the second line of a city suggestion. */
export function whereIs(city: GeocodeResult): string {
  return [city.region, countryName(city.country)].filter(Boolean).join(' · ');
}

export type CityComboboxProps = Omit<
  ComboboxProps,
  | 'inputValue'
  | 'onInputValueChange'
  | 'options'
  | 'onSelectOption'
  | 'loading'
  | 'emptyMessage'
  | 'listLabel'
> & {
  /** Text in the field (controlled): the city's name once one is picked. */
  value: string;
  /** The text changed by hand: fetch suggestions for it (`GET /v1/geocode`, debounced by the caller). */
  onTextChange: (text: string) => void;
  /** City suggestions for the text typed last, best first. */
  cities: readonly GeocodeResult[];
  /** Suggestions are being fetched. @defaultValue false */
  searching?: boolean;
  /** A suggestion was picked: its name, country, coordinates and time zone. */
  onPick: (city: GeocodeResult) => void;
};

/**
 * The city type-ahead of the app (Saved places, the pro's sign-up and business profile): a
 * {@link Combobox} of `GET /v1/geocode` suggestions, each with its region and country on a second
 * line. Fetching is the caller's (see `useGeocode` / `useCitySearch`); inside a `FormField` the
 * input gets the field's id, description and invalid state.
 */
export function CityCombobox({
  value,
  onTextChange,
  cities,
  searching = false,
  onPick,
  ...props
}: CityComboboxProps) {
  const options: ComboboxOption[] = cities.map((c) => ({
    value: String(c.id),
    label: c.name,
    description: whereIs(c),
  }));
  return (
    <Combobox
      autoComplete="off"
      {...props}
      inputValue={value}
      onInputValueChange={onTextChange}
      options={options}
      loading={searching}
      emptyMessage="No city found with that name"
      listLabel="Cities"
      onSelectOption={(option) => {
        const city = cities.find((c) => String(c.id) === option.value);
        if (city) onPick(city);
      }}
    />
  );
}
