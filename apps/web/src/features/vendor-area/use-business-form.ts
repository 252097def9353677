import { zodResolver } from '@hookform/resolvers/zod';
import {
  type GeocodeResult,
  updateVendorProfileBodySchema,
  type VendorOwnProfile,
} from '@vetted/contract';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { thrownMessage, useServerErrors } from '../../components/forms/use-server-errors';

/** What the business form holds (the contract's `PUT /v1/vendor/profile` body, before parsing). */
export type BusinessFormInput = z.input<typeof updateVendorProfileBodySchema>;
/** What the business form sends (parsed: trimmed, country upper-cased, defaults applied). */
export type BusinessFormOutput = z.output<typeof updateVendorProfileBodySchema>;

/** Fields the server may name in a 422 (`error.fields`). */
const FORM_FIELDS = [
  'businessName',
  'tagline',
  'bio',
  'primaryCategorySlug',
  'city',
  'country',
  'serviceRadiusKm',
] as const;

function defaultsOf(profile: VendorOwnProfile): BusinessFormInput {
  const p = profile.profile;
  return {
    businessName: p.businessName,
    tagline: p.tagline,
    bio: p.bio,
    primaryCategorySlug: p.primaryCategory.slug,
    city: p.city,
    country: p.country,
    lat: p.lat,
    lng: p.lng,
    serviceRadiusKm: p.serviceRadiusKm,
  };
}

/**
 * State and actions of the business profile form: the react-hook-form form started from
 * `profile` (validated with the contract's `updateVendorProfileBodySchema`), the values as typed
 * (`watched`, for the counter and the preview), what a city pick or a hand-made change means for
 * the coordinates, and `onSubmit`: saves through `onSave` (which rejects with the API error: field
 * errors land on their fields, anything else in `formError`), then takes the saved values as the
 * new starting point.
 */
export function useBusinessForm(
  profile: VendorOwnProfile,
  onSave: (values: BusinessFormOutput) => Promise<void>,
) {
  const form = useForm<BusinessFormInput, unknown, BusinessFormOutput>({
    resolver: zodResolver(updateVendorProfileBodySchema),
    defaultValues: defaultsOf(profile),
  });
  const { setValue, reset } = form;
  const { formError, submit } = useServerErrors(form.setError, FORM_FIELDS, thrownMessage);
  const watched = useWatch({ control: form.control });

  /** The city or country changed by hand: the old coordinates no longer describe it. */
  const forgetPosition = () => {
    setValue('lat', undefined);
    setValue('lng', undefined);
  };

  /** A city suggestion was picked: its country and coordinates describe the business. */
  const pickCity = (city: GeocodeResult) => {
    setValue('country', city.country, { shouldValidate: true });
    setValue('lat', city.lat);
    setValue('lng', city.lng);
  };

  const onSubmit = form.handleSubmit((values) =>
    submit(async () => {
      await onSave(values);
      reset(values);
    }),
  );

  return { form, watched, formError, forgetPosition, pickCity, onSubmit };
}
