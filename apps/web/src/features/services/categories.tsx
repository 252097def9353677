import { buildLink, ROUTES } from '@vetted/session';
import { Container, PageHeader } from '@vetted/ui';
import { useCategories } from '../../lib/hooks/use-categories';
import { CategoryGridView } from './category-grid-view';

/** `/user/category`: every category; a tile opens the services list filtered by it. */
export function UserCategoriesPage() {
  const { data, error, isLoading, mutate } = useCategories();
  return (
    <Container className="flex flex-col gap-8">
      <PageHeader title="Categories" description="Pick the kind of help you need." />
      <CategoryGridView
        categories={data}
        isLoading={isLoading}
        error={error}
        onRetry={() => mutate()}
        hrefFor={(c) => buildLink(ROUTES.user.services, { query: { category: c.slug } })}
      />
    </Container>
  );
}
