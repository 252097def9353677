import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vetted/api-client';
import {
  type CreateAddressBody,
  createAddressBodySchema,
  type GeocodeResult,
  MAX_SAVED_PLACES,
  type SavedAddress,
} from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Badge,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  EmptyState,
  FormField,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
} from '@vetted/ui';
import { CircleAlert, LocateFixed, MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CityCombobox, whereIs } from '../../components/city-combobox';
import { ErrorState } from '../../components/error-state';
import { COUNTRY_OPTIONS, countryName } from '../../lib/countries';
import { applyServerFieldErrors } from '../../lib/form';

/** What the place form holds (the contract's create body, before parsing). */
export type PlaceFormInput = z.input<typeof createAddressBodySchema>;

/** A position the browser shared, with the nearest city when there is one within 50 km. */
export interface LocatedPosition {
  lat: number;
  lng: number;
  city: GeocodeResult | null;
}

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

/** "12 Harbour Road, Boston 02110 · United States". */
function addressOf(place: SavedAddress): string {
  const town = [place.city, place.postcode].filter(Boolean).join(' ');
  return `${place.line1}, ${town} · ${countryName(place.country)}`;
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

function PlaceRow({
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

const FORM_FIELDS = ['label', 'line1', 'city', 'postcode', 'country', 'isDefault'] as const;

function PlaceForm({
  place,
  shared,
  canChooseDefault,
  defaultCountry,
  cityOptions,
  citySearching,
  onCityTextChange,
  onLocate,
  onSubmit,
  onCancel,
}: {
  place?: SavedAddress;
  shared?: LocatedPosition;
  canChooseDefault: boolean;
  defaultCountry: string;
  cityOptions: GeocodeResult[];
  citySearching?: boolean;
  onCityTextChange: (text: string) => void;
  onLocate?: () => Promise<LocatedPosition>;
  onSubmit: (values: CreateAddressBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<PlaceFormInput, unknown, CreateAddressBody>({
    resolver: zodResolver(createAddressBodySchema),
    defaultValues: place
      ? {
          label: place.label,
          line1: place.line1,
          city: place.city,
          postcode: place.postcode ?? '',
          country: place.country,
          lat: place.lat,
          lng: place.lng,
        }
      : {
          label: shared ? 'Home' : '',
          line1: '',
          city: shared?.city?.name ?? '',
          postcode: '',
          country: shared?.city?.country ?? defaultCountry,
          lat: shared?.lat,
          lng: shared?.lng,
          isDefault: false,
        },
  });
  const [formError, setFormError] = React.useState<string | null>(null);
  const [locating, setLocating] = React.useState(false);
  const [located, setLocated] = React.useState<string | null>(
    shared?.city
      ? `We started from the location you shared, near ${shared.city.name}, ${whereIs(shared.city)}.`
      : null,
  );
  const titleId = React.useId();

  /** The city or country changed by hand: the old coordinates no longer describe the place. */
  const forgetPosition = () => {
    setValue('lat', undefined);
    setValue('lng', undefined);
    setLocated(null);
  };

  const locate = async () => {
    if (!onLocate) return;
    setLocating(true);
    setFormError(null);
    try {
      const found = await onLocate();
      setValue('lat', found.lat);
      setValue('lng', found.lng);
      if (found.city) {
        setValue('city', found.city.name, { shouldValidate: true });
        setValue('country', found.city.country, { shouldValidate: true });
        setLocated(`Found you near ${found.city.name}, ${whereIs(found.city)}.`);
      } else {
        setLocated('Found your position. Type the city you are in.');
      }
      if (!getValues('label')) setValue('label', 'Home');
    } catch (err) {
      setFormError((err as Error).message);
    } finally {
      setLocating(false);
    }
  };

  return (
    <Card className="gap-5" aria-labelledby={titleId} role="region">
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {place ? `Edit “${place.label}”` : 'Add a place'}
        </h2>
        <p className="text-sm text-muted">
          Type the address; the city suggestions fill in the rest.
        </p>
      </div>
      {onLocate ? (
        <div className="flex flex-col gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={locate}
            loading={locating}
            className="self-start"
          >
            <LocateFixed aria-hidden="true" /> Use my current location
          </Button>
          <p aria-live="polite" className="text-sm text-muted">
            {located}
          </p>
        </div>
      ) : null}
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={handleSubmit(async (values) => {
          setFormError(null);
          try {
            await onSubmit(values);
          } catch (err) {
            if (!applyServerFieldErrors(err, setError, FORM_FIELDS)) {
              setFormError((err as Error).message || MESSAGES.tryAgain);
            }
          }
        })}
      >
        <FormField
          label="Name"
          hint="How you call it: Home, Office…"
          error={errors.label?.message}
          required
        >
          <Input autoComplete="off" placeholder="Home" {...register('label')} />
        </FormField>
        <FormField
          label="Street and number"
          hint="Flat or floor too, for the pro."
          error={errors.line1?.message}
          required
        >
          <Input autoComplete="address-line1" {...register('line1')} />
        </FormField>
        <Controller
          control={control}
          name="city"
          render={({ field }) => (
            <FormField
              label="City"
              hint="Start typing and pick your city from the list."
              error={errors.city?.message}
              required
            >
              <CityCombobox
                name={field.name}
                value={field.value ?? ''}
                onTextChange={(text) => {
                  field.onChange(text);
                  forgetPosition();
                  onCityTextChange(text);
                }}
                onBlur={field.onBlur}
                cities={cityOptions}
                searching={citySearching}
                onPick={(city) => {
                  field.onChange(city.name);
                  setValue('country', city.country, { shouldValidate: true });
                  setValue('lat', city.lat);
                  setValue('lng', city.lng);
                  setLocated(null);
                }}
              />
            </FormField>
          )}
        />
        <FormField label="Postcode" error={errors.postcode?.message}>
          <Input autoComplete="postal-code" {...register('postcode')} />
        </FormField>
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <FormField label="Country" error={errors.country?.message} required>
              <Select
                value={field.value}
                onValueChange={(code) => {
                  field.onChange(code);
                  forgetPosition();
                }}
              >
                <SelectTrigger onBlur={field.onBlur}>
                  <SelectValue placeholder="Choose a country" />
                </SelectTrigger>
                <SelectContent>
                  {COUNTRY_OPTIONS.map((c) => (
                    <SelectItem key={c.code} value={c.code}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
        />
        {canChooseDefault ? (
          <Controller
            control={control}
            name="isDefault"
            render={({ field }) => (
              <div className="flex items-center gap-2 sm:col-span-2">
                <Checkbox
                  id={`${titleId}-default`}
                  checked={field.value === true}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                />
                <Label htmlFor={`${titleId}-default`}>
                  Make this my default place (distances, pros near you, checkout)
                </Label>
              </div>
            )}
          />
        ) : null}
        {formError ? (
          <Alert variant="danger" role="alert" className="sm:col-span-2">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" loading={isSubmitting}>
            {place ? 'Save changes' : 'Save place'}
          </Button>
          {onCancel ? (
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
