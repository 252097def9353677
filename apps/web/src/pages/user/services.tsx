import type { VendorListQuery } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  Button,
  Container,
  Label,
  PageHeader,
  SearchInput,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@vetted/ui';
import { LocateFixed, MapPin, X } from 'lucide-react';
import * as React from 'react';
import { useSearchParams } from 'wouter';
import { useCategories } from '../../hooks/use-categories';
import { useVendors } from '../../hooks/use-vendors';
import { getBrowserPosition, saveLocation, useSavedLocation } from '../../lib/location';
import { VendorListView } from './vendor-list-view';
import { toast } from '../../lib/toast';

const SORTS = [
  { value: 'recommended', label: 'Recommended' },
  { value: 'distance', label: 'Distance' },
  { value: 'rating', label: 'Rating' },
  { value: 'price', label: 'Price: low to high' },
] as const;
type Sort = (typeof SORTS)[number]['value'];

/** Radius of "near me", in km. */
const NEAR_RADIUS_KM = 25;

/** `/user/services`: vendors filtered by category, text, distance; sorted; paginated. */
export function UserServicesPage() {
  const [params, setParams] = useSearchParams();
  const location = useSavedLocation();
  const { data: categories } = useCategories();
  const category = params.get('category') ?? '';
  const q = params.get('q') ?? '';
  const near = params.get('near') === '1' && location !== null;
  const sortParam = (params.get('sort') ?? 'recommended') as Sort;
  const sort: Sort = sortParam === 'distance' && !location ? 'recommended' : sortParam;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = React.useState(q);
  const [locating, setLocating] = React.useState(false);
  React.useEffect(() => setText(q), [q]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const query: VendorListQuery = {
    page,
    pageSize: 12,
    sort,
    category: category || undefined,
    q: q || undefined,
  };
  if (location && (near || sort === 'distance')) {
    query.lat = location.lat;
    query.lng = location.lng;
    if (near) query.radiusKm = NEAR_RADIUS_KM;
  }
  const { data, error, isLoading, isValidating, mutate } = useVendors(query);

  const toggleNear = async () => {
    if (near) return update({ near: null });
    if (!location) {
      setLocating(true);
      try {
        const pos = await getBrowserPosition();
        saveLocation({ ...pos, label: 'Current location' });
      } catch (err) {
        toast.error((err as Error).message);
        return;
      } finally {
        setLocating(false);
      }
    }
    update({ near: '1', sort: 'distance' });
  };

  const categoryName = categories?.find((c) => c.slug === category)?.name;
  const filtered = Boolean(category || q || near);

  return (
    <Container className="flex flex-col gap-6">
      <PageHeader
        title={categoryName ?? 'Services'}
        description="Vetted pros you can book today. Filter by category, search, or look close to home."
      />
      <div className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 lg:flex-row lg:items-end">
        <search className="contents">
          <form
            className="flex flex-1 flex-col gap-1.5"
            onSubmit={(e) => {
              e.preventDefault();
              update({ q: text.trim() || null });
            }}
          >
            <Label htmlFor="services-q">Search</Label>
            <SearchInput
              id="services-q"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onClear={() => {
                setText('');
                update({ q: null });
              }}
              placeholder="Name, trade or service"
            />
          </form>
        </search>
        <div className="grid grid-cols-2 gap-3 lg:flex lg:items-end">
          <div className="flex flex-col gap-1.5 lg:w-48">
            <Label htmlFor="services-category">Category</Label>
            <Select
              value={category || 'all'}
              onValueChange={(v) => update({ category: v === 'all' ? null : v })}
            >
              <SelectTrigger id="services-category">
                <SelectValue placeholder="All categories" />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All categories</SelectItem>
                {categories?.map((c) => (
                  <SelectItem key={c.slug} value={c.slug}>
                    {c.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-1.5 lg:w-48">
            <Label htmlFor="services-sort">Sort by</Label>
            <Select
              value={sort}
              onValueChange={(v) => update({ sort: v === 'recommended' ? null : v })}
            >
              <SelectTrigger id="services-sort">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SORTS.map((s) => (
                  <SelectItem
                    key={s.value}
                    value={s.value}
                    disabled={s.value === 'distance' && !location}
                  >
                    {s.label}
                    {s.value === 'distance' && !location ? ' (set a location)' : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button
            type="button"
            variant={near ? 'secondary' : 'outline'}
            aria-pressed={near}
            onClick={toggleNear}
            loading={locating}
            className="col-span-2 lg:col-span-1"
          >
            {near ? <MapPin aria-hidden="true" /> : <LocateFixed aria-hidden="true" />}
            Near me
          </Button>
        </div>
      </div>
      {near && location ? (
        <p className="-mt-2 text-sm text-muted">
          Within {NEAR_RADIUS_KM} km of {location.label || 'your saved location'}.
        </p>
      ) : null}
      <div aria-busy={isValidating}>
        <VendorListView
          data={data}
          isLoading={isLoading}
          error={error}
          onRetry={() => mutate()}
          hrefFor={(v) => buildLink(ROUTES.user.vendor, { params: { id: v.id } })}
          onPageChange={(p) => update({ page: String(p) })}
          emptyAction={
            filtered ? (
              <Button variant="outline" onClick={() => setParams(new URLSearchParams())}>
                <X aria-hidden="true" />
                Clear filters
              </Button>
            ) : null
          }
        />
      </div>
    </Container>
  );
}
