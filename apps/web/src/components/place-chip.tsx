import type { PlaceSource } from '@vetted/contract';
import { Alert, AlertDescription, AlertTitle, Button, FilterChip } from '@vetted/ui';
import { LocateFixed, MapPin } from 'lucide-react';
import { Link } from 'wouter';

/** The place a search is centred on, as the chip shows it. */
export interface SearchPlace {
  /** A saved place's label ("Home"), or a city's name ("Boston"). */
  name: string;
  /** The city's region code ("MA"), shown after a named city. */
  region?: string | null;
  /** `saved`: the customer's saved place; `browser`: this device's position; `query`: a city named in the search. */
  source: PlaceSource;
}

/** "Near Home", "Near your location", "In Boston, MA". */
export function placeChipLabel(place: SearchPlace): string {
  if (place.source === 'browser') return 'Near your location';
  if (place.source === 'saved') return `Near ${place.name || 'your place'}`;
  return `In ${place.name}${place.region ? `, ${place.region}` : ''}`;
}

export interface PlaceChipProps {
  /** Where the search is centred; null: nowhere (results from everywhere, no distances). */
  place: SearchPlace | null;
  /** The search said "near me" and there is no place to go on: ask for one. */
  placeNeeded?: boolean;
  /** Page where the customer saves or changes their place. */
  changeHref: string;
  /** Searches everywhere instead (the × of the chip); without it the chip has none. */
  onClear?: () => void;
  /** Uses this device's position; without it the button is not offered. */
  onLocate?: () => void;
  /** The device's position is being asked for. @defaultValue false */
  locating?: boolean;
}

const linkClass =
  'rounded-xs text-sm font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

/**
 * Where a search looks: the customer's default saved place, this device's position
 * or a city named in the query, as a chip that can be changed or cleared; with no place, a way
 * to give one — asked for plainly when the search said "near me".
 */
export function PlaceChip({
  place,
  placeNeeded = false,
  changeHref,
  onClear,
  onLocate,
  locating = false,
}: PlaceChipProps) {
  if (place) {
    const label = placeChipLabel(place);
    return (
      <div data-slot="place-chip" className="flex flex-wrap items-center gap-2">
        <FilterChip
          data-testid="place-chip"
          label={
            <span className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
              {label}
            </span>
          }
          removeLabel={`Search everywhere, not ${label.toLowerCase()}`}
          onRemove={onClear}
        />
        <Link href={changeHref} className={linkClass}>
          Change place
        </Link>
      </div>
    );
  }
  const actions = (
    <div className="flex flex-wrap items-center gap-3">
      {onLocate ? (
        <Button type="button" size="sm" variant="outline" onClick={onLocate} loading={locating}>
          <LocateFixed aria-hidden="true" />
          Use my location
        </Button>
      ) : null}
      <Link href={changeHref} className={linkClass}>
        Set your place
      </Link>
    </div>
  );
  if (placeNeeded) {
    return (
      <Alert role="status">
        <AlertTitle>Where should we look?</AlertTitle>
        <AlertDescription className="flex flex-col gap-3">
          <p>“Near me” needs a place. Until then these pros are from everywhere.</p>
          {actions}
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div data-slot="place-chip" className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-muted">Searching everywhere: distances show with a place.</p>
      {actions}
    </div>
  );
}
