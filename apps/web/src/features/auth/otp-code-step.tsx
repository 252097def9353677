import { zodResolver } from '@hookform/resolvers/zod';
import { OTP_LENGTH, type OtpChallenge, otpCodeSchema } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Button,
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  OtpInput,
  Spinner,
} from '@vetted/ui';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useFocusKeptInDialog } from '../../lib/hooks/use-focus-kept-in-dialog';
import { errorMessage } from '../../lib/errors';

const codeFormSchema = z.object({ code: otpCodeSchema });
type CodeForm = z.infer<typeof codeFormSchema>;

export interface OtpCodeStepProps {
  /** The challenge whose code was mailed; its address is shown. */
  challenge: OtpChallenge;
  /** Dialog title, e.g. "Enter the code". */
  title: string;
  /** Said after "We sent a 6-digit code to <address>." (what entering it does). */
  description: React.ReactNode;
  /** Told true while the code is being checked, false when that ends. */
  onBusy: (busy: boolean) => void;
  /** Checks the code (the contract's `otpCodeSchema`, 6 digits). Reject to show the error. */
  onSubmitCode: (code: string) => Promise<void>;
  /** Mails a new code. Reject to show the error. */
  onResend: () => Promise<void>;
  /** More links beside "Send a new code" (e.g. "Use another address"). */
  links?: React.ReactNode;
  /** Label of the closing button. */
  cancelLabel: string;
  /** Label of the submit button. */
  submitLabel: string;
  /** Submit button variant. @defaultValue 'primary' */
  submitVariant?: 'primary' | 'destructive';
}

/**
 * The code step of an OTP-confirmed account change inside a dialog (email change,
 * account deletion): the {@link OTP_LENGTH}-digit code field, "Send a new code" with its
 * announcement, errors in an alert, and the dialog's close and submit buttons. While the code is
 * checked every control is disabled and focus stays in the dialog (`useFocusKeptInDialog`).
 */
export function OtpCodeStep({
  challenge,
  title,
  description,
  onBusy,
  onSubmitCode,
  onResend,
  links,
  cancelLabel,
  submitLabel,
  submitVariant = 'primary',
}: OtpCodeStepProps) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const [status, setStatus] = React.useState('');
  const [resending, setResending] = React.useState(false);
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const formRef = React.useRef<HTMLFormElement>(null);
  useFocusKeptInDialog(isSubmitting, formRef);
  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    onBusy(true);
    try {
      await onSubmitCode(code);
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      onBusy(false);
    }
  });
  const resend = async () => {
    setResending(true);
    setFormError(null);
    setStatus('');
    try {
      await onResend();
      setStatus(`A new code is on its way to ${challenge.email}.`);
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setResending(false);
    }
  };
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          We sent a {OTP_LENGTH}-digit code to{' '}
          <strong className="text-fg">{challenge.email}</strong>. {description}
        </DialogDescription>
      </DialogHeader>
      <Controller
        control={control}
        name="code"
        render={({ field }) => (
          <FormField label="Code" error={errors.code?.message} required>
            <OtpInput
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
      {formError ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <p className={status ? 'text-sm text-muted' : 'sr-only'} aria-live="polite">
        {status}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <Button type="button" variant="link" onClick={resend} disabled={resending || isSubmitting}>
          {resending ? <Spinner size="sm" /> : null}
          Send a new code
        </Button>
        {links}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={isSubmitting}>
            {cancelLabel}
          </Button>
        </DialogClose>
        <Button type="submit" variant={submitVariant} loading={isSubmitting}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
