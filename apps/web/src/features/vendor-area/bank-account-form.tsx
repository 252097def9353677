import { zodResolver } from '@hookform/resolvers/zod';
import {
  type PayoutAccount,
  type PutPayoutAccountBody,
  putPayoutAccountBodySchema,
} from '@vetted/contract';
import { Card, FormField, Input } from '@vetted/ui';
import { useForm, useWatch } from 'react-hook-form';
import { CountryField } from '../../components/forms/country-field';
import { FormButtons } from '../../components/forms/form-buttons';
import { FormError } from '../../components/forms/form-error';
import { useServerErrors } from '../../components/forms/use-server-errors';

/** Fields the server may name in a 422 (`error.fields`). */
const FORM_FIELDS = ['country', 'holderName', 'iban', 'routingNumber', 'accountNumber'] as const;

/** The bank account form's type for a bank country: US routing + account, else an IBAN. */
const typeFor = (country: string) => (country === 'US' ? 'us_bank_account' : 'iban');

type BankFormInput = PutPayoutAccountBody;

/** A US account's two numbers: routing (ABA, 9 digits) and account (up to 17 digits). */
const US_NUMBER_FIELDS = [
  {
    name: 'routingNumber',
    label: 'Routing number',
    hint: '9 digits, bottom left of a check.',
    maxLength: 9,
  },
  {
    name: 'accountNumber',
    label: 'Account number',
    hint: 'We keep only its last 4 digits.',
    maxLength: 17,
  },
] as const;

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
  const { formError, submit } = useServerErrors(setError, FORM_FIELDS);
  const type = useWatch({ control, name: 'type' });
  // Each variant's own fields: the union's errors are read by name.
  const fieldErrors = errors as Partial<Record<(typeof FORM_FIELDS)[number], { message?: string }>>;

  return (
    <Card>
      <form
        noValidate
        aria-label="Bank account"
        className="grid items-start gap-4 sm:grid-cols-2"
        onSubmit={handleSubmit((values) => submit(() => onSave(values)))}
      >
        <CountryField
          control={control}
          name="country"
          label="Country of your bank"
          onChange={(code) => setValue('type', typeFor(code))}
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
          US_NUMBER_FIELDS.map(({ name, label, hint, maxLength }) => (
            <FormField
              key={name}
              label={label}
              hint={hint}
              error={fieldErrors[name]?.message}
              required
            >
              <Input
                inputMode="numeric"
                autoComplete="off"
                maxLength={maxLength}
                {...register(name)}
              />
            </FormField>
          ))
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
          <FormError message={formError} />
        </div>
        <FormButtons
          submitLabel="Save payout account"
          submitting={isSubmitting}
          onCancel={onCancel}
        />
      </form>
    </Card>
  );
}
