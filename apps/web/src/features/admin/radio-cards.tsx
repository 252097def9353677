import { Label, RadioGroup, RadioGroupItem } from '@vetted/ui';
import * as React from 'react';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from 'react-hook-form';

/** One choice of a {@link RadioCards}: its value, words, and a line of help under them. */
export interface RadioCardOption<V extends string> {
  value: V;
  label: string;
  hint: string;
}

/**
 * A fieldset of a react-hook-form form whose choices are bordered cards, each a radio with its
 * label and hint (the checked one highlighted), named by its `legend`.
 */
export function RadioCards<T extends FieldValues, V extends string, Output = T>({
  control,
  name,
  legend,
  options,
  className,
}: {
  /** The form's `control` (react-hook-form). */
  control: Control<T, unknown, Output>;
  /** The form value holding the chosen option's value. */
  name: FieldPathByValue<T, V | undefined>;
  legend: string;
  options: readonly RadioCardOption<V>[];
  /** Classes of the group's grid, e.g. `grid grid-cols-1 gap-2 sm:grid-cols-2`. */
  className: string;
}) {
  const { field } = useController({ control, name });
  const id = React.useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend id={`${id}-legend`} className="mb-2 text-sm font-medium">
        {legend}
      </legend>
      <RadioGroup
        value={field.value}
        onValueChange={field.onChange}
        aria-labelledby={`${id}-legend`}
        className={className}
      >
        {options.map(({ value, label, hint }) => (
          <Label
            key={value}
            htmlFor={`${id}-${value}`}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft"
          >
            <RadioGroupItem id={`${id}-${value}`} value={value} className="mt-0.5" />
            <span className="flex flex-col">
              <span className="font-medium">{label}</span>
              <span className="text-xs font-normal text-muted">{hint}</span>
            </span>
          </Label>
        ))}
      </RadioGroup>
    </fieldset>
  );
}
