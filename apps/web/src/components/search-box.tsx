import type { SearchSuggestions } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Button } from '@vetted/ui/button';
import { Combobox, type ComboboxOption } from '@vetted/ui/combobox';
import { cn } from '@vetted/ui';
import { Search } from 'lucide-react';
import * as React from 'react';
import { useLocation } from 'wouter';
import { SUGGEST_MIN_CHARS, useSearchSuggestions } from '../lib/hooks/use-search-suggestions';
import { useSavedLocation } from '../lib/location';
import { useSession } from '../lib/session';

/** One type-ahead suggestion, by kind. */
export type Suggestion =
  | { kind: 'category'; slug: string; name: string }
  | { kind: 'service'; id: string; title: string; vendorName: string }
  | { kind: 'vendor'; id: string; businessName: string };

type SuggestionOption = ComboboxOption & { suggestion: Suggestion };

/** The suggestions as combobox options: categories, then services, then pros. */
export function suggestionOptions(suggestions: SearchSuggestions | undefined): SuggestionOption[] {
  if (!suggestions) return [];
  return [
    ...suggestions.categories.map((c) => ({
      value: `category:${c.slug}`,
      label: c.name,
      description: 'Category',
      suggestion: { kind: 'category' as const, ...c },
    })),
    ...suggestions.services.map((s) => ({
      value: `service:${s.id}`,
      label: s.title,
      description: `Service · ${s.vendorName}`,
      suggestion: { kind: 'service' as const, ...s },
    })),
    ...suggestions.vendors.map((v) => ({
      value: `vendor:${v.id}`,
      label: v.businessName,
      description: 'Pro',
      suggestion: { kind: 'vendor' as const, ...v },
    })),
  ];
}

export interface SearchBoxViewProps {
  /** Id of the text field (unique on the page). */
  id: string;
  /** Accessible name of the field (visually hidden). */
  label: string;
  /** Text in the field. */
  value: string;
  onValueChange: (text: string) => void;
  /** Suggestions for the text; none yet: undefined. */
  suggestions?: SearchSuggestions;
  /** Suggestions are being fetched. */
  loading?: boolean;
  /** A suggestion was picked (click, or Enter on the highlighted one). */
  onPick: (suggestion: Suggestion) => void;
  /** The form was sent with this text (Enter with nothing highlighted, or the button). */
  onSubmit: (q: string) => void;
  /**
   * Field and button size: `lg` in the home page's hero.
   * @defaultValue 'md'
   */
  size?: 'md' | 'lg';
  /** @defaultValue 'Try “leaking tap”, “haircut” or “electrician”' */
  placeholder?: string;
  /**
   * `panel`: a raised box with a Search button (home hero, `/search`); `compact`: the field
   * alone, for the site header (Enter searches).
   * @defaultValue 'panel'
   */
  variant?: 'panel' | 'compact';
  className?: string;
}

/**
 * The site search with type-ahead: an accessible combobox (ArrowDown/ArrowUp move
 * through the suggestions, Enter picks one or searches the text, Escape closes the list) and a
 * Search button. Presentational: the caller fetches suggestions for `value`.
 */
export function SearchBoxView({
  id,
  label,
  value,
  onValueChange,
  suggestions,
  loading = false,
  onPick,
  onSubmit,
  size = 'md',
  placeholder = 'Try “leaking tap”, “haircut” or “electrician”',
  variant = 'panel',
  className,
}: SearchBoxViewProps) {
  const options = React.useMemo(() => suggestionOptions(suggestions), [suggestions]);
  return (
    <search className="contents">
      <form
        className={cn(
          variant === 'panel'
            ? 'flex w-full flex-col gap-2 rounded-xl border border-border bg-surface p-2 shadow-lg sm:flex-row sm:items-center'
            : 'w-full',
          className,
        )}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(value.trim());
        }}
      >
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 z-10 size-4 -translate-y-1/2 text-muted"
          />
          <Combobox
            id={id}
            name="q"
            enterKeyHint="search"
            inputValue={value}
            onInputValueChange={onValueChange}
            options={options}
            loading={loading}
            minChars={SUGGEST_MIN_CHARS}
            listLabel="Suggestions"
            onSelectOption={(option) => onPick((option as SuggestionOption).suggestion)}
            placeholder={placeholder}
            className={cn(
              'rounded-pill pl-10',
              size === 'lg' ? 'h-12 text-base' : variant === 'compact' ? 'h-9' : 'h-10',
            )}
          />
        </div>
        {variant === 'panel' ? (
          <Button type="submit" size={size} className="sm:w-auto">
            Search
          </Button>
        ) : null}
      </form>
    </search>
  );
}

/** Waits `ms` after the last change of `value` before returning it. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Pause after the last keystroke before asking for suggestions (ms). */
const SUGGEST_DEBOUNCE_MS = 150;

export interface SearchBoxProps
  extends Pick<SearchBoxViewProps, 'id' | 'size' | 'placeholder' | 'variant' | 'className'> {
  /**
   * Text to start with, e.g. the current search on `/search`. The field follows it when it
   * changes (a new search, or the real query after hydration).
   * @defaultValue ''
   */
  defaultValue?: string;
  /** @defaultValue 'What do you need help with?' */
  label?: string;
  /**
   * The search page the box leads to (the signed-in Services page searches in place).
   * @defaultValue ROUTES.search
   */
  searchPath?: string;
}

/**
 * {@link SearchBoxView} with suggestions from `GET /v1/search/suggest` (near the saved place)
 * and navigation: the text searches `/search?q=`, a category opens its results, a service
 * searches its title, a pro opens their page (signed-in customers; others sign in first).
 */
export function SearchBox({
  defaultValue = '',
  label = 'What do you need help with?',
  searchPath = ROUTES.search,
  ...props
}: SearchBoxProps) {
  const [, navigate] = useLocation();
  const { role } = useSession();
  const place = useSavedLocation();
  const [text, setText] = React.useState(defaultValue);
  // Suggestions follow typing: the search the page opened with is not asked for again (nor does
  // a page rendered on the server show a spinner for it).
  const [edited, setEdited] = React.useState(false);
  React.useEffect(() => {
    setText(defaultValue);
    setEdited(false);
  }, [defaultValue]);
  // Text typed into the server's HTML before hydration: React leaves it in the field but not in
  // `text`, so a search would send the old words and the next render would wipe the field.
  // Adopt it once hydrated (this runs after the effect above).
  const fieldId = props.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  React.useEffect(() => {
    const field = fieldId ? document.getElementById(fieldId) : null;
    if (field instanceof HTMLInputElement && field.value !== defaultValue) {
      setText(field.value);
      setEdited(true);
    }
  }, []);
  const typed = useDebounced(text, SUGGEST_DEBOUNCE_MS);
  const { data, isLoading } = useSearchSuggestions(edited ? typed : null, place);

  const search = (query: Record<string, string | null>) =>
    navigate(buildLink(searchPath, { query }));
  const pick = (s: Suggestion) => {
    if (s.kind === 'category') {
      setText('');
      return search({ category: s.slug });
    }
    if (s.kind === 'service') {
      setText(s.title);
      return search({ q: s.title });
    }
    const vendorPage = buildLink(ROUTES.user.vendor, { params: { id: s.id } });
    navigate(
      role === 'customer'
        ? vendorPage
        : buildLink(ROUTES.login, { query: { redirect: vendorPage } }),
    );
  };

  return (
    <SearchBoxView
      {...props}
      label={label}
      value={text}
      onValueChange={(next) => {
        setEdited(true);
        setText(next);
      }}
      suggestions={text.trim().length >= SUGGEST_MIN_CHARS ? data : undefined}
      loading={isLoading && text.trim().length >= SUGGEST_MIN_CHARS}
      onPick={pick}
      onSubmit={(q) => search({ q: q || null })}
    />
  );
}
