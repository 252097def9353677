import { type CreateQuoteRequestBody, endSentence, QUOTE_RULES } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  FormField,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
} from '@vetted/ui';
import { SearchX, Send } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { QuotePhotosField } from './quote-photos-field';
import type { QuoteRequestFormInput } from './quote-request-schema';
import { QuoteWindowsField } from './quote-windows-field';
import { type QuoteRequestFormOptions, useQuoteRequestForm } from './use-quote-request-form';

/** A saved place offered as the job's address. */
export interface QuotePlace {
  id: string;
  /** The place's name, e.g. "Home". */
  label: string;
  /** The one-line address, e.g. "12 Harbour Road, Boston 02110". */
  address: string;
}

export interface QuoteRequestFormProps extends QuoteRequestFormOptions {
  /** The categories to choose from (slug and name); undefined while loading. */
  categories: { slug: string; name: string }[] | undefined;
  /** The pro asked directly (from their page): the request goes to them alone. */
  vendor?: { businessName: string } | null;
  /** The customer's saved places, the default first; picking one fills the address. */
  places?: QuotePlace[];
}

/**
 * The request form ("Get quotes"): what kind of job, "Describe the job" (20–2000 characters,
 * counted), photos (up to 6, with upload progress), where (a saved place or typed), 1–3 date
 * ranges and an optional budget. Checked with the contract's schema before sending; the API's
 * refusals show at their fields, and "no matching pros" as a message that keeps everything.
 */
export function QuoteRequestForm(props: QuoteRequestFormProps) {
  const { categories, vendor, places, currency, today } = props;
  const { form, photos, setPhotos, progress, photoError, setPhotoError, refusal, submit } =
    useQuoteRequestForm(props);
  const { register, control, watch, formState } = form;
  const { errors, isSubmitting } = formState;
  const description = watch('description') ?? '';
  const category = categories?.find((c) => c.slug === watch('categorySlug'));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <Alert variant="info">
        <AlertDescription>
          {vendor
            ? `Your request goes to ${endSentence(vendor.businessName)}`
            : `Your request goes to up to ${QUOTE_RULES.maxMatches} approved pros${category ? ` in ${category.name}` : ''} who work at your address. Compare their quotes, ask questions, then book one.`}
        </AlertDescription>
      </Alert>
      <Card>
        <CardContent className="flex flex-col gap-5">
          <FormField label="Kind of job" error={errors.categorySlug?.message} required>
            <Controller
              control={control}
              name="categorySlug"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} disabled={!categories}>
                  <SelectTrigger onBlur={field.onBlur}>
                    <SelectValue placeholder={categories ? 'Choose a category' : 'Loading…'} />
                  </SelectTrigger>
                  <SelectContent>
                    {categories?.map((c) => (
                      <SelectItem key={c.slug} value={c.slug}>
                        {c.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField
            label="Describe the job"
            hint={`What needs doing, what you have noticed, anything the pro should know. ${description.trim().length} / ${QUOTE_RULES.descriptionMax} characters (at least ${QUOTE_RULES.descriptionMin}).`}
            error={errors.description?.message}
            required
          >
            <Textarea
              rows={6}
              maxLength={QUOTE_RULES.descriptionMax}
              {...register('description')}
            />
          </FormField>
          <QuotePhotosField
            photos={photos}
            onChange={(next) => {
              setPhotoError(undefined);
              setPhotos(next);
            }}
            progress={progress}
            error={photoError}
            disabled={isSubmitting}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="flex flex-col gap-5">
          <QuotePlaceFields form={form} places={places} />
          <QuoteWindowsField
            control={control}
            register={register}
            errors={errors}
            today={today}
            disabled={isSubmitting}
          />
          <FormField
            label={`Budget (${currency}, optional)`}
            hint="Shown to the pros with your request."
            error={errors.budget?.message}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              className="max-w-48"
              {...register('budget')}
            />
          </FormField>
        </CardContent>
      </Card>
      {refusal ? (
        <Alert variant="warning">
          <SearchX aria-hidden="true" />
          <AlertTitle>{refusal.title}</AlertTitle>
          <AlertDescription>
            {refusal.message}
            {refusal.advice ? ` ${refusal.advice}` : null}
          </AlertDescription>
        </Alert>
      ) : null}
      <Button
        type="submit"
        size="lg"
        loading={isSubmitting}
        className="w-full sm:w-auto sm:self-end"
      >
        <Send aria-hidden="true" /> {vendor ? `Send to ${vendor.businessName}` : 'Send request'}
      </Button>
    </form>
  );
}

/** Where the job is: a saved place (filling the address) when there are some, or typed. */
function QuotePlaceFields({
  form,
  places,
}: {
  form: UseFormReturn<QuoteRequestFormInput, unknown, CreateQuoteRequestBody>;
  places?: QuotePlace[];
}) {
  const { register, setValue, watch, formState } = form;
  const placeId = watch('placeId');
  const offered = places?.filter((p) => p.address) ?? [];
  return (
    <>
      {offered.length > 0 ? (
        <FormField label="Saved place" hint="Fills in the address below.">
          <Select
            value={placeId}
            onValueChange={(id) => {
              const place = offered.find((p) => p.id === id);
              if (!place) return;
              setValue('placeId', place.id, { shouldDirty: true });
              setValue('address', place.address, { shouldDirty: true, shouldValidate: true });
            }}
          >
            {/* min-w-0: a long address truncates instead of widening the card on phones. */}
            <SelectTrigger className="min-w-0">
              <SelectValue placeholder="Choose one of your places" />
            </SelectTrigger>
            <SelectContent>
              {offered.map((p) => (
                <SelectItem key={p.id} value={p.id}>
                  {p.label} · {p.address}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      ) : null}
      <FormField
        label="Address"
        hint="Where the job is, including flat or floor."
        error={formState.errors.address?.message}
        required
      >
        <Input
          autoComplete="street-address"
          {...register('address', {
            // Typing over a saved place's address makes it a typed address.
            onChange: () => setValue('placeId', ''),
          })}
        />
      </FormField>
    </>
  );
}
