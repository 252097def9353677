import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError, MESSAGES } from '@vetted/api-client';
import { phoneSchema, signupFieldsSchema } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  Button,
  FormField,
  Input,
  Label,
  PasswordInput,
  RadioGroup,
  RadioGroupItem,
} from '@vetted/ui';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, Redirect, useLocation, useSearchParams } from 'wouter';
import { z } from 'zod';
import { api } from '../../lib/vetted-api';
import { errorMessage } from '../../lib/errors';
import { useHydrated } from '../../lib/hydration';
import { applyServerFieldErrors, safeRedirect } from '../../lib/form';
import { homeFor, useSession } from '../../lib/session';
import { AuthCard, FormAlert } from './auth-card';

/** The contract's sign-up schema; the optional phone may be left blank in the form. */
const formSchema = signupFieldsSchema.extend({
  phone: z.union([z.literal(''), phoneSchema]).optional(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const FIELDS = ['fullName', 'email', 'phone', 'password', 'role'] as const;

export function SignupPage() {
  const hydrated = useHydrated();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [formError, setFormError] = React.useState<string | null>(null);
  const { role } = useSession();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      fullName: '',
      email: '',
      phone: '',
      password: '',
      role: params.get('role') === 'vendor' ? 'vendor' : 'customer',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const challenge = await api.auth.signup({
        ...values,
        phone: values.phone ? values.phone : undefined,
      });
      navigate(
        buildLink(ROUTES.otpVerification, {
          query: {
            challengeId: challenge.challengeId,
            email: challenge.email,
            purpose: 'signup',
            resendAt: challenge.resendAvailableAt,
            redirect,
          },
        }),
      );
    } catch (error) {
      if (isApiError(error) && error.errorCode === 'email_taken') {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (!applyServerFieldErrors(error, setError, FIELDS)) {
        setFormError(errorMessage(error, MESSAGES.tryAgain));
      }
    }
  });

  // Already signed in: nothing to do here.
  if (role) return <Redirect to={homeFor(role)} replace />;

  return (
    <AuthCard
      title="Create your account"
      description="Book vetted pros near you — or offer your own services."
      footer={
        <>
          Already have an account?{' '}
          <Link
            href={buildLink(ROUTES.login, { query: { redirect } })}
            className="font-medium text-link underline-offset-4 hover:underline"
          >
            Log in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">I want to</legend>
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <RadioGroup
                value={field.value}
                onValueChange={field.onChange}
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
          hint="Optional — lets your pro reach you on the day."
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
        <FormAlert message={formError} />
        <Button
          type="submit"
          size="lg"
          loading={isSubmitting}
          // Prerendered (issue #10): until the app has hydrated, the form cannot submit through
          // the API, and a native submit would put the password in the URL.
          disabled={!hydrated}
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
