import { MESSAGES } from '@vetted/api-client';
import { buildLink, ROUTES } from '@vetted/session';
import { Button, Container, EmptyState } from '@vetted/ui';
import { SearchX } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { useCategories } from '../../lib/hooks/use-categories';
import { useMyService, useMyServices, useMyServiceWrites } from './use-my-services';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { useVendorProfile, useVendorProfileActions } from './use-vendor-profile';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { api } from '../../lib/vetted-api';
import { VendorCategoryView } from './category-view';
import { ServiceEditorView } from './service-editor-view';
import { VendorServicesView } from './services-view';

/*
 * The pro's listings: `/vendor/category`, `/vendor/services` and
 * `/vendor/services/service?id=` — thin pages wiring the pro's own endpoints (any vetting
 * state, unlike the public catalogue) to the views, each storied in its states.
 */

/** Editor link of service `id` (`'new'` for a new one, optionally in `category`). */
export function serviceEditorHref(id: string, category?: string): string {
  return buildLink(ROUTES.vendor.serviceDetail, { query: { id, category } });
}

/** The pro's services link, optionally one category's. */
function servicesHref(category?: string): string {
  return buildLink(ROUTES.vendor.services, { query: { category } });
}

/** `/vendor/category`: the main category (changeable) and the categories of the pro's services. */
export function VendorCategoriesPage() {
  const profile = useVendorProfile();
  const services = useMyServices();
  const categories = useCategories();
  const { update } = useVendorProfileActions();
  const error = profile.error ?? services.error ?? categories.error;
  return (
    <Container className="flex flex-col gap-6">
      <VendorCategoryView
        profile={profile.data}
        services={services.data}
        categories={categories.data}
        isLoading={profile.isLoading || services.isLoading || categories.isLoading}
        error={error}
        onRetry={() => {
          void profile.mutate();
          void services.mutate();
          void categories.mutate();
        }}
        onChangeMain={async (slug) => {
          // Fresh from the server, so nothing edited elsewhere meanwhile is written back stale.
          const { profile: current } = await api.vendor.profile();
          await update({
            businessName: current.businessName,
            tagline: current.tagline,
            bio: current.bio,
            primaryCategorySlug: slug,
            city: current.city,
            country: current.country,
            lat: current.lat,
            lng: current.lng,
            serviceRadiusKm: current.serviceRadiusKm,
          });
          toast.success('Main category changed');
        }}
        servicesHref={(slug) => servicesHref(slug)}
        newServiceHref={(slug) => serviceEditorHref('new', slug)}
      />
    </Container>
  );
}

/** `/vendor/services` (`?category=` for one category): the pro's services. */
export function VendorServicesPage() {
  const [params] = useSearchParams();
  const slug = params.get('category');
  const services = useMyServices();
  const categories = useCategories(Boolean(slug));
  const name =
    categories.data?.find((c) => c.slug === slug)?.name ??
    services.data?.find((s) => s.category.slug === slug)?.category.name ??
    slug;
  return (
    <Container className="flex flex-col gap-6">
      <VendorServicesView
        services={services.data}
        isLoading={services.isLoading}
        error={services.error}
        onRetry={() => services.mutate()}
        category={slug && name ? { slug, name } : null}
        newServiceHref={serviceEditorHref('new', slug ?? undefined)}
        serviceHref={(id) => serviceEditorHref(id)}
        allServicesHref={servicesHref()}
      />
    </Container>
  );
}

/**
 * `/vendor/services/service?id=<id>` (`id=new` for a new service, `&category=` to preselect
 * one): the service editor. `?serviceId=` (the earlier link) still opens a service.
 */
export function VendorServicePage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const id = params.get('id') ?? params.get('serviceId');
  const isNew = id === 'new';
  const service = useMyService(isNew ? null : id);
  const categories = useCategories();
  const profile = useVendorProfile(isNew);
  const myServices = useMyServices(isNew);
  const writes = useMyServiceWrites();
  usePageTitle(isNew ? 'New service' : service.data?.title);

  if (!id) {
    return (
      <Container>
        <EmptyState
          icon={<SearchX />}
          title="Which service?"
          description="This link is missing the service."
          action={
            <Button asChild>
              <Link href={ROUTES.vendor.services}>Your services</Link>
            </Button>
          }
        />
      </Container>
    );
  }

  const serviceId = isNew ? null : id;
  // A new service starts in the asked category, else the pro's main one, priced in the
  // currency of their other services.
  const defaultCategory =
    params.get('category') ?? profile.data?.profile.primaryCategory.slug ?? '';
  const defaultCurrency = myServices.data?.[0]?.price.currency ?? 'USD';
  const failed = (what: string) => (error: unknown) => {
    toast.error(what, { description: errorMessage(error) });
    throw error;
  };

  return (
    <Container className="flex flex-col gap-6">
      <ServiceEditorView
        // A new service becomes `?id=<its id>`: a fresh form for the saved service.
        key={id}
        service={service.data}
        isNew={isNew}
        isLoading={isNew ? profile.isLoading || myServices.isLoading : service.isLoading}
        error={service.error}
        onRetry={() => service.mutate()}
        categories={categories.data}
        defaultCategorySlug={defaultCategory}
        defaultCurrency={defaultCurrency}
        servicesHref={ROUTES.vendor.services}
        onSave={async (body) => {
          if (serviceId) {
            await writes.update(serviceId, body);
            toast.success('Changes saved');
            return;
          }
          const created = await writes.create(body);
          toast.success('Service created', {
            description: 'Add photos so customers can see your work.',
          });
          navigate(serviceEditorHref(created.id), { replace: true });
        }}
        onDelete={async () => {
          if (!serviceId) return;
          const { outcome } = await writes.remove(serviceId).catch(failed(MESSAGES.tryAgain));
          if (outcome === 'archived') {
            toast.success('Service archived', {
              description: 'It is kept for its orders; customers can no longer book it.',
            });
          } else {
            toast.success('Service deleted');
          }
          navigate(ROUTES.vendor.services);
        }}
        imageActions={{
          onUpload: async (file) => {
            if (serviceId) await writes.uploadImage(serviceId, file);
          },
          onSaveAlt: async (imageId, alt) => {
            if (serviceId) await writes.updateImageAlt(serviceId, imageId, alt);
          },
          onReorder: async (imageIds) => {
            if (serviceId) await writes.reorderImages(serviceId, imageIds);
          },
          onDelete: async (imageId) => {
            if (serviceId) await writes.deleteImage(serviceId, imageId);
          },
        }}
      />
    </Container>
  );
}
