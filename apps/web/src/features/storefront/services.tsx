import { MESSAGES } from '@vetted/api-client';
import { buildLink, ROUTES } from '@vetted/session';
import { Button, Container, PageHeader } from '@vetted/ui';
import { Link } from 'wouter';
import { useCategories } from '../../lib/hooks/use-categories';
import { homeFor, useSession } from '../../lib/session';
import { CategoryGridView } from '../services';

/** Public `/services`: every category (each leading to its landing page), plus a sign-up prompt. */
export function PublicServicesPage() {
  const { role } = useSession();
  const { data, error, isLoading, mutate } = useCategories();
  return (
    <Container className="py-10 md:py-14">
      <PageHeader
        title="Services"
        description="Every kind of help you can book on Vetted, from vetted local pros."
        actions={
          <Button asChild>
            <Link href={role ? homeFor(role) : ROUTES.signup}>
              {role ? 'Go to dashboard' : 'Sign up to book'}
            </Link>
          </Button>
        }
      />
      <div className="mt-8">
        <CategoryGridView
          categories={data}
          isLoading={isLoading}
          error={error}
          errorTitle={MESSAGES.errorLoadingServiceCategory}
          onRetry={() => mutate()}
          // The category's landing page: its best-rated pros and the places they serve, a page
          // crawlers can follow (the search results are not indexed).
          hrefFor={(c) => buildLink(ROUTES.servicePage, { params: { category: c.slug } })}
        />
      </div>
    </Container>
  );
}
