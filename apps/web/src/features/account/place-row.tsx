import type { SavedAddress } from '@vetted/contract';
import { Badge, Button, ConfirmDialog } from '@vetted/ui';
import { MapPin, Pencil, Star, Trash2 } from 'lucide-react';
import * as React from 'react';
import { countryName } from '../../lib/countries';

/** "12 Harbour Road, Boston 02110 · United States". */
function addressOf(place: SavedAddress): string {
  const town = [place.city, place.postcode].filter(Boolean).join(' ');
  return `${place.line1}, ${town} · ${countryName(place.country)}`;
}

/**
 * One saved place in the list: its name (the item's accessible name), the default badge, the
 * address, and "Make default" (not on the default), "Edit" and "Delete" (after confirming; the
 * warning says what becomes of the default). `onMakeDefault` and `onDelete` reject on failure.
 */
export function PlaceRow({
  place,
  isOnly,
  onEdit,
  onMakeDefault,
  onDelete,
}: {
  place: SavedAddress;
  isOnly: boolean;
  onEdit: () => void;
  onMakeDefault: (id: string) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
}) {
  const [making, setMaking] = React.useState(false);
  const headingId = `place-${place.id}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-link"
        >
          <MapPin className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex flex-wrap items-center gap-2">
            <span id={headingId} className="font-medium break-words">
              {place.label}
            </span>
            {place.isDefault ? (
              <Badge variant="success">
                <Star aria-hidden="true" /> Default
              </Badge>
            ) : null}
          </p>
          <p className="text-sm break-words text-muted">{addressOf(place)}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        {!place.isDefault ? (
          <Button
            variant="outline"
            size="sm"
            loading={making}
            aria-describedby={headingId}
            onClick={async () => {
              setMaking(true);
              try {
                await onMakeDefault(place.id);
              } catch {
                // The page reports the failure.
              } finally {
                setMaking(false);
              }
            }}
          >
            Make default
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={onEdit} aria-describedby={headingId}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" aria-describedby={headingId}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          }
          title={`Delete “${place.label}”?`}
          description={
            isOnly
              ? 'You will have no saved place: we will show top-rated pros instead of pros near you.'
              : place.isDefault
                ? 'Your newest other place becomes your default.'
                : 'It will no longer be offered at checkout.'
          }
          confirmLabel="Delete place"
          destructive
          onConfirm={() => onDelete(place.id)}
        />
      </div>
    </li>
  );
}
