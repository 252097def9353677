import { MESSAGES } from '@vetted/api-client';
import type { OnboardingStep, VendorOwnProfile } from '@vetted/contract';
import { ROUTES } from '@vetted/session';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  ConfirmDialog,
  Skeleton,
} from '@vetted/ui';
import {
  CircleAlert,
  CircleCheck,
  CircleDashed,
  Clock,
  LifeBuoy,
  Send,
  ShieldAlert,
} from 'lucide-react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { formatDate } from '../../lib/format';

/** What each checklist step is about and where it is edited. */
const STEP_INFO: Record<
  Exclude<OnboardingStep['key'], 'submit'>,
  { title: string; description: string; href: string; action: string }
> = {
  profile: {
    title: 'Business profile',
    description: 'Your business name, main category, city and how far you travel.',
    href: ROUTES.vendor.business,
    action: 'Edit profile',
  },
  services: {
    title: 'Services',
    description: 'At least one service customers can book, with its price and duration.',
    href: ROUTES.vendor.services,
    action: 'Manage services',
  },
  availability: {
    title: 'Opening hours',
    description: 'When customers can book you.',
    href: ROUTES.vendor.availability,
    action: 'Set hours',
  },
  documents: {
    title: 'Documents',
    description: 'Proof of identity and insurance, seen only by Vetted’s vetting team.',
    href: ROUTES.vendor.documents,
    action: 'Upload documents',
  },
};

const HEADINGS: Record<Exclude<VendorOwnProfile['vettingStatus'], 'approved'>, string> = {
  draft: 'Set up your business',
  pending: 'Your profile is under review',
  rejected: 'A few changes before you go live',
  suspended: 'Your profile is suspended',
};

export interface VendorOnboardingViewProps {
  /** `GET /v1/vendor/profile`: status, reason, checklist, `canSubmit`. */
  profile?: VendorOwnProfile;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /**
   * Submits the profile for review (after the person confirmed). Rejects on failure (e.g. 409
   * listing what is missing); the caller reports it and the dialog stays open.
   */
  onSubmit: () => Promise<void>;
}

/**
 * `/vendor` before approval: the onboarding checklist — business profile, services,
 * opening hours, documents, each with what is still missing and a link to its editor — and
 * "Submit for review" (enabled only when `canSubmit`, confirmed first). Says where the pro
 * stands: a draft to finish, under review ("we'll notify you"), rejected (the reason; fix and
 * submit again) or suspended (the reason; contact support).
 */
export function VendorOnboardingView({
  profile,
  isLoading,
  error,
  onRetry,
  onSubmit,
}: VendorOnboardingViewProps) {
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
        aria-label="Loading your dashboard"
        className="flex flex-col gap-6"
      >
        <Skeleton className="h-9 w-72 max-w-full" />
        <Skeleton className="h-20 rounded-lg" />
        <Skeleton className="h-80 rounded-lg" />
      </div>
    );
  }

  const status = profile.vettingStatus === 'approved' ? 'pending' : profile.vettingStatus;
  const steps = profile.checklist.filter(
    (s): s is OnboardingStep & { key: keyof typeof STEP_INFO } => s.key !== 'submit',
  );
  const doneCount = steps.filter((s) => s.done).length;
  const canSubmitNow = status === 'draft' || status === 'rejected';

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{HEADINGS[status]}</h1>
        <p className="text-sm text-muted">{profile.profile.businessName}</p>
      </div>

      <StatusAlert profile={profile} />

      {status !== 'suspended' ? (
        <Card className="gap-0 p-0">
          <div className="flex flex-col gap-1 border-b border-border p-4 sm:p-5">
            <h2 id="onboarding-steps" className="text-lg font-semibold">
              Your checklist
            </h2>
            <p className="text-sm text-muted">
              {doneCount} of {steps.length} steps done
            </p>
          </div>
          <ol aria-labelledby="onboarding-steps" className="divide-y divide-border">
            {steps.map((step) => (
              <ChecklistStep key={step.key} step={step} />
            ))}
          </ol>
          {canSubmitNow ? (
            <div className="flex flex-col gap-2 border-t border-border p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
              <p id="onboarding-submit-hint" className="text-sm text-muted">
                {profile.canSubmit
                  ? 'Everything is in place. Vetted’s team checks your profile and documents before customers can book you.'
                  : 'Finish the steps above to submit your profile for review.'}
              </p>
              <ConfirmDialog
                trigger={
                  <Button
                    disabled={!profile.canSubmit}
                    aria-describedby="onboarding-submit-hint"
                    className="shrink-0"
                  >
                    <Send aria-hidden="true" />
                    {status === 'rejected' ? 'Submit again' : 'Submit for review'}
                  </Button>
                }
                title="Submit your profile for review?"
                description="Vetted’s team checks your business profile, services and documents. While the review lasts you cannot delete your documents. We will notify you of the decision."
                confirmLabel="Submit for review"
                onConfirm={onSubmit}
              />
            </div>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}

function StatusAlert({ profile }: { profile: VendorOwnProfile }) {
  switch (profile.vettingStatus) {
    case 'pending':
      return (
        <Alert variant="info">
          <Clock aria-hidden="true" />
          <AlertTitle>Under review</AlertTitle>
          <AlertDescription>
            <p>
              {profile.submittedAt
                ? `You submitted your profile on ${formatDate(profile.submittedAt)}. `
                : null}
              Vetted’s team is checking it now and we will notify you of the decision. Customers can
              find and book you once it is approved.
            </p>
          </AlertDescription>
        </Alert>
      );
    case 'rejected':
      return (
        <Alert variant="danger">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Vetted could not approve your profile yet</AlertTitle>
          <AlertDescription>
            {profile.vettingReason ? (
              <p>
                <span className="font-medium">Reason:</span> {profile.vettingReason}
              </p>
            ) : null}
            <p>Fix what is asked, then submit your profile again.</p>
          </AlertDescription>
        </Alert>
      );
    case 'suspended':
      return (
        <Alert variant="danger">
          <ShieldAlert aria-hidden="true" />
          <AlertTitle>Customers cannot find or book you</AlertTitle>
          <AlertDescription>
            {profile.vettingReason ? (
              <p>
                <span className="font-medium">Reason:</span> {profile.vettingReason}
              </p>
            ) : null}
            <p>To be reinstated, contact our support team.</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button asChild variant="outline" size="sm">
                <Link href={ROUTES.vendor.messagesSupport}>
                  <LifeBuoy aria-hidden="true" /> Contact support
                </Link>
              </Button>
              <Button asChild variant="ghost" size="sm">
                <Link href={ROUTES.vendor.history}>Your orders</Link>
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      );
    default:
      return (
        <Alert variant="info">
          <CircleDashed aria-hidden="true" />
          <AlertTitle>Finish these steps to get booked</AlertTitle>
          <AlertDescription>
            Complete each step, then submit your profile for review. Customers can find and book you
            once Vetted approves it.
          </AlertDescription>
        </Alert>
      );
  }
}

function ChecklistStep({ step }: { step: OnboardingStep & { key: keyof typeof STEP_INFO } }) {
  const info = STEP_INFO[step.key];
  const titleId = `onboarding-step-${step.key}`;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:p-5"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {step.done ? (
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        ) : (
          <CircleDashed aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-x-2">
            <span id={titleId} className="font-medium">
              {info.title}
            </span>
            <span className={step.done ? 'text-sm text-success' : 'text-sm text-muted'}>
              {step.done ? 'Done' : 'To do'}
            </span>
          </p>
          <p className="text-sm text-muted">{info.description}</p>
          {step.missing.length > 0 ? (
            <ul aria-label={`Missing for ${info.title}`} className="list-disc pl-5 text-sm">
              {step.missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <Button
        asChild
        variant={step.done ? 'ghost' : 'outline'}
        size="sm"
        className="self-start sm:shrink-0"
      >
        <Link href={info.href} aria-describedby={titleId}>
          {info.action}
        </Link>
      </Button>
    </li>
  );
}
