import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@vetted/ui';
import { COUNTRY_OPTIONS } from '../../lib/countries';

export interface CountrySelectProps {
  /** The chosen country (ISO 3166-1 alpha-2 code). */
  value: string;
  /** Called with the code of the country picked. */
  onChange: (code: string) => void;
  onBlur?: () => void;
}

/**
 * A country picker (saved places, the pro's business profile, the bank account): a Select of
 * every country the contract accepts, by English name, valued by code. Inside a `FormField` the
 * trigger is the labelled control.
 */
export function CountrySelect({ value, onChange, onBlur }: CountrySelectProps) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger onBlur={onBlur}>
        <SelectValue placeholder="Choose a country" />
      </SelectTrigger>
      <SelectContent>
        {COUNTRY_OPTIONS.map((c) => (
          <SelectItem key={c.code} value={c.code}>
            {c.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
