/**
 * Pure rules of the pro's onboarding: the checklist at `/vendor`, when a profile may
 * be submitted for review, when a vetting document may be deleted, and how a document is stored.
 * No I/O: the service feeds them rows. Table-tested in test/vendor-onboarding.test.ts.
 */
import {
  DOCUMENT_CONTENT_TYPES,
  type DocumentKind,
  documentKindSchema,
  type OnboardingStep,
  REQUIRED_DOCUMENT_KINDS,
} from '@vetted/contract';
import { truncate } from '../../lib/text';
import { MISSING } from './messages';

/** Shortest bio that completes the profile step (characters after trimming). */
export const BIO_MIN_CHARS = 40;
/**
 * Most vetting documents a vendor keeps at once: the three kinds, each replaced a few times.
 * Beyond it an upload is refused (each may be 10 MB of private storage).
 */
export const MAX_DOCUMENTS = 20;

/** A vetting status (the contract's `vettingStatusSchema`). */
export type VettingStatus = 'draft' | 'pending' | 'approved' | 'rejected' | 'suspended';
/** A document content type we accept (`DOCUMENT_CONTENT_TYPES`). */
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** What the checklist is computed from. */
export interface ChecklistFacts {
  profile: {
    businessName: string;
    primaryCategoryId: string | null;
    city: string;
    bio: string;
    tagline: string;
  };
  status: VettingStatus;
  /** Services with `active` and no `archivedAt`. */
  activeServices: number;
  /** Rows of `availability_rules` (weekly ranges). */
  weeklyRanges: number;
  /** Kinds of the vendor's documents (repeats allowed). */
  documentKinds: readonly string[];
}

/** A checklist step from the sentences still missing (done when there are none). */
function step(key: OnboardingStep['key'], missing: string[]): OnboardingStep {
  return { key, done: missing.length === 0, missing };
}

/**
 * The onboarding checklist, in order: profile (business name, main category, city,
 * a bio of at least {@link BIO_MIN_CHARS} characters, a tagline), services (at least one active,
 * not archived), availability (at least one weekly range), documents (every
 * `REQUIRED_DOCUMENT_KINDS`: identity and insurance), submit (done when pending or approved).
 * `missing` holds sentences a person can act on.
 */
export function onboardingChecklist(facts: ChecklistFacts): OnboardingStep[] {
  const p = facts.profile;
  const profile: string[] = [];
  if (!p.businessName.trim()) profile.push(MISSING.businessName);
  if (!p.primaryCategoryId) profile.push(MISSING.category);
  if (!p.city.trim()) profile.push(MISSING.city);
  if (p.bio.trim().length < BIO_MIN_CHARS) profile.push(MISSING.bio(BIO_MIN_CHARS));
  if (!p.tagline.trim()) profile.push(MISSING.tagline);

  const kinds = new Set(facts.documentKinds);
  const documents = REQUIRED_DOCUMENT_KINDS.filter((k) => !kinds.has(k)).map((k) =>
    MISSING.document(k),
  );

  const submitted = facts.status === 'pending' || facts.status === 'approved';
  const submit = submitted
    ? []
    : facts.status === 'suspended'
      ? [MISSING.suspended]
      : [MISSING.submit];

  return [
    step('profile', profile),
    step('services', facts.activeServices > 0 ? [] : [MISSING.service]),
    step('availability', facts.weeklyRanges > 0 ? [] : [MISSING.hours]),
    step('documents', documents),
    step('submit', submit),
  ];
}

/** Statuses a profile may be submitted from: a first submission, or again after a rejection. */
export function isSubmittable(status: VettingStatus): boolean {
  return status === 'draft' || status === 'rejected';
}

/** True when every step but `submit` is done and the status allows submitting (the contract's `canSubmit`). */
export function canSubmit(checklist: readonly OnboardingStep[], status: VettingStatus): boolean {
  return isSubmittable(status) && missingBeforeSubmit(checklist).length === 0;
}

/** Every sentence still missing in the steps before `submit`, in checklist order. */
export function missingBeforeSubmit(checklist: readonly OnboardingStep[]): string[] {
  return checklist.filter((s) => s.key !== 'submit').flatMap((s) => s.missing);
}

/** What `POST /v1/vendor/profile/submit` does, see {@link decideSubmit}. */
export type SubmitDecision =
  | { kind: 'submit' }
  /** The status does not allow it (pending, approved, suspended): 409. */
  | { kind: 'wrong_status'; status: VettingStatus }
  /** Something is missing: 409 listing it. */
  | { kind: 'incomplete'; missing: string[] };

/**
 * The submission rule: draft or rejected, with every step but `submit` done, goes to
 * `pending`; any other status is refused first, then an incomplete checklist.
 */
export function decideSubmit(
  status: VettingStatus,
  checklist: readonly OnboardingStep[],
): SubmitDecision {
  if (!isSubmittable(status)) return { kind: 'wrong_status', status };
  const missing = missingBeforeSubmit(checklist);
  return missing.length > 0 ? { kind: 'incomplete', missing } : { kind: 'submit' };
}

/**
 * Whether a vetting document may be deleted: not while the profile is `pending` (an admin is
 * reviewing exactly these documents).
 */
export function canDeleteDocument(status: VettingStatus): boolean {
  return status !== 'pending';
}

/**
 * The vetting status answered as `vettingReason`: the stored reason only while it explains the
 * current state (rejected or suspended). The column keeps the last decision's reason until the
 * next decision — a resubmitted profile's admin still sees why it was rejected — but a pending
 * vendor is not shown an old rejection as if it were current.
 */
export function visibleReason(status: VettingStatus, reason: string | null): string | null {
  return status === 'rejected' || status === 'suspended' ? reason : null;
}

/** `kind` as a document kind, or null when it is not one. */
export function parseDocumentKind(kind: unknown): DocumentKind | null {
  const parsed = documentKindSchema.safeParse(kind);
  return parsed.success ? parsed.data : null;
}

/** Whether a detected MIME type is one a document may have (`DOCUMENT_CONTENT_TYPES`). */
export function isDocumentContentType(mime: string | undefined): mime is DocumentContentType {
  return mime !== undefined && (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(mime);
}

/** File extension stored with each accepted content type. */
const EXTENSION: Record<DocumentContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * Private storage key of a document: `vendor-documents/<vendorId>/<documentId>.<ext>`, the
 * extension from the detected type (never from the uploaded name).
 */
export function documentStorageKey(
  vendorId: string,
  documentId: string,
  contentType: DocumentContentType,
): string {
  return `vendor-documents/${vendorId}/${documentId}.${EXTENSION[contentType]}`;
}

/** Longest stored file name (UTF-16 code units). */
const FILE_NAME_MAX = 200;

/**
 * The name a document is listed and downloaded under: the uploaded name without any folder part
 * or control characters, at most 200 characters; `<kind>.<ext>` when nothing is left.
 */
export function documentFileName(
  uploaded: string | undefined,
  kind: DocumentKind,
  contentType: DocumentContentType,
): string {
  const base = (uploaded ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  // Cut at a grapheme boundary: half an emoji is not storable Unicode (lib/text.ts).
  return truncate(clean || `${kind}.${EXTENSION[contentType]}`, FILE_NAME_MAX, { ellipsis: '' });
}
