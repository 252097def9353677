import * as React from 'react';
import { useGeocode } from '../../features/account/use-addresses';

/**
 * The state behind a {@link CityCombobox} (components/city-combobox.tsx): the text typed last and
 * its `GET /v1/geocode` suggestions (debounced, see `useGeocode`), ranked nearer `near` when
 * given. `cities` is empty for blank text; `searching` is true while typing has not paused or an
 * answer is on its way.
 */
export function useCitySearch(near?: { lat: number; lng: number } | null) {
  const [text, setText] = React.useState('');
  const suggestions = useGeocode(text, near);
  const blank = !text.trim();
  return {
    /** Call with every keystroke of the city field. */
    setText,
    cities: blank ? [] : (suggestions.data ?? []),
    searching: !blank && suggestions.pending,
  };
}
