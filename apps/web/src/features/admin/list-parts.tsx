import type { Paged } from '@vetted/contract';
import {
  EmptyState,
  FormField,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Table,
  TableBody,
  TableCaption,
  TableHead,
  TableHeader,
  TableRow,
} from '@vetted/ui';
import { SearchX } from 'lucide-react';
import type * as React from 'react';

/*
 * The parts every admin list page (orders, users, vendors, audit log) is built from: its frame,
 * its filters, its empty state and its table. `PagedList` is the body between them.
 */

/** What every admin list view takes besides its filters: the page shown, its state, paging. */
export interface AdminListProps<T> {
  /** The page shown; kept while the next one loads. */
  data?: Paged<T>;
  /** A newer page is loading: the table is marked busy. */
  isLoading?: boolean;
  /** The page could not load; shown when there is no page to keep showing. */
  error?: Error | null;
  onRetry?: () => void;
  /** Asks for another page (1-based). */
  onPageChange: (page: number) => void;
}

/**
 * A list searched by a query and filtered (or tabbed) by a status, both kept in the URL by the
 * page: what it shows and how it says a change.
 */
export interface FilteredListProps<T, S extends string> extends AdminListProps<T> {
  /** The search typed; empty for none. */
  query: string;
  onQueryChange: (query: string) => void;
  /** The status shown: one, or `all`. */
  status: S;
  onStatusChange: (status: S) => void;
}

/** The options of a {@link FilterSelect} from a table keyed by value, in the table's order. */
export function optionsFrom<K extends string, V>(
  table: Record<K, V>,
  label: (entry: V, key: K) => string,
): FilterOption<K>[] {
  return (Object.keys(table) as K[]).map((key) => ({ value: key, label: label(table[key], key) }));
}

/** The frame of an admin list page: the page header, then the filter row and the list. */
export function AdminListPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  /** Buttons beside the title. */
  actions?: React.ReactNode;
  /** The filter row and the list (or tabs holding both). */
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}

/**
 * The props a list's `SearchInput` takes from its query: the value, typing, and the clear
 * button emptying it.
 */
export function searchInputProps(query: string, onQueryChange: (query: string) => void) {
  return {
    value: query,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onQueryChange(e.currentTarget.value),
    onClear: () => onQueryChange(''),
  };
}

/** One choice of a {@link FilterSelect}. */
export interface FilterOption<T extends string> {
  value: T;
  label: string;
}

/** A labelled filter of a list: "any" (`all`) first, then each of `options`. */
export function FilterSelect<T extends string>({
  label,
  value,
  onChange,
  allLabel,
  options,
}: {
  label: string;
  value: T | 'all';
  onChange: (value: T | 'all') => void;
  /** The words of the `all` choice, e.g. "Any status". */
  allLabel: string;
  options: readonly FilterOption<T>[];
}) {
  return (
    <FormField label={label}>
      <Select value={value} onValueChange={(v) => onChange(v as T | 'all')}>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}

/** The title and sentence of an empty state. */
export interface EmptyWords {
  title: string;
  description: string;
}

/**
 * An empty list: "nothing matches" (with the search icon) while a search or filter is on, else
 * `none` with its own icon.
 */
export function ListEmpty({
  filtered,
  noMatch,
  none,
}: {
  filtered: boolean;
  noMatch: EmptyWords;
  none: EmptyWords & { icon: React.ReactNode };
}) {
  return filtered ? <EmptyState icon={<SearchX />} {...noMatch} /> : <EmptyState {...none} />;
}

/** A column head of an {@link AdminTable}: its words, or its words and classes. */
export type AdminColumn = string | { label: string; className: string };

/**
 * A table of the admin console: named `label` (its scroll region too), a caption (read by
 * screen readers only unless `captionClassName` says otherwise), the column heads and `children`
 * rows.
 */
export function AdminTable({
  label,
  caption,
  captionClassName = 'sr-only',
  busy,
  columns,
  children,
}: {
  label: string;
  caption: React.ReactNode;
  /** @defaultValue 'sr-only' */
  captionClassName?: string;
  /** A newer page is loading (`aria-busy`). */
  busy?: boolean;
  columns: readonly AdminColumn[];
  children: React.ReactNode;
}) {
  return (
    <Table label={label} aria-busy={busy || undefined}>
      <TableCaption className={captionClassName}>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <TableHead key={column}>{column}</TableHead>
            ) : (
              <TableHead key={column.label} className={column.className}>
                {column.label}
              </TableHead>
            ),
          )}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
