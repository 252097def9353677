import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailBodySchema, type OtpChallenge } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  Input,
  PasswordInput,
} from '@vetted/ui';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFocusKeptInDialog } from '../../lib/hooks/use-focus-kept-in-dialog';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { OtpCodeStep } from '../auth';

type EmailFormInput = z.input<typeof changeEmailBodySchema>;
type EmailFormOutput = z.output<typeof changeEmailBodySchema>;

export interface EmailChangeDialogProps {
  /** The account's address now (shown, and refused as the new one by the API). */
  currentEmail: string;
  /** Checks the password and mails a code to the new address; resolves with the challenge. */
  onRequestCode: (values: EmailFormOutput) => Promise<OtpChallenge>;
  /** Switches to the new address with the code. Reject to show the error (wrong code, taken). */
  onVerify: (values: { challengeId: string; code: string }) => Promise<void>;
  /** Mails a new code for the challenge; resolves with it. */
  onResend: (challengeId: string) => Promise<OtpChallenge>;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Opens at the code step of this challenge (stories, or a reload mid-way). */
  initialChallenge?: OtpChallenge | null;
}

/**
 * "Change email": a dialog in two steps, the new address and the password, then the
 * code mailed to the new address. The address changes only once that code is entered, and the
 * old address is told by mail.
 */
export function EmailChangeDialog({
  currentEmail,
  onRequestCode,
  onVerify,
  onResend,
  open: openProp,
  onOpenChange,
  initialChallenge = null,
}: EmailChangeDialogProps) {
  const [uncontrolled, setUncontrolled] = React.useState(initialChallenge !== null);
  const open = openProp ?? uncontrolled;
  const [challenge, setChallenge] = React.useState<OtpChallenge | null>(initialChallenge);
  const [busy, setBusy] = React.useState(false);
  const setOpen = (next: boolean) => {
    if (busy) return;
    if (openProp === undefined) setUncontrolled(next);
    onOpenChange?.(next);
    if (!next) setChallenge(null);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Change email
        </Button>
      </DialogTrigger>
      <DialogContent>
        {challenge ? (
          <OtpCodeStep
            key={challenge.challengeId}
            challenge={challenge}
            title="Enter the code"
            description="It expires in 10 minutes. Your email changes once you enter it."
            onBusy={setBusy}
            onSubmitCode={async (code) => {
              await onVerify({ challengeId: challenge.challengeId, code });
              setBusy(false);
              setOpen(false);
            }}
            onResend={async () => setChallenge(await onResend(challenge.challengeId))}
            links={
              <Button type="button" variant="link" onClick={() => setChallenge(null)}>
                Use another address
              </Button>
            }
            cancelLabel="Cancel"
            submitLabel="Confirm new email"
          />
        ) : (
          <AddressStep
            currentEmail={currentEmail}
            onBusy={setBusy}
            onRequestCode={async (values) => setChallenge(await onRequestCode(values))}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AddressStep({
  currentEmail,
  onBusy,
  onRequestCode,
}: {
  currentEmail: string;
  onBusy: (busy: boolean) => void;
  onRequestCode: (values: EmailFormOutput) => Promise<void>;
}) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EmailFormInput, unknown, EmailFormOutput>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { newEmail: '', password: '' },
  });
  const formRef = React.useRef<HTMLFormElement>(null);
  useFocusKeptInDialog(isSubmitting, formRef);
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    onBusy(true);
    try {
      await onRequestCode(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['newEmail', 'password'])) {
        setFormError(errorMessage(error));
      }
    } finally {
      onBusy(false);
    }
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Change your email</DialogTitle>
        <DialogDescription>
          You use <strong className="text-fg">{currentEmail}</strong> to sign in. We will send a
          code to the new address to check it is yours.
        </DialogDescription>
      </DialogHeader>
      <FormField label="New email" error={errors.newEmail?.message} required>
        <Input type="email" autoComplete="email" inputMode="email" {...register('newEmail')} />
      </FormField>
      <FormField
        label="Password"
        hint="Your current password, to confirm it is you."
        error={errors.password?.message}
        required
      >
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </FormField>
      {formError ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={isSubmitting}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" loading={isSubmitting}>
          Send code
        </Button>
      </DialogFooter>
    </form>
  );
}
