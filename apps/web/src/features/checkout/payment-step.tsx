import { FormField, Input } from '@vetted/ui';
import * as React from 'react';
import { CardFormFrame, PaymentInitError, type PaymentStepCommonProps } from './payment-parts';

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface PaymentStepProps extends PaymentStepCommonProps {
  errors?: Partial<Record<keyof CardValues, string>>;
  onSubmit: (values: CardValues) => void;
}

/** Groups card digits in fours: "4242 4242 4242 4242". */
export function formatCardNumber(value: string) {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM/YY" while typing. */
export function formatExpiry(value: string) {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

interface DigitField {
  label: string;
  name: string;
  autoComplete: string;
  placeholder: string;
  maxLength?: number;
  /** Rewrites the typed text ("4242424242" → "4242 4242 42"); the field is controlled then. */
  format?: (typed: string) => string;
}

/**
 * The card fields typed on the number pad: label and input attributes (`name` is what the
 * form data holds, `autoComplete` lets browsers fill saved cards); `format` rewrites the value
 * as it is typed.
 */
const DIGIT_FIELDS: Record<'number' | 'expiry' | 'cvc', DigitField> = {
  number: {
    label: 'Card number',
    name: 'cardnumber',
    autoComplete: 'cc-number',
    placeholder: '1234 5678 9012 3456',
    format: formatCardNumber,
  },
  expiry: {
    label: 'Expiry (MM/YY)',
    name: 'exp',
    autoComplete: 'cc-exp',
    placeholder: 'MM/YY',
    format: formatExpiry,
  },
  cvc: { label: 'CVC', name: 'cvc', autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 },
};

/** Step 2: card form (sandbox), decline messages inline, retry allowed. */
export function PaymentStep({
  ready,
  initError,
  onRetryInit,
  errors,
  onSubmit,
  ...frame
}: PaymentStepProps) {
  if (initError) {
    return (
      <PaymentInitError
        message={initError}
        onRetry={onRetryInit}
        headingLevel={frame.headingLevel}
      />
    );
  }
  return (
    <CardFormFrame
      {...frame}
      busy={!ready}
      lockNote="Encrypted"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const text = (name: string) => String(data.get(name) ?? '');
        onSubmit({
          number: text(DIGIT_FIELDS.number.name),
          expiry: text(DIGIT_FIELDS.expiry.name),
          cvc: text(DIGIT_FIELDS.cvc.name),
          name: text('ccname'),
        });
      }}
    >
      <CardDigitsField field="number" error={errors?.number} disabled={!ready} />
      <div className="grid grid-cols-2 gap-4">
        <CardDigitsField field="expiry" error={errors?.expiry} disabled={!ready} />
        <CardDigitsField field="cvc" error={errors?.cvc} disabled={!ready} />
      </div>
      <FormField label="Name on card" error={errors?.name} required>
        <Input name="ccname" autoComplete="cc-name" disabled={!ready} />
      </FormField>
    </CardFormFrame>
  );
}

/** A required card field of {@link DIGIT_FIELDS}, reformatted as typed where it has a `format`. */
function CardDigitsField({
  field,
  error,
  disabled,
}: {
  field: keyof typeof DIGIT_FIELDS;
  error?: string;
  disabled: boolean;
}) {
  const { label, format, ...input } = DIGIT_FIELDS[field];
  const [value, setValue] = React.useState('');
  // Formatted fields are controlled (they show the formatted text); the CVC is typed as is.
  const controlled = format
    ? {
        value,
        onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue(format(e.target.value)),
      }
    : {};
  return (
    <FormField label={label} error={error} required>
      <Input inputMode="numeric" disabled={disabled} {...input} {...controlled} />
    </FormField>
  );
}
