import { MESSAGES } from '@vetted/api-client';
import { Container, PageHeader } from '@vetted/ui';
import { useCategories } from '../../lib/hooks/use-categories';
import { useCitySearch } from '../../lib/hooks/use-city-search';
import { useVendorProfile, useVendorProfileActions } from './use-vendor-profile';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { BusinessView } from './business-view';

/** `/vendor/business`: the business profile editor with a preview of the listing. */
export function VendorBusinessPage() {
  const { data, error, isLoading, mutate } = useVendorProfile();
  const categories = useCategories();
  const { update } = useVendorProfileActions();
  // City suggestions rank near where the business is now.
  const near = data ? { lat: data.profile.lat, lng: data.profile.lng } : null;
  const citySearch = useCitySearch(near);

  return (
    <Container className="flex flex-col gap-6">
      <PageHeader
        title="Business profile"
        description="What customers see about your business in search and on your page."
      />
      <BusinessView
        profile={data}
        isLoading={isLoading}
        error={error}
        onRetry={() => mutate()}
        categories={categories.data}
        cities={citySearch.cities}
        citySearching={citySearch.searching}
        onCityTextChange={citySearch.setText}
        onSave={async (values) => {
          try {
            await update(values);
            toast.success('Business profile saved');
          } catch (err) {
            // Field errors show on the form; anything else also gets a toast.
            if (!(err as { fields?: unknown }).fields) {
              toast.error(MESSAGES.tryAgain, { description: errorMessage(err) });
            }
            throw err;
          }
        }}
      />
    </Container>
  );
}
