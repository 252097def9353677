import { MESSAGES } from '@vetted/api-client';
import {
  type CreateAddressBody,
  type GeocodeResult,
  MAX_SAVED_PLACES,
  type SavedAddress,
} from '@vetted/contract';
import { Button, Card, EmptyState, Skeleton } from '@vetted/ui';
import { MapPin, Plus } from 'lucide-react';
import * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { PlaceForm } from './place-form';
import { PlaceRow } from './place-row';
import type { LocatedPosition } from './use-place-form';

export type { LocatedPosition, PlaceFormInput } from './use-place-form';

export interface LocationViewProps {
  /** The saved places, the default first (`GET /v1/me/addresses`). */
  places?: SavedAddress[];
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Country preselected in a new place's form (ISO 3166-1 alpha-2). */
  defaultCountry: string;
  /** City suggestions for the text typed last (`GET /v1/geocode`). */
  cityOptions: GeocodeResult[];
  /** Suggestions are being fetched. */
  citySearching?: boolean;
  /** The city field's text changed: fetch suggestions for it. */
  onCityTextChange: (text: string) => void;
  /**
   * "Use my current location": the browser's position and the city there. Rejects with an Error
   * whose message a person can act on (permission denied, no geolocation). Hidden when unset.
   */
  onLocate?: () => Promise<LocatedPosition>;
  /**
   * Saves a new place (`id` unset) or changes place `id`. Rejects with the API error: its field
   * errors (e.g. an unknown city) show on the fields, any other message above the buttons.
   */
  onSave: (values: CreateAddressBody, id?: string) => Promise<void>;
  /** Makes place `id` the default. Rejects on failure (the caller reports it). */
  onMakeDefault: (id: string) => Promise<void>;
  /** Deletes place `id` (after the person confirmed). Rejects on failure. */
  onDelete: (id: string) => Promise<void>;
  /**
   * A position the browser shared earlier (and the city there): a new place's form starts from
   * it, so only the street is left to type.
   */
  sharedPosition?: LocatedPosition;
  /**
   * The form open at first: a new place, or the id of a place being edited.
   * @defaultValue a new place when there are none, else no form
   */
  initialForm?: 'new' | string | null;
}

/**
 * "Saved places" (`/user/location`, `/vendor/location`): the list with the default badge, a form
 * to add or edit a place (city type-ahead, "Use my current location" as a shortcut), make a
 * place the default, and delete one after confirming.
 */
export function LocationView(props: LocationViewProps) {
  const { places, isLoading, error, onRetry } = props;
  const [form, setForm] = React.useState<'new' | string | null | undefined>(props.initialForm);
  const addButton = React.useRef<HTMLButtonElement>(null);
  // The form closed (saved or cancelled): focus goes back to "Add a place" once it is rendered
  // again. Not a timer or a frame: the button only exists after React has committed the close.
  const [refocusAdd, setRefocusAdd] = React.useState(false);
  React.useEffect(() => {
    if (!refocusAdd || !addButton.current) return;
    addButton.current.focus();
    setRefocusAdd(false);
  });

  if (error && !places) {
    return (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  }
  if (isLoading || !places) {
    return <PlacesSkeleton />;
  }

  // With no place yet, the form is what the person came for.
  const open = form === undefined ? (places.length === 0 ? 'new' : null) : form;
  const editing = open && open !== 'new' ? places.find((p) => p.id === open) : undefined;
  const full = places.length >= MAX_SAVED_PLACES;
  const close = () => {
    setForm(null);
    setRefocusAdd(true);
  };

  return (
    <div className="flex flex-col gap-6">
      {places.length === 0 ? (
        <EmptyState
          icon={<MapPin />}
          title="No saved places yet"
          description="Add your home or work address: we use your default place for distances, pros near you and the address at checkout."
        />
      ) : (
        <Card className="gap-0 p-0">
          <ul aria-label="Saved places" className="divide-y divide-border">
            {places.map((place) => (
              <PlaceRow
                key={place.id}
                place={place}
                isOnly={places.length === 1}
                onEdit={() => setForm(place.id)}
                onMakeDefault={props.onMakeDefault}
                onDelete={props.onDelete}
              />
            ))}
          </ul>
        </Card>
      )}

      {open && (open === 'new' || editing) ? (
        <PlaceForm
          // A shared position that arrives after the form opened starts it again (nothing typed
          // yet: it arrives with the saved places, one request later).
          key={`${open}:${props.sharedPosition && !editing ? 'shared' : ''}`}
          place={editing}
          canChooseDefault={places.length > 0 && !editing?.isDefault}
          defaultCountry={places.find((p) => p.isDefault)?.country ?? props.defaultCountry}
          shared={editing ? undefined : props.sharedPosition}
          cityOptions={props.cityOptions}
          citySearching={props.citySearching}
          onCityTextChange={props.onCityTextChange}
          onLocate={props.onLocate}
          onSubmit={async (values) => {
            await props.onSave(values, editing?.id);
            close();
          }}
          onCancel={places.length > 0 ? close : undefined}
        />
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button
            ref={addButton}
            onClick={() => setForm('new')}
            disabled={full}
            className="self-start"
          >
            <Plus aria-hidden="true" /> Add a place
          </Button>
          {full ? (
            <p className="text-sm text-muted">
              You can keep up to {MAX_SAVED_PLACES} places. Delete one to add another.
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** Two placeholder rows while the saved places load. */
function PlacesSkeleton() {
  return (
    <Card role="status" aria-busy="true" aria-label="Loading saved places" className="gap-4">
      {[0, 1].map((i) => (
        <div key={i} className="flex items-start gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-4 w-64 max-w-full" />
          </div>
        </div>
      ))}
    </Card>
  );
}
