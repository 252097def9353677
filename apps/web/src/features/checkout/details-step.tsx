import {
  Button,
  FormField,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
} from '@vetted/ui';
import { MapPin } from 'lucide-react';
import * as React from 'react';
import { type HowOften, HowOftenField } from '../plans';

export interface DetailsValues {
  address: string;
  notes: string;
  /** The saved place the address was filled from, while its text is unchanged. */
  placeId?: string;
  /** "How often?": once (a plain order) or a plan's frequency. */
  frequency?: HowOften;
  /** A plan's last day (`YYYY-MM-DD`, the pro's calendar), when one was chosen. */
  until?: string;
}

/** Where the job is, as chosen so far: a saved place (with its address) or a typed address. */
export interface CheckoutLocation {
  placeId?: string;
  address: string;
}

/**
 * The service-area check of the chosen address (`GET /v1/services/{id}/service-area`) as the
 * details step shows it: `refused` carries the server's sentence ("Demo Plumbing Co. doesn't
 * serve London, GB (3,271 mi away)") and blocks "Place order"; `unknown` (no town found in the
 * address) carries what to add and blocks nothing.
 */
export type AreaCheckState =
  | { status: 'checking' }
  | { status: 'served' }
  | { status: 'refused'; message: string }
  | { status: 'unknown'; message: string };

/** A saved place offered as the job address. */
export interface CheckoutPlace {
  id: string;
  /** The place's name, e.g. "Home". */
  label: string;
  /** The one-line address put in the field, e.g. "12 Harbour Road, Boston 02110". */
  address: string;
}

export interface DetailsStepProps {
  /** `address` starts as the default place's; it fills the field once, if still empty. */
  defaultValues: DetailsValues;
  errors?: Partial<Record<keyof DetailsValues, string>>;
  submitting?: boolean;
  onSubmit: (values: DetailsValues) => void;
  /** The customer's saved places, the default first; picking one fills the address. */
  places?: CheckoutPlace[];
  /** Called whenever the address changes: a saved place picked, a key typed, the default filled. */
  onLocationChange?: (location: CheckoutLocation) => void;
  /** The service-area check of the current address; a refusal disables "Place order". */
  area?: AreaCheckState | null;
  /** Offers "How often?" (a recurring plan); `firstDay` is the slot's day, `YYYY-MM-DD`. */
  howOften?: { firstDay: string };
}

/** Step 1: where the job is (typed, or one of the saved places) and notes for the pro. */
export function DetailsStep({
  defaultValues,
  errors,
  submitting,
  onSubmit,
  places,
  onLocationChange,
  area,
  howOften,
}: DetailsStepProps) {
  const [often, setOften] = React.useState<HowOften>('once');
  const addressInput = React.useRef<HTMLInputElement>(null);
  const placeOf = (address: string) => places?.find((p) => p.address && p.address === address)?.id;
  const [placeId, setPlaceId] = React.useState(() => placeOf(defaultValues.address));
  // The saved places load after the form mounts: fill the address once, unless already typed.
  // Either way the address in the field is reported, so its service area is checked at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the default address arrives
  React.useEffect(() => {
    const input = addressInput.current;
    if (!input) return;
    if (!input.value && defaultValues.address) {
      input.value = defaultValues.address;
      setPlaceId(placeOf(defaultValues.address));
    }
    if (input.value) onLocationChange?.({ placeId: placeOf(input.value), address: input.value });
  }, [defaultValues.address]);
  const offered = places?.filter((p) => p.address) ?? [];
  const refusal = area?.status === 'refused' ? area.message : undefined;
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        onSubmit({
          address: String(data.get('address') ?? ''),
          notes: String(data.get('notes') ?? ''),
          placeId,
          frequency: often,
          until: String(data.get('until') ?? '') || undefined,
        });
      }}
    >
      <h2 className="text-lg font-semibold">Job details</h2>
      {offered.length > 1 ? (
        <SavedPlaceSelect
          places={offered}
          value={placeId}
          onPick={(place) => {
            setPlaceId(place.id);
            if (addressInput.current) {
              addressInput.current.value = place.address;
              onLocationChange?.({ placeId: place.id, address: place.address });
            }
          }}
        />
      ) : null}
      <div className="flex flex-col gap-2">
        <FormField
          label="Address"
          hint="Where the pro should come, including flat or floor."
          // Outside the pro's area: said right at the address (an alert), like a field error.
          error={errors?.address ?? refusal}
          required
        >
          <Input
            ref={addressInput}
            name="address"
            autoComplete="street-address"
            defaultValue={defaultValues.address}
            onChange={(e) => {
              setPlaceId(undefined);
              onLocationChange?.({ address: e.currentTarget.value });
            }}
          />
        </FormField>
        <div aria-live="polite">
          {area?.status === 'unknown' ? (
            <p className="flex items-start gap-2 text-sm text-muted">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {area.message}
            </p>
          ) : null}
        </div>
      </div>
      <FormField
        label="Notes for the pro"
        hint="Optional: access, parking, what needs doing."
        error={errors?.notes}
      >
        <Textarea name="notes" rows={4} maxLength={1000} defaultValue={defaultValues.notes} />
      </FormField>
      {howOften ? (
        <HowOftenField
          value={often}
          onChange={setOften}
          firstDay={howOften.firstDay}
          untilError={errors?.until}
        />
      ) : null}
      <Button
        type="submit"
        size="lg"
        loading={submitting}
        disabled={refusal !== undefined}
        className="w-full sm:w-auto sm:self-end"
      >
        {often === 'once' ? 'Place order' : 'Start plan'}
      </Button>
    </form>
  );
}

/** "Saved place": one of the customer's places (with an address) to fill the address field from. */
function SavedPlaceSelect({
  places,
  value,
  onPick,
}: {
  places: CheckoutPlace[];
  /** The place the address field was filled from; none once the address is edited. */
  value: string | undefined;
  onPick: (place: CheckoutPlace) => void;
}) {
  return (
    <FormField label="Saved place" hint="Fills in the address below.">
      <Select
        value={value ?? ''}
        onValueChange={(id) => {
          const place = places.find((p) => p.id === id);
          if (place) onPick(place);
        }}
      >
        <SelectTrigger>
          <SelectValue placeholder="Choose one of your places" />
        </SelectTrigger>
        <SelectContent>
          {places.map((p) => (
            <SelectItem key={p.id} value={p.id}>
              {p.label} · {p.address}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
