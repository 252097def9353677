import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBodySchema, type PasswordChanged } from '@vetted/contract';
import { Alert, AlertDescription, Button, Card, FormField, PasswordInput } from '@vetted/ui';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';

/** The contract's body (sign-up rules for the new password) plus a repeat of it. */
const formSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export interface PasswordChangeViewProps {
  /**
   * Changes the password; resolves with how many other sessions ended. Reject to show the error
   * (a wrong current password lands on its field).
   */
  onChangePassword: (values: {
    currentPassword: string;
    newPassword: string;
  }) => Promise<PasswordChanged>;
}

/** What a finished change says: it worked, and which other devices were signed out. */
function doneMessage(result: PasswordChanged): string {
  const n = result.otherSessionsEnded;
  if (n === 0) return 'Password changed. You stay signed in here.';
  return `Password changed. ${n} other ${n === 1 ? 'device was' : 'devices were'} signed out; you stay signed in here.`;
}

/**
 * "Password" section of the profile: the current password, the new one (the sign-up
 * rules) twice. Other devices are signed out; this one stays signed in.
 */
export function PasswordChangeView({ onChangePassword }: PasswordChangeViewProps) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const [done, setDone] = React.useState<string>('');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    setDone('');
    try {
      const result = await onChangePassword({ currentPassword, newPassword });
      reset();
      setDone(doneMessage(result));
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword'])) {
        setFormError(errorMessage(error));
      }
    }
  });
  return (
    <Card>
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Password</h2>
        <p className="text-sm text-muted">
          Changing it signs you out on your other devices. You stay signed in here.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField label="Current password" error={errors.currentPassword?.message} required>
          <PasswordInput autoComplete="current-password" {...register('currentPassword')} />
        </FormField>
        <FormField
          label="New password"
          hint="At least 8 characters."
          error={errors.newPassword?.message}
          required
        >
          <PasswordInput autoComplete="new-password" {...register('newPassword')} />
        </FormField>
        <FormField label="Repeat the new password" error={errors.confirmPassword?.message} required>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        {formError ? (
          <Alert variant="danger" role="alert">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        ) : null}
        <p
          role="status"
          className={done ? 'text-sm font-medium text-success' : 'sr-only'}
          aria-live="polite"
        >
          {done}
        </p>
        <Button type="submit" loading={isSubmitting} className="self-start">
          Change password
        </Button>
      </form>
    </Card>
  );
}
