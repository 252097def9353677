import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError } from '@vetted/api-client';
import {
  type GeocodeResult,
  phoneSchema,
  signupFieldsSchema,
  vendorBusinessSchema,
} from '@vetted/contract';
import * as React from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { whereIs } from '../../components/city-combobox';
import { useServerErrors } from '../../components/forms/use-server-errors';

/** The contract's sign-up fields; the optional phone may be left blank in the form. */
const accountSchema = signupFieldsSchema.omit({ business: true }).extend({
  phone: z.union([z.literal(''), phoneSchema]).optional(),
});

/**
 * The form's schema: a customer's account (any business fields typed before switching back are
 * dropped), or a pro's account with the business the contract's `vendorBusinessSchema` checks
 * (the sign-up body's cross-field rule, per field).
 */
const formSchema = z.discriminatedUnion('role', [
  accountSchema.extend({
    role: z.literal('customer'),
    business: z.unknown().transform(() => undefined),
  }),
  accountSchema.extend({ role: z.literal('vendor'), business: vendorBusinessSchema }),
]);

/** What the sign-up form holds: the account and, for a pro, the business. */
export type SignupFormInput = z.input<typeof accountSchema> & {
  role: 'customer' | 'vendor';
  business: z.input<typeof vendorBusinessSchema>;
};
/** What the sign-up form sends (`business` only for a pro). */
export type SignupFormOutput = z.output<typeof formSchema>;

/** Fields the server may name in a 422 (`error.fields`). */
const FIELDS = [
  'fullName',
  'email',
  'phone',
  'password',
  'role',
  'business.businessName',
  'business.primaryCategorySlug',
  'business.city',
  'business.country',
  'business.serviceRadiusKm',
] as const;

/** A new business's service radius until the pro changes it (km; the contract's default). */
const DEFAULT_RADIUS_KM = 25;

/**
 * State and actions of the sign-up form: the react-hook-form form starting as `defaultRole`, the
 * chosen role (`isPro`), the note under the pro's city (`cityNote`: where the picked city is),
 * what a city pick or a hand-typed city means for the business's country and coordinates, and
 * `onSubmit` through `send` (which rejects with the API error: a taken email lands on the email
 * field, field errors on theirs, anything else in `formError`).
 */
export function useSignupForm(
  defaultRole: 'customer' | 'vendor',
  send: (values: SignupFormOutput) => Promise<void>,
) {
  const [cityNote, setCityNote] = React.useState<string | null>(null);
  const form = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(formSchema) as unknown as Resolver<
      SignupFormInput,
      unknown,
      SignupFormOutput
    >,
    defaultValues: {
      fullName: '',
      email: '',
      phone: '',
      password: '',
      role: defaultRole,
      business: {
        businessName: '',
        primaryCategorySlug: '',
        city: '',
        serviceRadiusKm: DEFAULT_RADIUS_KM,
      },
    },
  });
  const { setValue, setError } = form;
  const { formError, submit } = useServerErrors(setError, FIELDS);
  const isPro = useWatch({ control: form.control, name: 'role' }) === 'vendor';

  /** The city was typed by hand: the server looks it up; the old coordinates are gone. */
  const typedCity = () => {
    setValue('business.country', undefined);
    setValue('business.lat', undefined);
    setValue('business.lng', undefined);
    setCityNote(null);
  };

  /** A city suggestion was picked: the business takes its country and coordinates. */
  const pickCity = (city: GeocodeResult) => {
    setValue('business.country', city.country);
    setValue('business.lat', city.lat);
    setValue('business.lng', city.lng);
    setCityNote(`${city.name}, ${whereIs(city)}`);
  };

  const onSubmit = form.handleSubmit((values) =>
    submit(async () => {
      try {
        await send(values);
      } catch (error) {
        // A taken email (409) names no field, yet it is the email field's to show.
        if (!isApiError(error) || error.errorCode !== 'email_taken') throw error;
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      }
    }),
  );

  return { form, isPro, cityNote, typedCity, pickCity, formError, onSubmit };
}
