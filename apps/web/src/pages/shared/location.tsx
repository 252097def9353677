import { Button, Card, Container, FormField, Input, PageHeader } from '@vetted/ui';
import { LocateFixed, MapPin, Trash2 } from 'lucide-react';
import * as React from 'react';
import { getBrowserPosition, saveLocation, useSavedLocation } from '../../lib/location';
import { toast } from '../../lib/toast';

/**
 * `/user/location` and `/vendor/location`: the place used for "near you" results, saved in this
 * browser (localStorage `vetted.location`).
 */
export function LocationPage() {
  const saved = useSavedLocation();
  const [label, setLabel] = React.useState(saved?.label ?? '');
  const [coords, setCoords] = React.useState(saved ? { lat: saved.lat, lng: saved.lng } : null);
  const [locating, setLocating] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  const locate = async () => {
    setLocating(true);
    setError(null);
    try {
      const pos = await getBrowserPosition();
      setCoords(pos);
      if (!label) setLabel('Current location');
      toast.success('Location found');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setLocating(false);
    }
  };

  return (
    <Container size="md" className="flex flex-col gap-6">
      <PageHeader
        title="Location"
        description="We use it to show pros near you and to prefill the job address at checkout."
      />
      <Card className="gap-5">
        {saved ? (
          <div className="flex items-start gap-3 rounded-md bg-primary-soft p-3">
            <MapPin aria-hidden="true" className="mt-0.5 size-5 text-link" />
            <div className="flex-1">
              <p className="font-medium">{saved.label || 'Saved location'}</p>
              <p className="text-xs text-muted">
                {saved.lat.toFixed(4)}, {saved.lng.toFixed(4)}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                saveLocation(null);
                setCoords(null);
                setLabel('');
                toast.success('Location removed');
              }}
            >
              <Trash2 aria-hidden="true" /> Remove
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted">
            No location saved yet. Without one, we show top-rated pros.
          </p>
        )}
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!coords) {
              setError('Use your current location first, so we know where to search.');
              return;
            }
            saveLocation({ ...coords, label: label.trim() });
            toast.success('Location saved');
          }}
        >
          <Button
            type="button"
            variant="outline"
            onClick={locate}
            loading={locating}
            className="self-start"
          >
            <LocateFixed aria-hidden="true" /> Use my current location
          </Button>
          <FormField
            label="Address or area name"
            hint="Shown on your home page and used as the default job address."
          >
            <Input
              autoComplete="street-address"
              value={label}
              onChange={(e) => setLabel(e.target.value)}
              placeholder="e.g. 12 Harbour Road, Flat 3"
            />
          </FormField>
          {coords ? (
            <p className="text-xs text-muted">
              Coordinates: {coords.lat.toFixed(4)}, {coords.lng.toFixed(4)}
            </p>
          ) : null}
          <div aria-live="assertive">
            {error ? (
              <p role="alert" className="text-sm font-medium text-danger">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" className="self-start">
            Save location
          </Button>
        </form>
      </Card>
    </Container>
  );
}
