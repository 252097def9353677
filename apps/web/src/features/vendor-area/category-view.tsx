import { MESSAGES } from '@vetted/api-client';
import type { Category, VendorOwnProfile, VendorService } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Badge,
  Button,
  Card,
  FormField,
  PageHeader,
  Skeleton,
} from '@vetted/ui';
import { Info, Plus } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { CategoryIcon } from '../../components/category-icon';
import { CategorySelect } from '../../components/category-select';
import { ErrorState } from '../../components/error-state';
import { errorMessage } from '../../lib/errors';

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

/** One category of the pro, with the counts of their services in it. */
interface MyCategory {
  slug: string;
  name: string;
  description?: string;
  icon: string;
  main: boolean;
  services: number;
  active: number;
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
  const main = profile.profile.primaryCategory;
  const [choice, setChoice] = React.useState(main.slug);
  const [saving, setSaving] = React.useState(false);
  const [saveError, setSaveError] = React.useState<string | null>(null);
  const [saved, setSaved] = React.useState<string | null>(null);
  React.useEffect(() => {
    setChoice(main.slug);
  }, [main.slug]);

  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const mine = new Map<string, MyCategory>();
  const add = (slug: string, name: string) => {
    if (!mine.has(slug)) {
      const full = bySlug.get(slug);
      mine.set(slug, {
        slug,
        name: full?.name ?? name,
        description: full?.description,
        icon: full?.icon ?? 'wrench',
        main: slug === main.slug,
        services: 0,
        active: 0,
      });
    }
    return mine.get(slug) as MyCategory;
  };
  add(main.slug, main.name);
  for (const s of services) {
    if (s.archivedAt) continue;
    const entry = add(s.category.slug, s.category.name);
    entry.services += 1;
    if (s.active) entry.active += 1;
  }
  const others = categories.filter((c) => !mine.has(c.slug));
  const approved = profile.vettingStatus === 'approved';

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (choice === main.slug) return;
    setSaving(true);
    setSaveError(null);
    setSaved(null);
    try {
      await onChangeMain(choice);
      setSaved(bySlug.get(choice)?.name ?? choice);
    } catch (err) {
      setSaveError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const mainFull = bySlug.get(main.slug);

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
      <Card>
        <div className="flex items-start gap-4">
          <div
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-md bg-primary-soft text-link [&_svg]:size-6"
          >
            <CategoryIcon name={mainFull?.icon ?? 'wrench'} />
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="text-lg font-semibold">Main category: {mainFull?.name ?? main.name}</h2>
            <p className="text-sm text-muted">
              Shown with your name in search and on your page. You are listed in it even before you
              add a service there.
            </p>
          </div>
        </div>
        <form onSubmit={save} className="flex flex-col gap-2" noValidate>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <FormField label="Change your main category" error={saveError} className="sm:w-72">
              <CategorySelect
                value={choice}
                onChange={(slug) => {
                  setChoice(slug);
                  setSaved(null);
                }}
                categories={categories}
              />
            </FormField>
            <Button type="submit" loading={saving} disabled={choice === main.slug}>
              Save main category
            </Button>
          </div>
          <p role="status" className="text-sm text-muted">
            {saved ? `${saved} is now your main category.` : ''}
          </p>
        </form>
      </Card>

      <section aria-labelledby="my-categories" className="flex flex-col gap-3">
        <h2 id="my-categories" className="text-lg font-semibold">
          Your categories
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {[...mine.values()].map((c) => (
            <li key={c.slug} className="grid">
              <Card className="gap-3">
                <div className="flex items-start gap-3">
                  <div
                    aria-hidden="true"
                    className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary-soft text-link [&_svg]:size-5"
                  >
                    <CategoryIcon name={c.icon} />
                  </div>
                  <div className="flex min-w-0 flex-col gap-1">
                    <h3 className="flex flex-wrap items-center gap-2 font-semibold">
                      {c.name}
                      {c.main ? <Badge>Main</Badge> : null}
                    </h3>
                    <p className="text-sm text-muted">{countText(c)}</p>
                    <p className="text-xs text-muted">
                      {c.main || c.active > 0
                        ? approved
                          ? 'Customers find you here.'
                          : 'Customers will find you here once you are approved.'
                        : 'Not shown to customers: no active service here.'}
                    </p>
                  </div>
                </div>
                <div className="mt-auto flex flex-wrap gap-2">
                  {c.services > 0 ? (
                    <Button asChild size="sm" variant="outline">
                      <Link href={servicesHref(c.slug)} aria-label={`Your services in ${c.name}`}>
                        Your services
                      </Link>
                    </Button>
                  ) : null}
                  <Button asChild size="sm" variant="secondary">
                    <Link href={newServiceHref(c.slug)} aria-label={`Add a service in ${c.name}`}>
                      <Plus aria-hidden="true" />
                      Add a service
                    </Link>
                  </Button>
                </div>
              </Card>
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

/** "No services yet", "1 service, active" or "3 services, 2 active". */
function countText(c: MyCategory): string {
  if (c.services === 0) return 'No services yet';
  if (c.services === 1) return c.active ? '1 service, active' : '1 service, inactive';
  return `${c.services} services, ${c.active} active`;
}
