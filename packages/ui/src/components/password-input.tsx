import { Eye, EyeOff } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/utils';
import { Input, type InputProps } from './input';

type PasswordInputProps = Omit<InputProps, 'type'> & {
  /**
   * Accessible name of the toggle while the password is hidden.
   * @defaultValue 'Show password'
   */
  showLabel?: string;
  /**
   * Accessible name of the toggle while the password is visible.
   * @defaultValue 'Hide password'
   */
  hideLabel?: string;
};

/** A password field with a show/hide toggle button (`aria-pressed`). */
function PasswordInput({
  className,
  showLabel = 'Show password',
  hideLabel = 'Hide password',
  disabled,
  autoComplete = 'current-password',
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = React.useState(false);
  return (
    <div data-slot="password-input" className={cn('relative', className)}>
      <Input
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        disabled={disabled}
        className="pr-11"
        {...props}
      />
      <button
        type="button"
        data-slot="password-toggle"
        aria-label={visible ? hideLabel : showLabel}
        aria-pressed={visible}
        disabled={disabled}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted outline-none transition-colors duration-base hover:text-fg focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-disabled"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  );
}

export { PasswordInput };
export type { PasswordInputProps };
