import { MESSAGES } from '@vetted/api-client';
import type { Category } from '@vetted/contract';
import { CategoryCard, EmptyState, Skeleton } from '@vetted/ui';
import { LayoutGrid } from 'lucide-react';
import { CategoryIcon } from '../../components/category-icon';
import { ErrorState } from '../../components/error-state';
import { placeholders } from '../../lib/placeholders';

export interface CategoryGridViewProps {
  categories?: Category[];
  isLoading?: boolean;
  error?: Error | null;
  errorTitle?: string;
  onRetry?: () => void;
  hrefFor: (category: Category) => string;
  /** Show at most this many. */
  limit?: number;
}

/** Category tiles with loading, empty and error states. */
export function CategoryGridView({
  categories,
  isLoading,
  error,
  errorTitle = MESSAGES.errorLoadingServiceCategory,
  onRetry,
  hrefFor,
  limit,
}: CategoryGridViewProps) {
  if (error && !categories) {
    return <ErrorState title={errorTitle} message={error.message} onRetry={onRetry} />;
  }
  if (isLoading || !categories) {
    return (
      <div
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        role="status"
        aria-busy="true"
        aria-label="Loading categories"
      >
        {placeholders(limit ?? 6).map((id) => (
          <Skeleton key={id} className="h-28 rounded-lg" />
        ))}
      </div>
    );
  }
  if (categories.length === 0) {
    return (
      <EmptyState
        icon={<LayoutGrid />}
        title="No categories yet"
        description="Pros are joining Vetted every day. Check back soon."
      />
    );
  }
  const shown = limit ? categories.slice(0, limit) : categories;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((c) => (
        <li key={c.id} className="grid">
          <CategoryCard
            name={c.name}
            description={c.description}
            icon={<CategoryIcon name={c.icon} />}
            count={c.vendorCount}
            href={hrefFor(c)}
          />
        </li>
      ))}
    </ul>
  );
}
