import { zodResolver } from '@hookform/resolvers/zod';
import {
  type PayoutAccount,
  type PutPayoutAccountBody,
  putPayoutAccountBodySchema,
} from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Button,
  Card,
  FormField,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@vetted/ui';
import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { COUNTRY_OPTIONS } from '../../lib/countries';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';

/** Fields the server may name in a 422 (`error.fields`). */
const FORM_FIELDS = ['country', 'holderName', 'iban', 'routingNumber', 'accountNumber'] as const;

/** The bank account form's type for a bank country: US routing + account, else an IBAN. */
const typeFor = (country: string) => (country === 'US' ? 'us_bank_account' : 'iban');

type BankFormInput = PutPayoutAccountBody;

/**
 * The sandbox's bank account form (`PUT /v1/vendor/payout-account` body by the contract schema):
 * the bank's country decides the fields — a US routing number and account number, else an IBAN.
 * The server checks the check digits; its 422 lands on the field it names, any other error under
 * the form. `onCancel` (when changing an existing account) shows "Cancel".
 */
export function BankAccountForm({
  account,
  defaultCountry,
  onSave,
  onCancel,
}: {
  account: PayoutAccount | null;
  defaultCountry: string;
  onSave: (body: PutPayoutAccountBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const country = account?.country || defaultCountry;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<BankFormInput>({
    resolver: zodResolver(putPayoutAccountBodySchema),
    defaultValues: {
      type: typeFor(country),
      country,
      holderName: account?.holderName ?? '',
    } as BankFormInput,
  });
  const [formError, setFormError] = React.useState<string | null>(null);
  const type = useWatch({ control, name: 'type' });
  // Each variant's own fields: the union's errors are read by name.
  const fieldErrors = errors as Partial<Record<(typeof FORM_FIELDS)[number], { message?: string }>>;

  return (
    <Card>
      <form
        noValidate
        aria-label="Bank account"
        className="grid items-start gap-4 sm:grid-cols-2"
        onSubmit={handleSubmit(async (values) => {
          setFormError(null);
          try {
            await onSave(values);
          } catch (err) {
            if (!applyServerFieldErrors(err, setError, FORM_FIELDS)) {
              setFormError(errorMessage(err));
            }
          }
        })}
      >
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <FormField label="Country of your bank" error={fieldErrors.country?.message} required>
              <Select
                value={field.value}
                onValueChange={(code) => {
                  field.onChange(code);
                  setValue('type', typeFor(code));
                }}
              >
                <SelectTrigger onBlur={field.onBlur}>
                  <SelectValue placeholder="Choose a country" />
                </SelectTrigger>
                <SelectContent>
                  {COUNTRY_OPTIONS.map((c) => (
                    <SelectItem key={c.code} value={c.code}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
        />
        <FormField
          label="Account holder"
          hint="The name your bank has on the account."
          error={fieldErrors.holderName?.message}
          required
        >
          <Input autoComplete="name" {...register('holderName')} />
        </FormField>
        {type === 'us_bank_account' ? (
          <>
            <FormField
              label="Routing number"
              hint="9 digits, bottom left of a check."
              error={fieldErrors.routingNumber?.message}
              required
            >
              <Input
                inputMode="numeric"
                autoComplete="off"
                maxLength={9}
                {...register('routingNumber')}
              />
            </FormField>
            <FormField
              label="Account number"
              hint="We keep only its last 4 digits."
              error={fieldErrors.accountNumber?.message}
              required
            >
              <Input
                inputMode="numeric"
                autoComplete="off"
                maxLength={17}
                {...register('accountNumber')}
              />
            </FormField>
          </>
        ) : (
          <FormField
            label="IBAN"
            hint="From your bank statement or app, e.g. DE89 3704 0044 0532 0130 00. We keep only its last 4 characters."
            error={fieldErrors.iban?.message}
            required
            className="sm:col-span-2"
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              className="uppercase"
              {...register('iban')}
            />
          </FormField>
        )}
        <div className="sm:col-span-2">
          {formError ? (
            <Alert variant="danger" role="alert">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" loading={isSubmitting}>
            Save payout account
          </Button>
          {onCancel ? (
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
