import { buildLink, ROUTES } from '@vetted/session';
import { Badge, Button, Container, PageHeader } from '@vetted/ui';
import { Link, useSearchParams } from 'wouter';
import { useCategories } from '../../hooks/use-categories';
import { useVendors } from '../../hooks/use-vendors';
import { useSession } from '../../lib/session';
import { VendorListView } from '../user/vendor-list-view';
import { HeroSearch } from './home';

/** `/search?q=` (and `?category=`): public vendor search (spec §2 search target). */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const category = params.get('category') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { role } = useSession();
  const { data: categories } = useCategories();
  const categoryName = categories?.find((c) => c.slug === category)?.name;
  const { data, error, isLoading, mutate } = useVendors({
    q: q || undefined,
    category,
    page,
    pageSize: 12,
  });

  const vendorHref = (id: string) => {
    const target = buildLink(ROUTES.user.vendor, { params: { id } });
    if (role === 'customer') return target;
    return buildLink(ROUTES.login, { query: { redirect: target } });
  };

  const title = q ? `Results for “${q}”` : categoryName ? categoryName : 'Find a pro';

  return (
    <Container className="py-10 md:py-14">
      <PageHeader
        title={title}
        description="Vetted pros, sorted by our recommendation. Sign in to book and to see who is nearest."
      />
      <div className="mt-6 max-w-2xl">
        <HeroSearch size="md" key={q} />
      </div>
      {category ? (
        <p className="mt-4 flex items-center gap-2 text-sm">
          Category: <Badge variant="secondary">{categoryName ?? category}</Badge>
          <Button asChild variant="link" size="sm">
            <Link href={buildLink(ROUTES.search, { query: { q: q || null } })}>Clear</Link>
          </Button>
        </p>
      ) : null}
      <div className="mt-8">
        <VendorListView
          data={data}
          error={error}
          isLoading={isLoading}
          onRetry={() => mutate()}
          hrefFor={(v) => vendorHref(v.id)}
          onPageChange={(p) => {
            const next = new URLSearchParams(params);
            next.set('page', String(p));
            setParams(next);
          }}
          emptyAction={
            <Button asChild variant="outline">
              <Link href={ROUTES.services}>Browse all categories</Link>
            </Button>
          }
        />
      </div>
    </Container>
  );
}
