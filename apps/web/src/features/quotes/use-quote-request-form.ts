import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError } from '@vetted/api-client';
import type { CreateQuoteRequestBody } from '@vetted/contract';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { useUnsavedChangesWarning } from '../../lib/hooks/use-unsaved-changes';
import { type QuoteRequestFormInput, quoteRequestFormSchema } from './quote-request-schema';

/** Fields the API may name in `error.fields` that the form shows at a field. */
const FIELD_PATHS = ['categorySlug', 'description', 'address', 'budget', 'windows'];

/** A window's day named by the API (`windows.0.from`): shown at that date field. */
const WINDOW_PATH = /^windows\.\d+\.(from|to)$/;

/** A refusal shown above the send button: its title, the API's words, and what to do. */
export interface QuoteRequestRefusal {
  title: string;
  message: string;
  advice?: string;
}

/** What the request form's state needs (see `QuoteRequestFormProps`). */
export interface QuoteRequestFormOptions {
  /** Currency of the budget (the pro's; the API reads the budget in the pro's currency). */
  currency: string;
  /** Today in the customer's calendar, `YYYY-MM-DD`: the first day a range may start. */
  today: string;
  /** Starting values (the category from `?category=`, the default place's address). */
  defaultValues?: Partial<QuoteRequestFormInput>;
  /** Photos already chosen (stories). */
  defaultPhotos?: File[];
  /**
   * Sends the request (`onProgress` with the fraction uploaded, 0 to 1, while photos are sent).
   * Rejects with the API's error: field errors show at their fields; 422 `no_matching_pros` as
   * a message above the button; everything typed is kept.
   */
  onSubmit: (
    body: CreateQuoteRequestBody,
    photos: File[],
    onProgress: (fraction: number) => void,
  ) => Promise<void>;
}

/**
 * State and sending of the request form: react-hook-form with `quoteRequestFormSchema`, the
 * chosen photos, the upload's progress (0 to 1 while sending) and the API's refusals —
 * field errors at their fields (`placeId` at the address), photo errors (413, too many) at the
 * photos, 422 `no_matching_pros` and anything else as `refusal`. Leaving with something typed
 * asks first.
 */
export function useQuoteRequestForm(props: QuoteRequestFormOptions) {
  const { currency, today, onSubmit } = props;
  const [photos, setPhotos] = React.useState<File[]>(props.defaultPhotos ?? []);
  const [progress, setProgress] = React.useState<number | undefined>(undefined);
  const [photoError, setPhotoError] = React.useState<string | undefined>(undefined);
  const [refusal, setRefusal] = React.useState<QuoteRequestRefusal | null>(null);
  const schema = React.useMemo(() => quoteRequestFormSchema(currency, today), [currency, today]);
  const form = useForm<QuoteRequestFormInput, unknown, CreateQuoteRequestBody>({
    resolver: zodResolver(schema),
    defaultValues: {
      categorySlug: '',
      description: '',
      placeId: '',
      address: '',
      windows: [{ from: today, to: today }],
      budget: '',
      ...props.defaultValues,
    },
  });
  const { handleSubmit, setError, formState } = form;
  useUnsavedChangesWarning((formState.isDirty || photos.length > 0) && !formState.isSubmitting);

  const submit = handleSubmit(async (body) => {
    setRefusal(null);
    setPhotoError(undefined);
    if (photos.length > 0) setProgress(0);
    try {
      await onSubmit(body, photos, setProgress);
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      const known = Object.keys(fields ?? {}).filter(
        (path) => FIELD_PATHS.includes(path) || WINDOW_PATH.test(path),
      );
      const shown = applyServerFieldErrors(error, setError, known);
      if (fields?.placeId) setError('address', { type: 'server', message: fields.placeId });
      if (fields?.photos) setPhotoError(fields.photos);
      if (isApiError(error) && error.errorCode === 'no_matching_pros') {
        setRefusal({
          title: 'No pros found for this job yet',
          message: errorMessage(error),
          advice:
            'Everything you entered is still here: change the address or the kind of job and send it again.',
        });
      } else if (isApiError(error) && error.status === 413) {
        setPhotoError(errorMessage(error));
      } else if (!shown && !fields?.placeId && !fields?.photos) {
        setRefusal({ title: 'The request was not sent', message: errorMessage(error) });
      }
    } finally {
      setProgress(undefined);
    }
  });
  return { form, photos, setPhotos, progress, photoError, setPhotoError, refusal, submit };
}
