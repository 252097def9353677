import type { VendorOwnProfile } from '@vetted/contract';
import { VendorCard } from '@vetted/ui';
import type { BusinessFormInput } from './use-business-form';

export interface BusinessPreviewProps {
  /** The saved profile: rating, starting price and cover image come from it. */
  profile: VendorOwnProfile;
  /** The form's values as typed (any may still be missing). */
  values: Partial<BusinessFormInput>;
  /** The main category's name for the slug chosen in the form. */
  categoryName: string;
}

/**
 * "How customers see you": the search card of the business as the form is typed, shown as a
 * picture (not a link), and the tagline as the business page shows it.
 */
export function BusinessPreview({ profile, values, categoryName }: BusinessPreviewProps) {
  return (
    <section aria-labelledby="business-preview" className="flex flex-col gap-3 lg:sticky lg:top-20">
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
          name={values.businessName?.trim() || 'Your business name'}
          category={categoryName}
          city={values.city?.trim() || undefined}
          ratingAverage={profile.profile.ratingAverage}
          ratingCount={profile.profile.ratingCount}
          startingPrice={profile.profile.startingPrice ?? undefined}
          imageUrl={profile.profile.coverImageUrl}
          href="#business-preview"
        />
      </div>
      {values.tagline?.trim() ? (
        <p className="text-sm">
          <span className="text-muted">On your page: </span>
          {values.tagline.trim()}
        </p>
      ) : null}
    </section>
  );
}
