import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vetted/api-client';
import {
  OTP_LENGTH,
  type OtpChallenge,
  type PasswordForgotBody,
  passwordForgotBodySchema,
  passwordResetBodySchema,
} from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Button,
  FormField,
  Input,
  OtpInput,
  PasswordInput,
  Spinner,
} from '@vetted/ui';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { AuthCard } from './auth-card';

/** Step 2: the contract's reset body without the challenge id, plus a confirmation. */
const resetFormSchema = passwordResetBodySchema
  .omit({ challengeId: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type ResetFormInput = z.input<typeof resetFormSchema>;
type ResetFormOutput = z.output<typeof resetFormSchema>;

/** What step 2 submits: the mailed code and the new password. */
export interface ResetValues {
  code: string;
  password: string;
}

export interface ForgotPasswordViewProps {
  /** The challenge after a code was requested (step 2); null shows step 1 (the address). */
  challenge: OtpChallenge | null;
  /** Address to start with (e.g. from the login form). */
  defaultEmail?: string;
  /** Asks for a code. Reject to show the error (field errors land on the field). */
  onRequestCode: (values: PasswordForgotBody) => Promise<void>;
  /** Sets the new password. Reject to show the error, e.g. "Incorrect code. 4 attempts left". */
  onReset: (values: ResetValues) => Promise<void>;
  /** Mails a new code for the challenge. */
  onResend: () => Promise<void>;
  /** Back to step 1, to use another address. */
  onStartAgain: () => void;
  /** Where "Back to log in" goes. */
  loginHref: string;
}

/**
 * Password reset by mailed code, in two steps: the address, then the code and the
 * new password. Says the same whether or not the address has an account.
 */
export function ForgotPasswordView(props: ForgotPasswordViewProps) {
  const footer = (
    <>
      Remembered it?{' '}
      <Link
        href={props.loginHref}
        className="font-medium text-link underline-offset-4 hover:underline"
      >
        Back to log in
      </Link>
    </>
  );
  if (!props.challenge) {
    return (
      <AuthCard
        title="Reset your password"
        description="Enter the email address of your account. If it has one, we will send a code to choose a new password."
        footer={footer}
      >
        <EmailStep defaultEmail={props.defaultEmail ?? ''} onRequestCode={props.onRequestCode} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      description={
        <>
          If <strong className="text-fg">{props.challenge.email}</strong> has a Vetted account, we
          sent it a {OTP_LENGTH}-digit code. It expires in 10 minutes. A new password signs you out
          on every device.
        </>
      }
      footer={footer}
    >
      <ResetStep
        key={props.challenge.challengeId}
        onReset={props.onReset}
        onResend={props.onResend}
        onStartAgain={props.onStartAgain}
      />
    </AuthCard>
  );
}

function EmailStep({
  defaultEmail,
  onRequestCode,
}: Pick<ForgotPasswordViewProps, 'onRequestCode'> & { defaultEmail: string }) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof passwordForgotBodySchema>, unknown, PasswordForgotBody>({
    resolver: zodResolver(passwordForgotBodySchema),
    defaultValues: { email: defaultEmail },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onRequestCode(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['email'])) {
        setFormError(errorMessage(error, MESSAGES.tryAgain));
      }
    }
  });
  return (
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
      {formError ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
        Send code
      </Button>
    </form>
  );
}

function ResetStep({
  onReset,
  onResend,
  onStartAgain,
}: Pick<ForgotPasswordViewProps, 'onReset' | 'onResend' | 'onStartAgain'>) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const [resending, setResending] = React.useState(false);
  const [status, setStatus] = React.useState('');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetFormInput, unknown, ResetFormOutput>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { code: '', password: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ code, password }) => {
    setFormError(null);
    try {
      await onReset({ code, password });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['code', 'password'])) {
        setFormError(errorMessage(error, MESSAGES.tryAgain));
      }
    }
  });
  const resend = async () => {
    setResending(true);
    setFormError(null);
    setStatus('');
    try {
      await onResend();
      setStatus('If the address has an account, a new code is on its way.');
    } catch (error) {
      setFormError(errorMessage(error, MESSAGES.tryAgain));
    } finally {
      setResending(false);
    }
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Controller
        control={control}
        name="code"
        render={({ field }) => (
          <FormField label="Code" error={errors.code?.message} required>
            <OtpInput
              // Six 44 px cells fit a 375 px screen's card only with narrower gaps.
              className="gap-1 sm:gap-2"
              length={OTP_LENGTH}
              value={field.value}
              onChange={field.onChange}
              autoFocus
              disabled={isSubmitting}
            />
          </FormField>
        )}
      />
      <FormField label="New password" error={errors.password?.message} required>
        <PasswordInput autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label="Repeat the new password" error={errors.confirmPassword?.message} required>
        <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      {formError ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <p className={status ? 'text-sm text-muted' : 'sr-only'} aria-live="polite">
        {status}
      </p>
      <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
        Set new password
      </Button>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm">
        <Button type="button" variant="link" onClick={resend} disabled={resending}>
          {resending ? <Spinner size="sm" /> : null}
          Send a new code
        </Button>
        <Button type="button" variant="link" onClick={onStartAgain}>
          Use another email
        </Button>
      </div>
    </form>
  );
}
