import type { Category, GeocodeResult } from '@vetted/contract';
import { FormField, Input, Label, RadioGroup, RadioGroupItem } from '@vetted/ui';
import { type Control, Controller, type UseFormReturn } from 'react-hook-form';
import { CategoryField } from '../../components/forms/category-field';
import { CityField } from '../../components/forms/city-field';
import { ServiceRadiusField } from '../../components/forms/service-radius-field';
import type { SignupFormInput, SignupFormOutput } from './use-signup-form';

const ROLES = [
  ['customer', "I'm a customer", 'Find and book pros'],
  ['vendor', 'I offer services', 'Get booked by customers'],
] as const;

/** "I want to": the account type as two radio cards; `onRoleChange` hears each change. */
export function RoleChoice({
  control,
  onRoleChange,
}: {
  control: Control<SignupFormInput, unknown, SignupFormOutput>;
  onRoleChange?: (role: 'customer' | 'vendor') => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">I want to</legend>
      <Controller
        control={control}
        name="role"
        render={({ field }) => (
          <RadioGroup
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              onRoleChange?.(value as 'customer' | 'vendor');
            }}
            className="grid grid-cols-1 gap-2 sm:grid-cols-2"
            aria-label="Account type"
          >
            {ROLES.map(([value, label, hint]) => (
              <Label
                key={value}
                htmlFor={`role-${value}`}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary-soft"
              >
                <RadioGroupItem id={`role-${value}`} value={value} className="mt-0.5" />
                <span className="flex flex-col">
                  <span className="font-medium">{label}</span>
                  <span className="text-xs font-normal text-muted">{hint}</span>
                </span>
              </Label>
            ))}
          </RadioGroup>
        )}
      />
    </fieldset>
  );
}

export interface ProBusinessFieldsProps {
  /** The sign-up form (react-hook-form). */
  form: UseFormReturn<SignupFormInput, unknown, SignupFormOutput>;
  /** Every category (`GET /v1/categories`); undefined while loading. */
  categories?: readonly Category[];
  /** City suggestions for the text typed last (`GET /v1/geocode`). */
  cities: readonly GeocodeResult[];
  /** Suggestions are being fetched. */
  citySearching?: boolean;
  /** The city field's text changed: fetch suggestions for it. */
  onCityTextChange: (text: string) => void;
  /** Where the picked city is ("Boston, MA · United States"), shown under the city; else null. */
  cityNote: string | null;
  /** The city was typed by hand (the picked city's country and coordinates no longer apply). */
  onCityTyped: () => void;
  /** A city suggestion was picked. */
  onCityPick: (city: GeocodeResult) => void;
}

/** "Your business", a pro's part of the sign-up: name, main category, city and service radius. */
export function ProBusinessFields({ form, cityNote, ...props }: ProBusinessFieldsProps) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">Your business</legend>
      <FormField
        label="Business name"
        hint="As customers will see it."
        error={errors.business?.businessName?.message}
        required
      >
        <Input autoComplete="organization" {...register('business.businessName')} />
      </FormField>
      <CategoryField
        control={control}
        name="business.primaryCategorySlug"
        hint="You can offer services in other categories later."
        categories={props.categories}
      />
      <CityField
        control={control}
        name="business.city"
        hint={cityNote ?? 'Where you work from. Start typing and pick it from the list.'}
        cities={props.cities}
        searching={props.citySearching}
        onSearch={props.onCityTextChange}
        onTyped={props.onCityTyped}
        onPick={props.onCityPick}
      />
      <ServiceRadiusField
        error={errors.business?.serviceRadiusKm?.message}
        {...register('business.serviceRadiusKm', { valueAsNumber: true })}
      />
    </fieldset>
  );
}
