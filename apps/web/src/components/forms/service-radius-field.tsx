import { FormField, Input } from '@vetted/ui';
import type * as React from 'react';

export type ServiceRadiusFieldProps = React.ComponentProps<typeof Input> & {
  /** The field's error message (the schema's or the server's). */
  error?: string;
};

/**
 * The pro's required "Service radius (km)" field (sign-up, business profile): a whole number of
 * km within the contract's bounds, 1 to 500. Spread `register(name, { valueAsNumber: true })`
 * into it so the form holds a number.
 */
export function ServiceRadiusField({ error, ...props }: ServiceRadiusFieldProps) {
  return (
    <FormField
      label="Service radius (km)"
      hint="How far from your city you travel to jobs, 1 to 500 km."
      error={error}
      required
    >
      <Input type="number" inputMode="numeric" min={1} max={500} step={1} {...props} />
    </FormField>
  );
}
