import { zodResolver } from '@hookform/resolvers/zod';
import { accountDeletionBodySchema, type OtpChallenge, type Role } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Button,
  Card,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  PasswordInput,
} from '@vetted/ui';
import { Trash2 } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFocusKeptInDialog } from '../../lib/hooks/use-focus-kept-in-dialog';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { OtpCodeStep } from '../auth';

type PasswordInputValues = z.input<typeof accountDeletionBodySchema>;
type PasswordOutput = z.output<typeof accountDeletionBodySchema>;

export interface DeleteAccountViewProps {
  /** Customer or pro: what happens to a pro's business page is said too. */
  role: Role;
  /**
   * Checks the password and mails a code; resolves with the challenge. Reject to show the error
   * (409: bookings still in progress; a wrong password lands on its field).
   */
  onRequestCode: (values: PasswordOutput) => Promise<OtpChallenge>;
  /** Deletes the account with the code. Reject to show the error. */
  onConfirm: (values: { challengeId: string; code: string }) => Promise<void>;
  /** Mails a new code; resolves with the challenge. */
  onResend: (challengeId: string) => Promise<OtpChallenge>;
  /** Opens the dialog at the code step of this challenge (stories). */
  initialChallenge?: OtpChallenge | null;
  /** Opens the dialog at its first step (stories). @defaultValue false */
  defaultOpen?: boolean;
}

/**
 * The danger zone of the profile: "Delete account" opens a dialog that says plainly
 * what goes and what stays, asks for the password, then for the code mailed to the account.
 */
export function DeleteAccountView({
  role,
  onRequestCode,
  onConfirm,
  onResend,
  initialChallenge = null,
  defaultOpen = false,
}: DeleteAccountViewProps) {
  const [open, setOpenState] = React.useState(defaultOpen || initialChallenge !== null);
  const [challenge, setChallenge] = React.useState<OtpChallenge | null>(initialChallenge);
  const [busy, setBusy] = React.useState(false);
  const setOpen = (next: boolean) => {
    if (busy) return;
    setOpenState(next);
    if (!next) setChallenge(null);
  };
  return (
    <Card className="border-danger/40">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-danger">Delete account</h2>
        <p className="text-sm text-muted">
          Permanently delete your Vetted account. You will be asked for your password and a code we
          email you.
        </p>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="destructive" className="self-start">
            <Trash2 aria-hidden="true" />
            Delete account
          </Button>
        </DialogTrigger>
        <DialogContent>
          {challenge ? (
            <OtpCodeStep
              key={challenge.challengeId}
              challenge={challenge}
              title="Enter the code to delete your account"
              description="Entering it deletes your account at once."
              onBusy={setBusy}
              onSubmitCode={(code) => onConfirm({ challengeId: challenge.challengeId, code })}
              onResend={async () => setChallenge(await onResend(challenge.challengeId))}
              cancelLabel="Keep my account"
              submitLabel="Delete my account"
              submitVariant="destructive"
            />
          ) : (
            <PasswordStep
              role={role}
              onBusy={setBusy}
              onRequestCode={async (values) => setChallenge(await onRequestCode(values))}
            />
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function PasswordStep({
  role,
  onBusy,
  onRequestCode,
}: {
  role: Role;
  onBusy: (busy: boolean) => void;
  onRequestCode: (values: PasswordOutput) => Promise<void>;
}) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordInputValues, unknown, PasswordOutput>({
    resolver: zodResolver(accountDeletionBodySchema),
    defaultValues: { password: '' },
  });
  const formRef = React.useRef<HTMLFormElement>(null);
  useFocusKeptInDialog(isSubmitting, formRef);
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    onBusy(true);
    try {
      await onRequestCode(values);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['password'])) {
        setFormError(errorMessage(error));
      }
    } finally {
      onBusy(false);
    }
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>This cannot be undone.</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-2 text-sm">
        <p className="font-medium">What goes</p>
        <ul className="list-disc pl-5 text-muted">
          <li>Your name, photo, phone and email address</li>
          <li>Your saved places, notifications and settings</li>
          {role === 'vendor' ? (
            <>
              <li>Your business page and services, from search</li>
              <li>The documents you uploaded for vetting</li>
            </>
          ) : null}
          <li>Sign-in on every device</li>
        </ul>
        <p className="font-medium">What stays, without your name</p>
        <ul className="list-disc pl-5 text-muted">
          <li>
            Past bookings, payments and reviews, for{' '}
            {role === 'vendor' ? 'your customers' : 'the pros you booked'} and for accounting
          </li>
          <li>Messages you sent, in the other person's conversation</li>
        </ul>
        <p className="text-muted">
          Bookings still in progress must be finished or cancelled first. Want a copy of your data?
          Download it before you go.
        </p>
      </div>
      <FormField label="Password" error={errors.password?.message} required>
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
            Keep my account
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" loading={isSubmitting}>
          Email me a code
        </Button>
      </DialogFooter>
    </form>
  );
}
