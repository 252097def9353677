import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateAddressBody,
  createAddressBodySchema,
  type GeocodeResult,
  type SavedAddress,
} from '@vetted/contract';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { whereIs } from '../../components/city-combobox';
import { thrownMessage, useServerErrors } from '../../components/forms/use-server-errors';

/** What the place form holds (the contract's create body, before parsing). */
export type PlaceFormInput = z.input<typeof createAddressBodySchema>;

/** A position the browser shared, with the nearest city when there is one within 50 km. */
export interface LocatedPosition {
  lat: number;
  lng: number;
  city: GeocodeResult | null;
}

/** Fields the server may name in a 422 (`error.fields`). */
const FORM_FIELDS = ['label', 'line1', 'city', 'postcode', 'country', 'isDefault'] as const;

export interface PlaceFormOptions {
  /** The place being edited; a new place when unset. */
  place?: SavedAddress;
  /** A position the browser shared: a new place starts from it (and its city). */
  shared?: LocatedPosition;
  /** A new place's country without a shared city (ISO 3166-1 alpha-2). */
  defaultCountry: string;
  /** The browser's position and the city there; rejects with a message a person can act on. */
  onLocate?: () => Promise<LocatedPosition>;
  /** Saves the parsed place; rejects with the API error. */
  onSubmit: (values: CreateAddressBody) => Promise<void>;
}

/** The form's first values: the place edited, else a new one from the shared position. */
function defaultsOf({ place, shared, defaultCountry }: PlaceFormOptions): PlaceFormInput {
  if (place) {
    return {
      label: place.label,
      line1: place.line1,
      city: place.city,
      postcode: place.postcode ?? '',
      country: place.country,
      lat: place.lat,
      lng: place.lng,
    };
  }
  return {
    label: shared ? 'Home' : '',
    line1: '',
    city: shared?.city?.name ?? '',
    postcode: '',
    country: shared?.city?.country ?? defaultCountry,
    lat: shared?.lat,
    lng: shared?.lng,
    isDefault: false,
  };
}

/**
 * State and actions of the saved-place form: the react-hook-form form (validated with the
 * contract's `createAddressBodySchema`), the note on where the position came from (`located`),
 * "Use my current location" (`locate`), what a city pick or a hand-made change means for the
 * coordinates, and `onSubmit` with the server's field errors on their fields.
 */
export function usePlaceForm(options: PlaceFormOptions) {
  const { shared, onLocate } = options;
  const form = useForm<PlaceFormInput, unknown, CreateAddressBody>({
    resolver: zodResolver(createAddressBodySchema),
    defaultValues: defaultsOf(options),
  });
  const { setValue, getValues } = form;
  const { formError, setFormError, submit } = useServerErrors(
    form.setError,
    FORM_FIELDS,
    thrownMessage,
  );
  const [locating, setLocating] = React.useState(false);
  const [located, setLocated] = React.useState<string | null>(
    shared?.city
      ? `We started from the location you shared, near ${shared.city.name}, ${whereIs(shared.city)}.`
      : null,
  );

  /** The city or country changed by hand: the old coordinates no longer describe the place. */
  const forgetPosition = () => {
    setValue('lat', undefined);
    setValue('lng', undefined);
    setLocated(null);
  };

  /** A city suggestion was picked: its country and coordinates describe the place. */
  const pickCity = (city: GeocodeResult) => {
    setValue('country', city.country, { shouldValidate: true });
    setValue('lat', city.lat);
    setValue('lng', city.lng);
    setLocated(null);
  };

  const locate = async () => {
    if (!onLocate) return;
    setLocating(true);
    setFormError(null);
    try {
      const found = await onLocate();
      setValue('lat', found.lat);
      setValue('lng', found.lng);
      if (found.city) {
        setValue('city', found.city.name, { shouldValidate: true });
        setValue('country', found.city.country, { shouldValidate: true });
        setLocated(`Found you near ${found.city.name}, ${whereIs(found.city)}.`);
      } else {
        setLocated('Found your position. Type the city you are in.');
      }
      if (!getValues('label')) setValue('label', 'Home');
    } catch (err) {
      setFormError((err as Error).message);
    } finally {
      setLocating(false);
    }
  };

  const onSubmit = form.handleSubmit((values) => submit(() => options.onSubmit(values)));

  return { form, formError, located, locating, locate, forgetPosition, pickCity, onSubmit };
}
