import { MESSAGES } from '@vetted/api-client';
import type { Category, GeocodeResult, VendorOwnProfile } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  FormField,
  Input,
  Skeleton,
  Textarea,
} from '@vetted/ui';
import { ListTodo } from 'lucide-react';
import { ErrorState } from '../../components/error-state';
import { CategoryField } from '../../components/forms/category-field';
import { CityField } from '../../components/forms/city-field';
import { CountryField } from '../../components/forms/country-field';
import { FormError } from '../../components/forms/form-error';
import { ServiceRadiusField } from '../../components/forms/service-radius-field';
import { BusinessPreview } from './business-preview';
import { type BusinessFormOutput, useBusinessForm } from './use-business-form';

export type { BusinessFormInput, BusinessFormOutput } from './use-business-form';

/** Longest bio (characters), as the contract's `updateVendorProfileBodySchema` allows. */
export const BIO_MAX_LENGTH = 2000;
/** Longest tagline (characters), as the contract allows. */
export const TAGLINE_MAX_LENGTH = 120;

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

/** The loaded profile's form beside its live preview. */
function BusinessForm({
  profile,
  categories,
  cities,
  citySearching,
  onCityTextChange,
  onSave,
}: BusinessViewProps & { profile: VendorOwnProfile }) {
  const { form, watched, formError, forgetPosition, pickCity, onSubmit } = useBusinessForm(
    profile,
    onSave,
  );
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const bioLength = watched.bio?.length ?? 0;
  const number = new Intl.NumberFormat();

  const categoryName =
    categories?.find((c) => c.slug === watched.primaryCategorySlug)?.name ??
    profile.profile.primaryCategory.name;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card className="gap-5">
        <MissingForReview profile={profile} />
        <form
          noValidate
          aria-label="Business profile"
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={onSubmit}
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
          <CategoryField
            control={control}
            name="primaryCategorySlug"
            hint="Where customers find you first."
            categories={categories}
            className="sm:col-span-2"
          />
          <CityField
            control={control}
            name="city"
            cities={cities}
            searching={citySearching}
            onSearch={onCityTextChange}
            onTyped={forgetPosition}
            onPick={pickCity}
          />
          <CountryField control={control} name="country" onChange={forgetPosition} />
          <ServiceRadiusField
            error={errors.serviceRadiusKm?.message}
            {...register('serviceRadiusKm', { valueAsNumber: true })}
          />
          <div className="sm:col-span-2">
            <FormError message={formError} />
          </div>
          <Button type="submit" loading={isSubmitting} className="justify-self-start">
            Save changes
          </Button>
        </form>
      </Card>

      <BusinessPreview profile={profile} values={watched} categoryName={categoryName} />
    </div>
  );
}

/** What the profile step still lacks before review, in the server's words; nothing when done. */
function MissingForReview({ profile }: { profile: VendorOwnProfile }) {
  const missing = profile.checklist.find((s) => s.key === 'profile')?.missing ?? [];
  if (missing.length === 0) return null;
  return (
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
  );
}
