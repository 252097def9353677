import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError, MESSAGES } from '@vetted/api-client';
import {
  type Category,
  type GeocodeResult,
  phoneSchema,
  signupFieldsSchema,
  vendorBusinessSchema,
} from '@vetted/contract';
import { ROUTES } from '@vetted/session';
import {
  Alert,
  AlertDescription,
  Button,
  FormField,
  Input,
  Label,
  PasswordInput,
  RadioGroup,
  RadioGroupItem,
} from '@vetted/ui';
import * as React from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { CategorySelect } from '../../components/category-select';
import { CityCombobox, whereIs } from '../../components/city-combobox';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { AuthCard } from './auth-card';

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

export interface SignupViewProps {
  /** The account type chosen at first (`?role=vendor` from "Offer your services"). */
  defaultRole: 'customer' | 'vendor';
  /** Where "Log in" leads (keeps the `redirect` query). */
  loginHref: string;
  /** Every category (`GET /v1/categories`), for a pro's main category; undefined while loading. */
  categories?: readonly Category[];
  /** City suggestions for the text typed last (`GET /v1/geocode`). */
  cities: readonly GeocodeResult[];
  /** Suggestions are being fetched. */
  citySearching?: boolean;
  /** The city field's text changed: fetch suggestions for it. */
  onCityTextChange: (text: string) => void;
  /** The chosen account type changed (the page fetches categories for a pro only). */
  onRoleChange?: (role: 'customer' | 'vendor') => void;
  /**
   * Creates the account (`POST /v1/auth/signup`) and moves on to the code. Rejects with the API's
   * error: a taken email or field errors show on their fields, anything else above the button.
   */
  onSubmit: (values: SignupFormOutput) => Promise<void>;
  /**
   * Submitting is not possible yet (prerendered, before hydration: a native submit would put
   * the password in the URL). @defaultValue false
   */
  submitDisabled?: boolean;
}

/**
 * The sign-up form: account type ("I'm a customer" / "I offer services"), name, email, phone,
 * password and — for a pro — the business: name, main category, city (type-ahead
 * giving the coordinates and country) and service radius.
 */
export function SignupView({
  defaultRole,
  loginHref,
  categories,
  cities,
  citySearching,
  onCityTextChange,
  onRoleChange,
  onSubmit,
  submitDisabled = false,
}: SignupViewProps) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const [cityNote, setCityNote] = React.useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormInput, unknown, SignupFormOutput>({
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
  const role = useWatch({ control, name: 'role' });
  const isPro = role === 'vendor';

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (isApiError(error) && error.errorCode === 'email_taken') {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (!applyServerFieldErrors(error, setError, FIELDS)) {
        setFormError(errorMessage(error, MESSAGES.tryAgain));
      }
    }
  });

  return (
    <AuthCard
      title={isPro ? 'Create your pro account' : 'Create your account'}
      description={
        isPro
          ? 'Tell us about your business. You finish your profile and get vetted after this.'
          : 'Book vetted pros near you — or offer your own services.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link
            href={loginHref}
            className="font-medium text-link underline-offset-4 hover:underline"
          >
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">I want to</legend>
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <RadioGroup
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  onRoleChange?.(value as 'customer' | 'vendor');
                }}
                className="grid grid-cols-1 gap-2 sm:grid-cols-2"
                aria-label="Account type"
              >
                {(
                  [
                    ['customer', "I'm a customer", 'Find and book pros'],
                    ['vendor', 'I offer services', 'Get booked by customers'],
                  ] as const
                ).map(([value, label, hint]) => (
                  <Label
                    key={value}
                    htmlFor={`role-${value}`}
                    className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft"
                  >
                    <RadioGroupItem id={`role-${value}`} value={value} className="mt-0.5" />
                    <span className="flex flex-col">
                      <span className="font-medium">{label}</span>
                      <span className="text-xs font-normal text-muted">{hint}</span>
                    </span>
                  </Label>
                ))}
              </RadioGroup>
            )}
          />
        </fieldset>
        <FormField label="Full name" error={errors.fullName?.message} required>
          <Input autoComplete="name" {...register('fullName')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <FormField
          label="Phone"
          hint={
            isPro
              ? 'Optional — lets your customers reach you on the day.'
              : 'Optional — lets your pro reach you on the day.'
          }
          error={errors.phone?.message}
        >
          <Input type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />
        </FormField>
        <FormField
          label="Password"
          hint="At least 8 characters."
          error={errors.password?.message}
          required
        >
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </FormField>

        {isPro ? (
          <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
            <legend className="px-1 text-sm font-medium">Your business</legend>
            <FormField
              label="Business name"
              hint="As customers will see it."
              error={errors.business?.businessName?.message}
              required
            >
              <Input autoComplete="organization" {...register('business.businessName')} />
            </FormField>
            <Controller
              control={control}
              name="business.primaryCategorySlug"
              render={({ field }) => (
                <FormField
                  label="Main category"
                  hint="You can offer services in other categories later."
                  error={errors.business?.primaryCategorySlug?.message}
                  required
                >
                  <CategorySelect
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    categories={categories}
                  />
                </FormField>
              )}
            />
            <Controller
              control={control}
              name="business.city"
              render={({ field }) => (
                <FormField
                  label="City"
                  hint={cityNote ?? 'Where you work from. Start typing and pick it from the list.'}
                  error={errors.business?.city?.message}
                  required
                >
                  <CityCombobox
                    name={field.name}
                    value={field.value ?? ''}
                    onTextChange={(text) => {
                      field.onChange(text);
                      // Typed by hand: the server looks the city up; old coordinates are gone.
                      setValue('business.country', undefined);
                      setValue('business.lat', undefined);
                      setValue('business.lng', undefined);
                      setCityNote(null);
                      onCityTextChange(text);
                    }}
                    onBlur={field.onBlur}
                    cities={cities}
                    searching={citySearching}
                    onPick={(city) => {
                      field.onChange(city.name);
                      setValue('business.country', city.country);
                      setValue('business.lat', city.lat);
                      setValue('business.lng', city.lng);
                      setCityNote(`${city.name}, ${whereIs(city)}`);
                    }}
                  />
                </FormField>
              )}
            />
            <FormField
              label="Service radius (km)"
              hint="How far from your city you travel to jobs, 1 to 500 km."
              error={errors.business?.serviceRadiusKm?.message}
              required
            >
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={500}
                step={1}
                {...register('business.serviceRadiusKm', { valueAsNumber: true })}
              />
            </FormField>
          </fieldset>
        ) : null}

        {formError ? (
          <Alert variant="danger" role="alert">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        ) : null}
        <Button
          type="submit"
          size="lg"
          loading={isSubmitting}
          disabled={submitDisabled}
          className="w-full"
        >
          Create account
        </Button>
        <p className="text-center text-xs text-muted">
          By signing up you accept the{' '}
          <Link href={ROUTES.userAgreement} className="text-link underline underline-offset-4">
            user agreement
          </Link>{' '}
          and{' '}
          <Link href={ROUTES.privacy} className="text-link underline underline-offset-4">
            privacy policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
