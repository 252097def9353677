import type { Category, GeocodeResult } from '@vetted/contract';
import { ROUTES } from '@vetted/session';
import { Button, FormField, Input, PasswordInput } from '@vetted/ui';
import { Link } from 'wouter';
import { FormError } from '../../components/forms/form-error';
import { AuthCard } from './auth-card';
import { ProBusinessFields, RoleChoice } from './signup-parts';
import { type SignupFormOutput, useSignupForm } from './use-signup-form';

export type { SignupFormInput, SignupFormOutput } from './use-signup-form';

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
  const signup = useSignupForm(defaultRole, onSubmit);
  const { isPro, form } = signup;
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

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
      <form noValidate onSubmit={signup.onSubmit} className="flex flex-col gap-4">
        <RoleChoice control={form.control} onRoleChange={onRoleChange} />
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
          <ProBusinessFields
            form={form}
            categories={categories}
            cities={cities}
            citySearching={citySearching}
            onCityTextChange={onCityTextChange}
            cityNote={signup.cityNote}
            onCityTyped={signup.typedCity}
            onCityPick={signup.pickCity}
          />
        ) : null}

        <FormError message={signup.formError} />
        <Button
          type="submit"
          size="lg"
          loading={isSubmitting}
          disabled={submitDisabled}
          className="w-full"
        >
          Create account
        </Button>
        <SignupTerms />
      </form>
    </AuthCard>
  );
}

/** The agreement a sign-up accepts, with links to the user agreement and privacy policy. */
function SignupTerms() {
  return (
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
  );
}
