import { zodResolver } from '@hookform/resolvers/zod';
import type { VendorService, VendorServiceBody } from '@vetted/contract';
import * as React from 'react';
import {
  type DeepPartialSkipArrayKey,
  type UseFormReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { useUnsavedChangesWarning } from '../../lib/hooks/use-unsaved-changes';
import {
  SERVICE_FORM_FIELDS,
  type ServiceFormInput,
  type ServiceFormOutput,
  serviceFormSchema,
  serviceFormValues,
} from './service-form-schema';

/** The service form's react-hook-form handle (values as typed, submits the contract's body). */
export type ServiceFormApi = UseFormReturn<ServiceFormInput, unknown, ServiceFormOutput>;
/** The service form's values as they stand, for the live preview (any may be unset). */
export type ServiceFormValues = DeepPartialSkipArrayKey<ServiceFormInput>;

/** What {@link useServiceForm} needs: the service (unset for a new one) and the save call. */
export interface UseServiceFormOptions {
  /** The service being edited; unset for a new one (the form starts from the defaults). */
  service?: VendorService;
  /** A new service's category slug ('' for none yet). */
  defaultCategorySlug: string;
  /** A new service's currency (ISO 4217), also shown while the currency field is empty. */
  defaultCurrency: string;
  /** Creates or saves the service (price in minor units); rejects with the API's error. */
  onSave: (body: VendorServiceBody) => Promise<void>;
}

/**
 * The service editor's form state: react-hook-form with {@link serviceFormSchema}, the values
 * watched for the preview, a browser warning while there are unsaved changes, and `submit`,
 * which calls `onSave` and puts the API's field errors on their fields (any other failure
 * becomes `formError`). Never throws: a failed save leaves the form as typed.
 */
export function useServiceForm({
  service,
  defaultCategorySlug,
  defaultCurrency,
  onSave,
}: UseServiceFormOptions) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const form: ServiceFormApi = useForm<ServiceFormInput, unknown, ServiceFormOutput>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: serviceFormValues(service, {
      categorySlug: defaultCategorySlug,
      currency: defaultCurrency,
    }),
  });
  const { control, handleSubmit, setError, reset, getValues, formState } = form;
  useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitting);
  const values: ServiceFormValues = useWatch({ control });
  const currency = values.price?.currency || defaultCurrency;

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await onSave(body);
      // Saved: what is on screen is now the service, not a change to it.
      reset(getValues());
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, SERVICE_FORM_FIELDS)) {
        setFormError(errorMessage(err));
      }
    }
  });

  return { form, values, currency, formError, submit };
}
