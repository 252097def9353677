import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vetted/api-client';
import { type LoginBody, loginBodySchema } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Alert, AlertDescription, Button, FormField, Input, PasswordInput } from '@vetted/ui';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { Link, Redirect, useLocation, useSearchParams } from 'wouter';
import type { z } from 'zod';
import { api } from '../../lib/vetted-api';
import { errorMessage } from '../../lib/errors';
import { useHydrated } from '../../lib/hydration';
import { applyServerFieldErrors, safeRedirect } from '../../lib/form';
import { homeFor, useSession } from '../../lib/session';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const hydrated = useHydrated();
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [formError, setFormError] = React.useState<string | null>(null);
  const { role } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof loginBodySchema>, unknown, LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const challenge = await api.auth.login(values);
      navigate(
        buildLink(ROUTES.otpVerification, {
          query: {
            challengeId: challenge.challengeId,
            email: challenge.email,
            purpose: 'login',
            resendAt: challenge.resendAvailableAt,
            redirect,
          },
        }),
      );
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['email', 'password'])) {
        setFormError(errorMessage(error, MESSAGES.tryAgain));
      }
    }
  });

  // Already signed in: nothing to do here.
  if (role) return <Redirect to={homeFor(role)} replace />;

  return (
    <AuthCard
      title="Welcome back"
      description="Log in with your email and password. We will send you a one-time code."
      footer={
        <>
          New to Vetted?{' '}
          <Link
            href={buildLink(ROUTES.signup, { query: { redirect } })}
            className="font-medium text-link underline-offset-4 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField label="Email" error={errors.email?.message} required>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            {...register('email')}
          />
        </FormField>
        <FormField label="Password" error={errors.password?.message} required>
          <PasswordInput autoComplete="current-password" {...register('password')} />
        </FormField>
        <p className="-mt-2 text-right text-sm">
          <Link
            href={buildLink(ROUTES.forgotPassword, {
              query: { email: watch('email') || undefined },
            })}
            className="font-medium text-link underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </p>
        {formError ? (
          <Alert variant="danger" role="alert">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        ) : null}
        <Button
          type="submit"
          size="lg"
          loading={isSubmitting}
          // Prerendered: until the app has hydrated, the form cannot submit through
          // the API, and a native submit would put the password in the URL.
          disabled={!hydrated}
          className="w-full"
        >
          Log in
        </Button>
      </form>
    </AuthCard>
  );
}
