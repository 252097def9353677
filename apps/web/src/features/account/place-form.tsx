import type { CreateAddressBody, GeocodeResult, SavedAddress } from '@vetted/contract';
import { Button, Card, Checkbox, FormField, Input, Label } from '@vetted/ui';
import { CircleAlert, LocateFixed } from 'lucide-react';
import * as React from 'react';
import { Controller } from 'react-hook-form';
import { CityField } from '../../components/forms/city-field';
import { CountryField } from '../../components/forms/country-field';
import { FormButtons } from '../../components/forms/form-buttons';
import { FormError } from '../../components/forms/form-error';
import { type LocatedPosition, usePlaceForm } from './use-place-form';

export interface PlaceFormProps {
  /** The place being edited; a new place when unset. */
  place?: SavedAddress;
  /** A position the browser shared: a new place starts from it. */
  shared?: LocatedPosition;
  /** Offer "Make this my default place" (not for the first place, nor the default itself). */
  canChooseDefault: boolean;
  /** A new place's country without a shared city (ISO 3166-1 alpha-2). */
  defaultCountry: string;
  /** City suggestions for the text typed last (`GET /v1/geocode`). */
  cityOptions: GeocodeResult[];
  /** Suggestions are being fetched. */
  citySearching?: boolean;
  /** The city field's text changed: fetch suggestions for it. */
  onCityTextChange: (text: string) => void;
  /** "Use my current location"; the button is hidden when unset. */
  onLocate?: () => Promise<LocatedPosition>;
  /** Saves the place; rejects with the API error (field errors land on their fields). */
  onSubmit: (values: CreateAddressBody) => Promise<void>;
  /** Shows "Cancel" (there are places to go back to). */
  onCancel?: () => void;
}

/**
 * The form to add or edit a saved place: name, street, city (type-ahead giving the country and
 * coordinates), postcode, country, optionally "make it the default", with "Use my current
 * location" as a shortcut above it.
 */
export function PlaceForm({ place, canChooseDefault, onCancel, ...props }: PlaceFormProps) {
  const { form, formError, located, locating, locate, forgetPosition, pickCity, onSubmit } =
    usePlaceForm({ place, ...props });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const titleId = React.useId();

  return (
    <Card className="gap-5" aria-labelledby={titleId} role="region">
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {place ? `Edit “${place.label}”` : 'Add a place'}
        </h2>
        <p className="text-sm text-muted">
          Type the address; the city suggestions fill in the rest.
        </p>
      </div>
      {props.onLocate ? (
        <LocateShortcut onLocate={locate} locating={locating} located={located} />
      ) : null}
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit}>
        <FormField
          label="Name"
          hint="How you call it: Home, Office…"
          error={errors.label?.message}
          required
        >
          <Input autoComplete="off" placeholder="Home" {...register('label')} />
        </FormField>
        <FormField
          label="Street and number"
          hint="Flat or floor too, for the pro."
          error={errors.line1?.message}
          required
        >
          <Input autoComplete="address-line1" {...register('line1')} />
        </FormField>
        <CityField
          control={control}
          name="city"
          cities={props.cityOptions}
          searching={props.citySearching}
          onSearch={props.onCityTextChange}
          onTyped={forgetPosition}
          onPick={pickCity}
        />
        <FormField label="Postcode" error={errors.postcode?.message}>
          <Input autoComplete="postal-code" {...register('postcode')} />
        </FormField>
        <CountryField control={control} name="country" onChange={forgetPosition} />
        {canChooseDefault ? (
          <Controller
            control={control}
            name="isDefault"
            render={({ field }) => (
              <div className="flex items-center gap-2 sm:col-span-2">
                <Checkbox
                  id={`${titleId}-default`}
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <Label htmlFor={`${titleId}-default`}>
                  Make this my default place (distances, pros near you, checkout)
                </Label>
              </div>
            )}
          />
        ) : null}
        <FormError
          message={formError}
          icon={<CircleAlert aria-hidden="true" />}
          className="sm:col-span-2"
        />
        <FormButtons
          submitLabel={place ? 'Save changes' : 'Save place'}
          submitting={isSubmitting}
          onCancel={onCancel}
        />
      </form>
    </Card>
  );
}

/** "Use my current location" and what it found (announced politely as it changes). */
function LocateShortcut({
  onLocate,
  locating,
  located,
}: {
  onLocate: () => void;
  locating: boolean;
  located: string | null;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        variant="outline"
        onClick={onLocate}
        loading={locating}
        className="self-start"
      >
        <LocateFixed aria-hidden="true" /> Use my current location
      </Button>
      <p aria-live="polite" className="text-sm text-muted">
        {located}
      </p>
    </div>
  );
}
