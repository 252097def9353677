import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateChangeOrderBody, createChangeOrderBodySchema } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Textarea,
} from '@vetted/ui';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { toMinorUnits } from '../../lib/money';
import { QuotePhotosField } from './quote-photos-field';

/** The extra's form as typed: the amount in major units of the pro's currency ("120.50"). */
interface ExtraFormInput {
  description: string;
  amount: string;
}

/**
 * The extra's schema: the amount typed in major units of `currency` becomes minor units exactly
 * (`toMinorUnits`), then both fields are checked by the contract's `createChangeOrderBodySchema`,
 * so the browser refuses what the API would, in its words.
 */
export function extraFormSchema(currency: string) {
  const rules = createChangeOrderBodySchema.shape;
  return z.object({
    description: rules.description,
    amount: z
      .string()
      .transform((s, ctx) => {
        const minor = toMinorUnits(s, currency);
        if (minor !== null) return minor;
        ctx.addIssue({ code: 'custom', message: 'Enter an amount like 80 or 79.50' });
        return z.NEVER;
      })
      .pipe(rules.amount),
  }) satisfies z.ZodType<CreateChangeOrderBody, ExtraFormInput>;
}

export interface ProposeExtraDialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The order's currency (the pro's; ISO 4217): the amount is typed in it. */
  currency: string;
  /** The customer's first name or full name, for the description. */
  customerName: string;
  /**
   * Sends the extra with its photos (each under 3 MB, at most 6); rejects with the API's
   * error (field errors land on their fields, others above the buttons).
   */
  onSubmit: (body: CreateChangeOrderBody, photos: File[]) => Promise<void>;
}

/**
 * "Add an extra": what the extra work is, its price (the pro's amount, in the order's
 * currency; the customer sees it with the booking fee) and optional photos. Nothing is charged
 * until the customer approves.
 */
export function ProposeExtraDialogView({
  open,
  onOpenChange,
  currency,
  customerName,
  onSubmit,
}: ProposeExtraDialogViewProps) {
  const schema = React.useMemo(() => extraFormSchema(currency), [currency]);
  const { register, handleSubmit, setError, reset, formState } = useForm<
    ExtraFormInput,
    unknown,
    CreateChangeOrderBody
  >({ resolver: zodResolver(schema), defaultValues: { description: '', amount: '' } });
  const { errors, isSubmitting } = formState;
  const [photos, setPhotos] = React.useState<File[]>([]);
  const [failure, setFailure] = React.useState<string | null>(null);
  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body, photos);
      reset();
      setPhotos([]);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['description', 'amount'])) {
        setFailure(errorMessage(error));
      }
    }
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !isSubmitting && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add an extra</DialogTitle>
          <DialogDescription>
            Work you found on site. {customerName} sees it with the booking fee and must approve it;
            nothing is charged until then.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField label="What is the extra work?" error={errors.description?.message} required>
            <Textarea rows={3} maxLength={1000} {...register('description')} />
          </FormField>
          <FormField
            label={`Price (${currency})`}
            hint="What you charge for it; the booking fee is added for the customer."
            error={errors.amount?.message}
            required
            className="sm:max-w-xs"
          >
            <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
          </FormField>
          <QuotePhotosField photos={photos} onChange={setPhotos} disabled={isSubmitting} />
          {failure ? (
            <Alert variant="danger">
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="submit" loading={isSubmitting}>
              Send to {customerName}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
