import * as React from 'react';
import { cn } from '../lib/utils';

type OtpInputProps = Omit<React.ComponentProps<'fieldset'>, 'onChange' | 'defaultValue'> & {
  /** Current code (digits only, up to `length`). */
  value: string;
  /** Called with the new code whenever a digit is typed, deleted or pasted. */
  onChange: (value: string) => void;
  /**
   * Number of digits.
   * @defaultValue 6
   */
  length?: number;
  /**
   * Focuses the first empty cell on mount.
   * @defaultValue false
   */
  autoFocus?: boolean;
  /**
   * Disables every cell.
   * @defaultValue false
   */
  disabled?: boolean;
  /**
   * Marks every cell `aria-invalid` (red border).
   * @defaultValue false
   */
  invalid?: boolean;
  /** Called once with the full code when the last digit is filled. */
  onComplete?: (value: string) => void;
  /** Id of the first cell (so a `<label htmlFor>` can point at it). */
  id?: string;
  /**
   * Marks every cell required (set by FormField).
   * @defaultValue false
   */
  required?: boolean;
};

const onlyDigits = (s: string) => s.replace(/\D/g, '');

/**
 * One-time-password entry: one cell per digit, numeric keyboard, `autocomplete="one-time-code"`
 * on the first cell (SMS autofill), paste fills every cell, Backspace moves back, arrows move.
 */
function OtpInput({
  value,
  onChange,
  length = 6,
  autoFocus = false,
  disabled = false,
  invalid = false,
  onComplete,
  id,
  required = false,
  className,
  'aria-describedby': describedBy,
  'aria-invalid': ariaInvalid,
  ...props
}: OtpInputProps) {
  // FormField wires `aria-invalid` onto its control; apply it to the cells, not the fieldset.
  const isInvalid = invalid || ariaInvalid === true || ariaInvalid === 'true';
  const refs = React.useRef<Array<HTMLInputElement | null>>([]);
  const digits = onlyDigits(value).slice(0, length);
  const generatedId = React.useId();
  const baseId = id ?? `otp-${generatedId}`;

  const focusCell = (index: number) => {
    const cell = refs.current[Math.max(0, Math.min(length - 1, index))];
    cell?.focus();
    cell?.select();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus once, on mount only
  React.useEffect(() => {
    if (autoFocus) focusCell(Math.min(digits.length, length - 1));
  }, []);

  const commit = (next: string) => {
    const clean = onlyDigits(next).slice(0, length);
    if (clean === digits) return;
    onChange(clean);
    if (clean.length === length) onComplete?.(clean);
  };

  /** Writes `text` starting at `index`, then focuses the cell after it. */
  const writeAt = (index: number, text: string) => {
    const incoming = onlyDigits(text);
    if (!incoming) return;
    // A code pasted or autofilled whole replaces everything.
    const start = incoming.length >= length ? 0 : Math.min(index, digits.length);
    const next = (digits.slice(0, start) + incoming + digits.slice(start + incoming.length)).slice(
      0,
      length,
    );
    commit(next);
    focusCell(Math.min(start + incoming.length, length - 1));
  };

  const handleKeyDown = (index: number) => (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        if (digits[index] !== undefined) {
          commit(digits.slice(0, index) + digits.slice(index + 1));
          if (index > 0 && index >= digits.length - 1) focusCell(index - 1);
        } else if (index > 0) {
          commit(digits.slice(0, index - 1) + digits.slice(index));
          focusCell(index - 1);
        }
        break;
      }
      case 'Delete':
        event.preventDefault();
        commit(digits.slice(0, index) + digits.slice(index + 1));
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focusCell(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusCell(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focusCell(0);
        break;
      case 'End':
        event.preventDefault();
        focusCell(length - 1);
        break;
      default:
        break;
    }
  };

  return (
    <fieldset
      data-slot="otp-input"
      className={cn('m-0 flex min-w-0 items-center gap-2 border-0 p-0', className)}
      {...props}
    >
      {Array.from({ length }, (_, index) => {
        const char = digits[index] ?? '';
        return (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
            key={index}
            ref={(el) => {
              refs.current[index] = el;
            }}
            id={index === 0 ? baseId : `${baseId}-${index}`}
            data-slot="otp-cell"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={isInvalid || undefined}
            required={required}
            aria-describedby={describedBy}
            disabled={disabled}
            value={char}
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={handleKeyDown(index)}
            onPaste={(e) => {
              e.preventDefault();
              writeAt(index, e.clipboardData.getData('text'));
            }}
            onChange={(e) => {
              const typed = e.currentTarget.value;
              // The cell held `char`; keep what is new (typing over a selected digit replaces it).
              const fresh =
                typed.length > 1 && typed.startsWith(char) ? typed.slice(char.length) : typed;
              if (!onlyDigits(fresh)) return;
              writeAt(index, fresh);
            }}
            className={cn(
              // 44 px square (48 from `sm`), narrower when the row has less room (a 320 px
              // phone): six cells and their gaps never overflow the card.
              'h-11 w-11 min-w-0 rounded-md border border-input bg-surface text-center text-lg font-semibold text-fg tabular-nums sm:h-12 sm:w-12',
              'outline-none transition-[border-color,box-shadow] duration-base',
              'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring',
              'disabled:cursor-not-allowed disabled:opacity-disabled aria-invalid:border-danger',
              'aria-invalid:focus-visible:ring-2 aria-invalid:focus-visible:ring-danger',
            )}
          />
        );
      })}
    </fieldset>
  );
}

export { OtpInput };
export type { OtpInputProps };
