import * as React from 'react';
import { cn } from '../lib/utils';
import { inputVariants } from './input';
import { Spinner } from './spinner';

const POPUP_CLASSES =
  'absolute inset-x-0 top-full z-50 mt-1 max-h-72 overflow-y-auto rounded-md border border-border bg-surface-raised p-1 text-fg shadow-lg';

/** One choice of a {@link Combobox}. */
interface ComboboxOption {
  /** Stable, unique key of the option (not shown). */
  value: string;
  /** Main text of the option; also its accessible name. */
  label: string;
  /** Second, muted line (e.g. region and country of a city). */
  description?: string;
}

type ComboboxProps = Omit<
  React.ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'onSelect' | 'size' | 'type' | 'children'
> & {
  /** Text in the field (controlled). */
  inputValue: string;
  /** Called with the new text on every keystroke; fetch the options from it. */
  onInputValueChange: (text: string) => void;
  /** The options for the current text, best first. */
  options: readonly ComboboxOption[];
  /** Called when an option is picked (click, or Enter on the highlighted option). */
  onSelectOption: (option: ComboboxOption) => void;
  /**
   * Options are being fetched: a spinner shows in the field and the list keeps the last options.
   * @defaultValue false
   */
  loading?: boolean;
  /**
   * Shown in the open list when there are no options and nothing is loading; nothing when unset.
   */
  emptyMessage?: React.ReactNode;
  /**
   * Accessible name of the list of options.
   * @defaultValue 'Suggestions'
   */
  listLabel?: string;
  /**
   * Fewest characters typed before the list opens.
   * @defaultValue 1
   */
  minChars?: number;
  /** Classes of the wrapper (the input takes `className`). */
  wrapperClassName?: string;
};

/**
 * The highlighted option of a {@link Combobox} (an index; -1 for none): reset when a different
 * list of options comes in, and scrolled into view in the listbox (`listRef`) while expanded.
 */
function useActiveOption(
  options: readonly ComboboxOption[],
  expanded: boolean,
  optionId: (index: number) => string,
) {
  const [active, setActive] = React.useState(-1);
  const listRef = React.useRef<HTMLDivElement>(null);

  // A different list of options resets the highlight (the old index may point elsewhere now);
  // the same options in a new array (a re-render of the caller) keep it.
  const optionsKey = options.map((o) => o.value).join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the options change
  React.useEffect(() => setActive(-1), [optionsKey]);

  React.useEffect(() => {
    if (!expanded || active < 0) return;
    listRef.current
      ?.querySelector(`#${CSS.escape(optionId(active))}`)
      ?.scrollIntoView({ block: 'nearest' });
  });

  return { active, setActive, listRef };
}

/** The text of the polite live region: how many suggestions, or the "no results" note. */
function suggestionStatus(
  count: number,
  expanded: boolean,
  emptyShown: boolean,
  emptyMessage: React.ReactNode,
): string {
  return expanded
    ? `${count} suggestion${count === 1 ? '' : 's'}. Use the up and down arrows to choose.`
    : emptyShown
      ? typeof emptyMessage === 'string'
        ? emptyMessage
        : 'No suggestions'
      : '';
}

/**
 * The listbox of a {@link Combobox}: the options, the `active` one highlighted. Hidden (not
 * unmounted) when closed, so `aria-controls` always points at it.
 */
function ComboboxListbox({
  listRef,
  id,
  label,
  hidden,
  options,
  active,
  optionId,
  onPick,
  onHover,
}: {
  listRef: React.Ref<HTMLDivElement>;
  id: string;
  label: string;
  hidden: boolean;
  options: readonly ComboboxOption[];
  active: number;
  optionId: (index: number) => string;
  onPick: (option: ComboboxOption) => void;
  onHover: (index: number) => void;
}) {
  return (
    <div
      ref={listRef}
      id={id}
      role="listbox"
      aria-label={label}
      data-slot="combobox-list"
      hidden={hidden}
      className={POPUP_CLASSES}
    >
      {options.map((option, i) => (
        // The input keeps focus and handles the keys (ArrowUp/Down, Enter): options of an
        // aria-activedescendant combobox are never focused themselves (WAI-ARIA APG).
        // biome-ignore lint/a11y/useFocusableInteractive: see above
        // biome-ignore lint/a11y/useKeyWithClickEvents: see above
        <div
          key={option.value}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          data-slot="combobox-option"
          // Keep focus in the input: a click picks without blurring it first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option)}
          onMouseMove={() => onHover(i)}
          className={cn(
            'flex cursor-pointer flex-col rounded-sm px-3 py-2 text-sm',
            i === active && 'bg-primary-soft outline-2 outline-ring -outline-offset-2',
          )}
        >
          <span className="font-medium">{option.label}</span>
          {option.description ? (
            <span className="text-xs text-muted">{option.description}</span>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/**
 * An editable combobox with a list of suggestions (WAI-ARIA APG "list autocomplete"): the input
 * keeps focus and is `role="combobox"`; ArrowDown/ArrowUp move the highlighted option
 * (`aria-activedescendant`), Enter picks it, Escape closes the list, Tab leaves without picking.
 * The number of suggestions is announced in a polite live region. Fetching is the caller's: it
 * gets each keystroke through `onInputValueChange` and passes `options` back (debounce there).
 * Inside a {@link FormField} the input receives the field's id, description and invalid state.
 */
function Combobox({
  inputValue,
  onInputValueChange,
  options,
  onSelectOption,
  loading = false,
  emptyMessage,
  listLabel = 'Suggestions',
  minChars = 1,
  className,
  wrapperClassName,
  onKeyDown,
  onBlur,
  onFocus,
  id,
  disabled,
  ...props
}: ComboboxProps) {
  const generatedId = React.useId();
  const inputId = id ?? `combobox-${generatedId}`;
  const listId = `${inputId}-listbox`;
  const [open, setOpen] = React.useState(false);

  const enoughText = inputValue.trim().length >= minChars;
  const showEmpty = !loading && options.length === 0 && emptyMessage !== undefined;
  const showing = open && enoughText && !disabled;
  /** The listbox is open only with options; "no results" is a plain note beside it. */
  const expanded = showing && options.length > 0;
  const emptyShown = showing && showEmpty;
  const optionId = (i: number) => `${inputId}-option-${i}`;
  const { active, setActive, listRef } = useActiveOption(options, expanded, optionId);

  const pick = (option: ComboboxOption) => {
    onSelectOption(option);
    setOpen(false);
    setActive(-1);
  };

  const handleKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (!open) setOpen(true);
        if (options.length > 0) setActive((i) => (i + 1) % options.length);
        break;
      }
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) setOpen(true);
        if (options.length > 0) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      }
      case 'Enter': {
        const option = expanded && active >= 0 ? options[active] : undefined;
        if (option) {
          // Picking an option must not submit the surrounding form.
          event.preventDefault();
          pick(option);
        }
        break;
      }
      case 'Escape': {
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      }
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const status = suggestionStatus(options.length, expanded, emptyShown, emptyMessage);

  return (
    <div data-slot="combobox" className={cn('relative', wrapperClassName)}>
      <input
        data-slot="combobox-input"
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        disabled={disabled}
        value={inputValue}
        onChange={(event) => {
          onInputValueChange(event.target.value);
          setOpen(true);
        }}
        onKeyDown={handleKeyDown}
        onFocus={onFocus}
        onBlur={(event) => {
          onBlur?.(event);
          setOpen(false);
          setActive(-1);
        }}
        className={cn(inputVariants(), loading && 'pr-10', className)}
        {...props}
      />
      {loading ? (
        <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted">
          <Spinner size="sm" label="Loading suggestions" />
        </span>
      ) : null}
      <ComboboxListbox
        listRef={listRef}
        id={listId}
        label={listLabel}
        hidden={!expanded}
        options={options}
        active={active}
        optionId={optionId}
        onPick={pick}
        onHover={setActive}
      />
      {emptyShown ? (
        <div
          data-slot="combobox-empty"
          className={cn(POPUP_CLASSES, 'px-3 py-2 text-sm text-muted')}
        >
          {emptyMessage}
        </div>
      ) : null}
      <span role="status" aria-live="polite" className="sr-only">
        {status}
      </span>
    </div>
  );
}

export { Combobox };
export type { ComboboxOption, ComboboxProps };
