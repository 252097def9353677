import { zodResolver } from '@hookform/resolvers/zod';
import { openConversationBodySchema, SUPPORT_SUBJECT_MAX_LENGTH } from '@vetted/contract';
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
} from '@vetted/ui';
import { MessageSquarePlus } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';

/** The contract's subject rule (3–120 characters after trimming, its messages). */
const startChatSchema = z.object({ subject: openConversationBodySchema.shape.subject.unwrap() });
type StartChatInput = z.input<typeof startChatSchema>;
type StartChatOutput = z.output<typeof startChatSchema>;

export interface StartSupportChatDialogProps {
  /** Opens the chat; reject to show the error in the dialog (field errors on the field). */
  onStart: (subject: string) => Promise<void>;
  /** Controlled open state (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * Label of the trigger button.
   * @defaultValue 'Start a chat'
   */
  triggerLabel?: string;
}

/** "Start a chat" with the support team: a dialog asking for a short subject. */
export function StartSupportChatDialog({
  onStart,
  open: openProp,
  onOpenChange,
  triggerLabel = 'Start a chat',
}: StartSupportChatDialogProps) {
  const [uncontrolled, setUncontrolled] = React.useState(false);
  const open = openProp ?? uncontrolled;
  const [formError, setFormError] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StartChatInput, unknown, StartChatOutput>({
    resolver: zodResolver(startChatSchema),
    defaultValues: { subject: '' },
  });
  const setOpen = (next: boolean) => {
    if (isSubmitting) return;
    if (openProp === undefined) setUncontrolled(next);
    onOpenChange?.(next);
    if (!next) {
      reset();
      setFormError(null);
    }
  };
  const onSubmit = handleSubmit(async ({ subject }) => {
    setFormError(null);
    try {
      await onStart(subject);
      setOpen(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['subject'])) {
        setFormError(errorMessage(error));
      }
    }
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <MessageSquarePlus aria-hidden="true" /> {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Start a support chat</DialogTitle>
            <DialogDescription>
              Say in a few words what you need help with. You can add details and photos in the
              chat.
            </DialogDescription>
          </DialogHeader>
          <FormField
            label="Subject"
            hint={`Up to ${SUPPORT_SUBJECT_MAX_LENGTH} characters, e.g. “Refund for a cancelled booking”.`}
            error={errors.subject?.message}
            required
          >
            <Input autoComplete="off" {...register('subject')} />
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
              Start chat
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
