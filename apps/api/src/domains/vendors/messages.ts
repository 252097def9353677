/**
 * User-facing text of the vendors domain: the pro's own profile, onboarding checklist,
 * vetting documents and submission for review. Each error says what to do next.
 */
import { DOCUMENT_MAX_BYTES, type DocumentKind, endSentence } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { escapeHtml, firstName, type MailMessage, mailHtml } from '../../shared/mail';
import type { NewNotification } from '../../shared/notification';

/** 403 for a customer or an admin on a `/v1/vendor/*` route. */
export const vendorOnly = () =>
  forbidden('Only pros can use the vendor area. Sign in with your business account', 'vendor_only');

/** 404 for a vendor account without a business profile (should not happen; an old account). */
export const profileNotFound = () =>
  notFound('We could not find your business profile. Contact support', 'vendor_not_found');

/**
 * 422 for a city the offline dataset does not know (in the country named `countryName`, its
 * English name, when given). `field` is the body path of the city: `city` (profile) or
 * `business.city` (sign-up).
 */
export function unknownCity(
  city: string,
  countryName: string | undefined,
  field: string,
): AppError {
  const where = countryName ? ` in ${countryName}` : '';
  const short = `We could not find "${city}"${where}. Check the spelling or pick a city from the suggestions.`;
  return new AppError(422, `${field}: ${short}`, 'unknown_city', { [field]: short });
}

/** 422 for a main category slug that does not exist; `field` as in {@link unknownCity}. */
export function unknownCategory(slug: string, field: string): AppError {
  const short = `There is no category "${slug}". Choose one from the list.`;
  return new AppError(422, `${field}: ${short}`, 'unknown_category', { [field]: short });
}

// ─── checklist ───────────────────────────────────────────────────────────────────────────────

/** What each unfinished checklist item says. `bioMin` is the bio's minimum length. */
export const MISSING = {
  businessName: 'Add your business name',
  category: 'Choose your main category',
  city: 'Add the city you work from',
  bio: (bioMin: number) => `Add a bio of at least ${bioMin} characters`,
  tagline: 'Add a tagline',
  service: 'Add at least one active service',
  hours: 'Set your opening hours',
  document: (kind: DocumentKind) => `Upload your ${DOCUMENT_LABEL[kind]}`,
  submit: 'Submit your profile for review',
  suspended: 'Your business is suspended. Contact support to be reinstated',
} as const;

/** How a document kind is named in sentences. */
export const DOCUMENT_LABEL: Record<DocumentKind, string> = {
  identity: 'identity document',
  insurance: 'insurance certificate',
  licence: 'licence',
};

// ─── submission ──────────────────────────────────────────────────────────────────────────────

/** 409 when the profile is not in a state that can be submitted (pending, approved, suspended). */
export function cannotSubmit(status: string): AppError {
  const why: Record<string, string> = {
    pending: 'Your profile is already under review. We will let you know when it is done',
    approved: 'Your profile is already approved',
    suspended: 'Your business is suspended. Contact support to be reinstated',
  };
  return conflict(why[status] ?? `A ${status} profile cannot be submitted`, 'invalid_transition');
}

/** 409 listing what is still missing, e.g. "Finish your profile first: Add a tagline; …". */
export const incomplete = (missing: readonly string[]) =>
  conflict(`Finish your profile first: ${missing.join('; ')}`, 'profile_incomplete');

/** In-app path of the pro's onboarding checklist. */
const checklistLink = ROUTES.vendor.home;

/** The vendor's notice that their profile went to review. */
export function submittedNotice(businessName: string): Omit<NewNotification, 'userId'> {
  return {
    type: 'vetting.submitted',
    title: 'Profile submitted for review',
    body: `We're reviewing ${endSentence(businessName)} We'll let you know as soon as there's a decision. Your documents can't be changed while the review is on.`,
    link: checklistLink,
  };
}

/** The admins' notice that a vendor waits in the vetting queue. */
export function newVendorToVetNotice(input: {
  vendorId: string;
  businessName: string;
  city: string;
}): Omit<NewNotification, 'userId'> {
  return {
    type: 'vetting.queued',
    title: 'New vendor to vet',
    body: `${input.businessName}${input.city ? ` (${input.city})` : ''} submitted their profile for review.`,
    link: buildLink(ROUTES.admin.vendorDetail, { params: { id: input.vendorId } }),
  };
}

/** The mail of a submission: received, what happens next, where to follow it. */
export function submittedMail(input: {
  to: string;
  fullName: string;
  businessName: string;
  publicUrl: string;
}): MailMessage {
  const first = firstName(input.fullName);
  const link = `${input.publicUrl.replace(/\/$/, '')}${checklistLink}`;
  const text = [
    `Hi ${first},`,
    '',
    `Thanks for submitting ${input.businessName} to Vetted. We're now checking your profile and documents.`,
    '',
    "We'll email you as soon as there's a decision. Until then your documents can't be changed.",
    '',
    `Follow it here: ${link}`,
    '',
    '— The Vetted team',
    '',
  ].join('\n');
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">Thanks for submitting ${escapeHtml(input.businessName)} to Vetted. We're now checking your profile and documents.</p>
        <p style="margin:0 0 16px;font-size:16px">We'll email you as soon as there's a decision. Until then your documents can't be changed.</p>
        <p style="margin:0;font-size:14px"><a href="${escapeHtml(link)}" style="color:#135FE1">See your checklist</a></p>`);
  return {
    to: input.to,
    subject: `We're reviewing ${input.businessName}`,
    text,
    html,
  };
}

// ─── documents ───────────────────────────────────────────────────────────────────────────────

/** 400 when the upload has no file (or an empty one). */
export const documentMissing = () => badRequest('No document selected', 'document_missing');

/** 400 for a missing or unknown `kind` field. */
export const invalidKind = () =>
  badRequest(
    'Choose what the document is: identity, insurance or licence',
    'invalid_document_kind',
    { kind: 'Choose identity, insurance or licence' },
  );

/** 413 past {@link DOCUMENT_MAX_BYTES}. */
export const documentTooLarge = () =>
  new AppError(
    413,
    `Document must be ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB or less`,
    'document_too_large',
  );

/** 415 for a file that is not a PDF, JPEG, PNG or WebP by its content (whatever its name). */
export const unsupportedDocumentType = () =>
  new AppError(415, 'Upload a PDF, JPEG, PNG or WebP file', 'unsupported_document_type');

/** 400 for more than one file, or a field other than `kind` and `file`. */
export const oneDocument = () => badRequest('Send one document at a time', 'too_many_files');

/** 409 past the per-vendor document cap. */
export const tooManyDocuments = (max: number) =>
  conflict(
    `You can keep up to ${max} documents. Delete one you no longer need to upload another`,
    'too_many_documents',
  );

/** The same 404 for a random id and for another vendor's document. */
export { documentNotFound } from '../../shared/errors';

/** 409 for deleting a document while the profile is under review. */
export const documentUnderReview = () =>
  conflict(
    "Your profile is under review, so its documents can't be deleted until the review is done",
    'under_review',
  );
