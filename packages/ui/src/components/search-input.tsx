import { Search, X } from 'lucide-react';
import { cn } from '../lib/utils';
import { Input, type InputProps } from './input';

type SearchInputProps = Omit<InputProps, 'type'> & {
  /** Called when the clear button is pressed; the button shows only when this is set and there is a value. */
  onClear?: () => void;
  /**
   * Accessible name of the clear button.
   * @defaultValue 'Clear search'
   */
  clearLabel?: string;
};

/** A search field (`type="search"`) with a magnifier icon and an optional clear button. */
function SearchInput({
  className,
  onClear,
  clearLabel = 'Clear search',
  value,
  ...props
}: SearchInputProps) {
  const hasValue = value !== undefined && value !== null && String(value).length > 0;
  return (
    <div data-slot="search-input" className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted"
      />
      <Input
        type="search"
        value={value}
        className="rounded-pill pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden"
        {...props}
      />
      {onClear && hasValue ? (
        <button
          type="button"
          aria-label={clearLabel}
          onClick={onClear}
          className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-full text-muted outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
    </div>
  );
}

export { SearchInput };
export type { SearchInputProps };
