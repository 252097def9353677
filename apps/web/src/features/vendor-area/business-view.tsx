import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vetted/api-client';
import {
  type Category,
  type GeocodeResult,
  updateVendorProfileBodySchema,
  type VendorOwnProfile,
} from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  FormField,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  Textarea,
  VendorCard,
} from '@vetted/ui';
import { ListTodo } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CategorySelect } from '../../components/category-select';
import { CityCombobox } from '../../components/city-combobox';
import { ErrorState } from '../../components/error-state';
import { COUNTRY_OPTIONS } from '../../lib/countries';
import { applyServerFieldErrors } from '../../lib/form';

/** What the business form holds (the contract's `PUT /v1/vendor/profile` body, before parsing). */
export type BusinessFormInput = z.input<typeof updateVendorProfileBodySchema>;
/** What the business form sends (parsed: trimmed, country upper-cased, defaults applied). */
export type BusinessFormOutput = z.output<typeof updateVendorProfileBodySchema>;

/** Longest bio (characters), as the contract's `updateVendorProfileBodySchema` allows. */
export const BIO_MAX_LENGTH = 2000;
/** Longest tagline (characters), as the contract allows. */
export const TAGLINE_MAX_LENGTH = 120;

const FORM_FIELDS = [
  'businessName',
  'tagline',
  'bio',
  'primaryCategorySlug',
  'city',
  'country',
  'serviceRadiusKm',
] as const;

export interface BusinessViewProps {
  /** `GET /v1/vendor/profile`: the form starts from its `profile`. */
  profile?: VendorOwnProfile;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Every category (`GET /v1/categories`), for the main category; undefined while loading. */
  categories?: readonly Category[];
  /** City suggestions for the text typed last (`GET /v1/geocode`). */
  cities: readonly GeocodeResult[];
  /** Suggestions are being fetched. */
  citySearching?: boolean;
  /** The city field's text changed: fetch suggestions for it. */
  onCityTextChange: (text: string) => void;
  /**
   * Saves the profile (`PUT /v1/vendor/profile`). Rejects with the API's error: its field errors
   * (e.g. an unknown city, 422) show on the fields, any other message above the button.
   */
  onSave: (values: BusinessFormOutput) => Promise<void>;
}

function defaultsOf(profile: VendorOwnProfile): BusinessFormInput {
  const p = profile.profile;
  return {
    businessName: p.businessName,
    tagline: p.tagline,
    bio: p.bio,
    primaryCategorySlug: p.primaryCategory.slug,
    city: p.city,
    country: p.country,
    lat: p.lat,
    lng: p.lng,
    serviceRadiusKm: p.serviceRadiusKm,
  };
}

/**
 * `/vendor/business`: the business profile form — name, tagline, bio (with a
 * counter), main category, city (type-ahead), country, service radius — validated with the
 * contract's `updateVendorProfileBodySchema`, the server's field errors on their fields, what the
 * checklist still misses before review (the server's words), and a live preview of the card
 * customers see in search.
 */
export function BusinessView(props: BusinessViewProps) {
  const { profile, isLoading, error, onRetry } = props;
  if (error && !profile) {
    return (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  }
  if (isLoading || !profile) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading your business profile"
        className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"
      >
        <Skeleton className="h-[36rem] rounded-lg" />
        <Skeleton className="h-72 rounded-lg" />
      </div>
    );
  }
  return <BusinessForm key={profile.profile.id} {...props} profile={profile} />;
}

function BusinessForm({
  profile,
  categories,
  cities,
  citySearching,
  onCityTextChange,
  onSave,
}: BusinessViewProps & { profile: VendorOwnProfile }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<BusinessFormInput, unknown, BusinessFormOutput>({
    resolver: zodResolver(updateVendorProfileBodySchema),
    defaultValues: defaultsOf(profile),
  });
  const [formError, setFormError] = React.useState<string | null>(null);
  const watched = useWatch({ control });
  const bioLength = watched.bio?.length ?? 0;
  const number = new Intl.NumberFormat();

  /** The city or country changed by hand: the old coordinates no longer describe it. */
  const forgetPosition = () => {
    setValue('lat', undefined);
    setValue('lng', undefined);
  };

  // The server's words for what the profile step still lacks (e.g. a longer bio, a tagline).
  const missing = profile.checklist.find((s) => s.key === 'profile')?.missing ?? [];

  const categoryName =
    categories?.find((c) => c.slug === watched.primaryCategorySlug)?.name ??
    profile.profile.primaryCategory.name;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card className="gap-5">
        {missing.length > 0 ? (
          <Alert variant="warning">
            <ListTodo aria-hidden="true" />
            <AlertTitle>Before you can submit for review</AlertTitle>
            <AlertDescription>
              <ul className="list-disc pl-5">
                {missing.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        ) : null}
        <form
          noValidate
          aria-label="Business profile"
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={handleSubmit(async (values) => {
            setFormError(null);
            try {
              await onSave(values);
              reset(values);
            } catch (err) {
              if (!applyServerFieldErrors(err, setError, FORM_FIELDS)) {
                setFormError((err as Error).message || MESSAGES.tryAgain);
              }
            }
          })}
        >
          <FormField
            label="Business name"
            error={errors.businessName?.message}
            required
            className="sm:col-span-2"
          >
            <Input autoComplete="organization" {...register('businessName')} />
          </FormField>
          <FormField
            label="Tagline"
            hint="One line under your name, e.g. “Leaks and boilers fixed the same day”."
            error={errors.tagline?.message}
            className="sm:col-span-2"
          >
            <Input maxLength={TAGLINE_MAX_LENGTH} {...register('tagline')} />
          </FormField>
          <FormField
            label="About your business"
            hint={
              <span className="flex justify-between gap-3">
                <span>Your experience, how you work, what customers can expect.</span>
                <span className="shrink-0 tabular-nums">
                  {number.format(bioLength)} / {number.format(BIO_MAX_LENGTH)}
                </span>
              </span>
            }
            error={errors.bio?.message}
            className="sm:col-span-2"
          >
            <Textarea rows={5} maxLength={BIO_MAX_LENGTH} {...register('bio')} />
          </FormField>
          <Controller
            control={control}
            name="primaryCategorySlug"
            render={({ field }) => (
              <FormField
                label="Main category"
                hint="Where customers find you first."
                error={errors.primaryCategorySlug?.message}
                required
                className="sm:col-span-2"
              >
                <CategorySelect
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  categories={categories}
                />
              </FormField>
            )}
          />
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
                  cities={cities}
                  searching={citySearching}
                  onPick={(city) => {
                    field.onChange(city.name);
                    setValue('country', city.country, { shouldValidate: true });
                    setValue('lat', city.lat);
                    setValue('lng', city.lng);
                  }}
                />
              </FormField>
            )}
          />
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
          <FormField
            label="Service radius (km)"
            hint="How far from your city you travel to jobs, 1 to 500 km."
            error={errors.serviceRadiusKm?.message}
            required
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={500}
              step={1}
              {...register('serviceRadiusKm', { valueAsNumber: true })}
            />
          </FormField>
          <div className="sm:col-span-2">
            {formError ? (
              <Alert variant="danger" role="alert">
                <AlertDescription>{formError}</AlertDescription>
              </Alert>
            ) : null}
          </div>
          <Button type="submit" loading={isSubmitting} className="justify-self-start">
            Save changes
          </Button>
        </form>
      </Card>

      <section
        aria-labelledby="business-preview"
        className="flex flex-col gap-3 lg:sticky lg:top-20"
      >
        <h2 id="business-preview" className="text-lg font-semibold">
          How customers see you
        </h2>
        <p className="text-sm text-muted">
          Your card in search results, as you type. Rating and prices come from your reviews and
          services.
        </p>
        {/* A picture of the card, not a way to leave the page: its link is out of reach. */}
        <div inert className="grid">
          <VendorCard
            name={watched.businessName?.trim() || 'Your business name'}
            category={categoryName}
            city={watched.city?.trim() || undefined}
            ratingAverage={profile.profile.ratingAverage}
            ratingCount={profile.profile.ratingCount}
            startingPrice={profile.profile.startingPrice ?? undefined}
            imageUrl={profile.profile.coverImageUrl}
            href="#business-preview"
          />
        </div>
        {watched.tagline?.trim() ? (
          <p className="text-sm">
            <span className="text-muted">On your page: </span>
            {watched.tagline.trim()}
          </p>
        ) : null}
      </section>
    </div>
  );
}
