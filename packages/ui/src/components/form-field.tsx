import * as React from 'react';
import { cn } from '../lib/utils';
import { Label } from './label';

type ControlProps = {
  id?: string;
  required?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
  'aria-required'?: React.AriaAttributes['aria-required'];
};

/** Ids and state of the enclosing FormField, for controls that are not its direct child. */
interface FormFieldContextValue {
  id: string;
  describedBy?: string;
  invalid: boolean;
  required: boolean;
}

const FormFieldContext = React.createContext<FormFieldContextValue | null>(null);

/**
 * The enclosing {@link FormField}'s control id and ARIA wiring, or null outside one. Composite
 * controls (e.g. `SelectTrigger` inside `Select`) use it to label the element that takes focus.
 */
function useFormField(): FormFieldContextValue | null {
  return React.useContext(FormFieldContext);
}

type FormFieldProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Visible label text. */
  label: React.ReactNode;
  /** Help text under the control, linked with `aria-describedby`. */
  hint?: React.ReactNode;
  /** Error message; marks the control `aria-invalid` and is announced (`role="alert"`). */
  error?: React.ReactNode;
  /**
   * Id given to the control; generated when omitted.
   * @defaultValue React.useId()
   */
  id?: string;
  /**
   * Marks the field required (asterisk on the label, `required` on the control).
   * @defaultValue false
   */
  required?: boolean;
  /** A single form control (Input, Textarea, PasswordInput, …); it receives id and aria wiring. */
  children: React.ReactElement<ControlProps>;
};

/** Label + control + hint + error, with ids and ARIA wired onto the control. */
function FormField({
  label,
  hint,
  error,
  id,
  required = false,
  children,
  className,
  ...props
}: FormFieldProps) {
  const generatedId = React.useId();
  const controlId = id ?? children.props.id ?? `field-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy =
    [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  const control = React.cloneElement(children, {
    id: controlId,
    required: required || children.props.required,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : children.props['aria-invalid'],
  });

  const context = React.useMemo<FormFieldContextValue>(
    () => ({ id: controlId, describedBy, invalid: Boolean(error), required }),
    [controlId, describedBy, error, required],
  );

  return (
    <FormFieldContext.Provider value={context}>
      <div data-slot="form-field" className={cn('grid gap-1.5', className)} {...props}>
        <Label htmlFor={controlId}>
          {label}
          {required ? (
            <span aria-hidden="true" className="text-danger">
              *
            </span>
          ) : null}
        </Label>
        {control}
        {hint ? (
          <p id={hintId} data-slot="form-field-hint" className="text-xs text-muted">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p
            id={errorId}
            role="alert"
            data-slot="form-field-error"
            className="text-xs font-medium text-danger"
          >
            {error}
          </p>
        ) : null}
      </div>
    </FormFieldContext.Provider>
  );
}

export { FormField, useFormField };
export type { FormFieldContextValue, FormFieldProps };
