import { MESSAGES } from '@vetted/api-client';
import type { SavedAddress } from '@vetted/contract';
import { Container, PageHeader } from '@vetted/ui';
import * as React from 'react';
import { useAddresses, useGeocode, useNearestCity } from './use-addresses';
import { browserCountry } from '../../lib/countries';
import { errorMessage } from '../../lib/errors';
import { getBrowserPosition, useBrowserLocation } from '../../lib/location';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useEndpointMutation } from '../../lib/use-endpoint';
import { api } from '../../lib/vetted-api';
import { LocationView } from './location-view';

/**
 * `/user/location` and `/vendor/location`: "Saved places" of the account (`/v1/me/addresses`).
 * The default place drives distances, "near you" results and the checkout's address.
 */
export function LocationPage() {
  const { role } = useSession();
  const { data, error, isLoading, mutate } = useAddresses();
  // Writes of the saved places: each revalidates the list (a default that moved changes two
  // places at once); a delete answers the remaining list, stored at once.
  const { trigger: writePlace } = useEndpointMutation<'listAddresses', SavedAddress>(
    'listAddresses',
  );
  const { trigger: deletePlace } = useEndpointMutation(
    'listAddresses',
    {},
    {
      populateCache: true,
    },
  );
  const [cityText, setCityText] = React.useState('');
  const browser = useBrowserLocation();
  const defaultPlace = data?.find((p) => p.isDefault);
  // Rank suggestions near the default place, else near a position this browser shared.
  const near = defaultPlace ?? browser;
  const suggestions = useGeocode(cityText, near ? { lat: near.lat, lng: near.lng } : null);
  // A position this browser shared before (e.g. signed out) starts the first place's form.
  const shared = data?.length === 0 && browser && !browser.line1 ? browser : null;
  const sharedCity = useNearestCity(shared);

  return (
    <Container size="md" className="flex flex-col gap-6">
      <PageHeader
        title="Saved places"
        description={
          role === 'customer'
            ? 'Your default place sets the distances you see, the pros near you and the address at checkout.'
            : 'Save the places you use often. Distances are measured from your default place.'
        }
      />
      <LocationView
        places={data}
        isLoading={isLoading}
        error={error}
        onRetry={() => mutate()}
        defaultCountry={browserCountry()}
        sharedPosition={
          shared && !sharedCity.isLoading
            ? { lat: shared.lat, lng: shared.lng, city: sharedCity.data ?? null }
            : undefined
        }
        cityOptions={cityText.trim() ? (suggestions.data ?? []) : []}
        citySearching={Boolean(cityText.trim()) && suggestions.pending}
        onCityTextChange={setCityText}
        onLocate={async () => {
          const position = await getBrowserPosition();
          const city = await api.places.reverseGeocode(position).catch(() => null);
          return { ...position, city };
        }}
        onSave={async (values, id) => {
          try {
            const saved = await writePlace(() =>
              id ? api.addresses.update(id, values) : api.addresses.create(values),
            );
            toast.success(id ? `“${saved.label}” updated` : `“${saved.label}” saved`);
          } catch (err) {
            // Field errors show on the form; anything else also gets a toast.
            if (!(err as { fields?: unknown }).fields) {
              toast.error(MESSAGES.tryAgain, { description: errorMessage(err) });
            }
            throw err;
          }
        }}
        onMakeDefault={async (id) => {
          try {
            const place = await writePlace(() => api.addresses.update(id, { isDefault: true }));
            toast.success(`“${place.label}” is now your default place`);
          } catch (err) {
            toast.error(MESSAGES.tryAgain, { description: errorMessage(err) });
            throw err;
          }
        }}
        onDelete={async (id) => {
          try {
            await deletePlace(() => api.addresses.remove(id));
            toast.success('Place deleted');
          } catch (err) {
            toast.error(MESSAGES.tryAgain, { description: errorMessage(err) });
            throw err;
          }
        }}
      />
    </Container>
  );
}
