import type { Category, VendorOwnProfile, VendorService } from '@vetted/contract';
import { Badge, Button, Card, FormField } from '@vetted/ui';
import { Plus } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { CategoryIcon } from '../../components/category-icon';
import { CategorySelect } from '../../components/category-select';
import { errorMessage } from '../../lib/errors';

/** One category of the pro, with the counts of their services in it. */
export interface MyCategory {
  slug: string;
  name: string;
  description?: string;
  icon: string;
  main: boolean;
  services: number;
  active: number;
}

/**
 * The pro's categories — the main one first, then each one a service (not archived) is in, with
 * how many services and how many active — and `others`, the categories they are not in yet.
 * Names and icons come from `categories`; one missing there keeps the service's name and the
 * `wrench` icon.
 */
export function myCategories(
  main: { slug: string; name: string },
  services: VendorService[],
  categories: Category[],
): { mine: MyCategory[]; others: Category[] } {
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
  return { mine: [...mine.values()], others: categories.filter((c) => !mine.has(c.slug)) };
}

/**
 * The chosen main category and its save: `choice` follows the saved one when that changes;
 * `saved` names the category just saved (for the status line), `saveError` the refusal.
 */
function useMainCategoryChoice(
  mainSlug: string,
  categories: Category[],
  onChangeMain: (slug: string) => Promise<void>,
) {
  const [choice, setChoice] = React.useState(mainSlug);
  const [saving, setSaving] = React.useState(false);
  const [saveError, setSaveError] = React.useState<string | null>(null);
  const [saved, setSaved] = React.useState<string | null>(null);
  React.useEffect(() => {
    setChoice(mainSlug);
  }, [mainSlug]);

  const choose = (slug: string) => {
    setChoice(slug);
    setSaved(null);
  };
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (choice === mainSlug) return;
    setSaving(true);
    setSaveError(null);
    setSaved(null);
    try {
      await onChangeMain(choice);
      setSaved(categories.find((c) => c.slug === choice)?.name ?? choice);
    } catch (err) {
      setSaveError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return { choice, choose, save, saving, saveError, saved };
}

/** The main category's card: its icon and name, and a form to change it. */
export function MainCategoryCard({
  profile,
  categories,
  onChangeMain,
}: {
  profile: VendorOwnProfile;
  categories: Category[];
  /** Makes `slug` the main category; rejects with the error to show under the choice. */
  onChangeMain: (slug: string) => Promise<void>;
}) {
  const main = profile.profile.primaryCategory;
  const mainFull = categories.find((c) => c.slug === main.slug);
  const { choice, choose, save, saving, saveError, saved } = useMainCategoryChoice(
    main.slug,
    categories,
    onChangeMain,
  );
  return (
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
            <CategorySelect value={choice} onChange={choose} categories={categories} />
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
  );
}

/** "No services yet", "1 service, active" or "3 services, 2 active". */
function countText(c: MyCategory): string {
  if (c.services === 0) return 'No services yet';
  if (c.services === 1) return c.active ? '1 service, active' : '1 service, inactive';
  return `${c.services} services, ${c.active} active`;
}

/**
 * One of the pro's categories: its counts, whether customers find the pro there (the main one or
 * one with an active service, once `approved`), and links to its services and to add one.
 */
export function MyCategoryCard({
  category: c,
  approved,
  servicesHref,
  newServiceHref,
}: {
  category: MyCategory;
  approved: boolean;
  servicesHref: (slug: string) => string;
  newServiceHref: (slug: string) => string;
}) {
  return (
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
  );
}
