import { MESSAGES } from '@vetted/api-client';
import type { Category, VendorOwnProfile, VendorService } from '@vetted/contract';
import { Alert, AlertDescription, Button, PageHeader, Skeleton } from '@vetted/ui';
import { Info } from 'lucide-react';
import { Link } from 'wouter';
import { CategoryIcon } from '../../components/category-icon';
import { ErrorState } from '../../components/error-state';
import { MainCategoryCard, MyCategoryCard, myCategories } from './category-parts';

export interface VendorCategoryViewProps {
  /** The pro's own profile (`GET /v1/vendor/profile`): the main category and vetting state. */
  profile?: VendorOwnProfile;
  /** The pro's services (`GET /v1/vendor/services`): the categories they are in. */
  services?: VendorService[];
  /** Every category (`GET /v1/categories`). */
  categories?: Category[];
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /**
   * Makes `slug` the main category (`PUT /v1/vendor/profile`, every other field unchanged).
   * Reject with the API's error to show it under the choice.
   */
  onChangeMain: (slug: string) => Promise<void>;
  /** The pro's services in one category. */
  servicesHref: (slug: string) => string;
  /** "New service" in one category. */
  newServiceHref: (slug: string) => string;
}

/**
 * `/vendor/category`: the pro's main category — with a way to change it — and every
 * category their services are in, each saying truthfully whether customers find them there (the
 * main category, and any with an active service; only once the profile is approved), with links
 * to those services and to add one; then the other categories to add a first service in.
 */
export function VendorCategoryView({
  profile,
  services,
  categories,
  isLoading,
  error,
  onRetry,
  onChangeMain,
  servicesHref,
  newServiceHref,
}: VendorCategoryViewProps) {
  const ready = profile && services && categories;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Categories"
        description="Where customers find you: your main category and the categories of your active services."
      />
      {error && !ready ? (
        <ErrorState
          title={MESSAGES.errorLoadingServiceCategory}
          message={error.message}
          onRetry={onRetry}
        />
      ) : isLoading || !ready ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading your categories"
          className="flex flex-col gap-4"
        >
          <Skeleton className="h-44" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-36" />
            <Skeleton className="h-36" />
          </div>
        </div>
      ) : (
        <CategoryContent
          profile={profile}
          services={services}
          categories={categories}
          onChangeMain={onChangeMain}
          servicesHref={servicesHref}
          newServiceHref={newServiceHref}
        />
      )}
    </div>
  );
}

/** The page once everything is loaded: the main category, the pro's categories, the others. */
function CategoryContent({
  profile,
  services,
  categories,
  onChangeMain,
  servicesHref,
  newServiceHref,
}: Required<
  Pick<
    VendorCategoryViewProps,
    'profile' | 'services' | 'categories' | 'onChangeMain' | 'servicesHref' | 'newServiceHref'
  >
>) {
  const { mine, others } = myCategories(profile.profile.primaryCategory, services, categories);
  const approved = profile.vettingStatus === 'approved';
  return (
    <>
      {approved ? null : (
        <Alert>
          <Info aria-hidden="true" />
          <AlertDescription>
            Customers see your categories once your profile is approved. Until then you can set them
            up freely.
          </AlertDescription>
        </Alert>
      )}
      <MainCategoryCard profile={profile} categories={categories} onChangeMain={onChangeMain} />

      <section aria-labelledby="my-categories" className="flex flex-col gap-3">
        <h2 id="my-categories" className="text-lg font-semibold">
          Your categories
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {mine.map((c) => (
            <li key={c.slug} className="grid">
              <MyCategoryCard
                category={c}
                approved={approved}
                servicesHref={servicesHref}
                newServiceHref={newServiceHref}
              />
            </li>
          ))}
        </ul>
      </section>

      {others.length > 0 ? (
        <section aria-labelledby="other-categories" className="flex flex-col gap-3">
          <div>
            <h2 id="other-categories" className="text-lg font-semibold">
              Offer something else?
            </h2>
            <p className="text-sm text-muted">
              Add a service in another category and customers find you there too.
            </p>
          </div>
          <ul className="flex flex-wrap gap-2">
            {others.map((c) => (
              <li key={c.slug}>
                <Button asChild size="sm" variant="outline">
                  <Link href={newServiceHref(c.slug)} aria-label={`Add a service in ${c.name}`}>
                    <CategoryIcon name={c.icon} />
                    {c.name}
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
