/**
 * User-facing text of the admin console: its errors, and what a vetting decision or a
 * suspension tells the person it concerns (in-app notification and mail). Each says what
 * happened and, where there is one, what the person can do next.
 */
import { ROUTES } from '@vetted/session';
import { conflict, forbidden, notFound } from '../../shared/errors';
import { escapeHtml, firstName, type MailMessage, mailHtml } from '../../shared/mail';
import { formatMoney } from '../../shared/money';
import type { NewNotification } from '../../shared/notification';

// ─── errors ──────────────────────────────────────────────────────────────────────────────────

/** 403 for a signed-in customer or pro on any `/v1/admin/*` route. */
export const adminOnly = () => forbidden('Admins only', 'admin_only');

export { documentNotFound, orderNotFound, vendorNotFound } from '../../shared/errors';
export const userNotFound = () => notFound('User not found', 'user_not_found');
export const paymentNotFound = () => notFound('Payment not found', 'payment_not_found');

/**
 * The verb of each vetting decision (policy.ts `VettingDecision`) in "can be …" sentences; its
 * keys are the decisions this text knows, so a new decision without words does not compile.
 */
const DECIDED = {
  approve: 'approved',
  reject: 'rejected',
  suspend: 'suspended',
  reinstate: 'reinstated',
} as const;

/** A vetting decision, as this text names it (policy.ts `VettingDecision`). */
type VettingDecision = keyof typeof DECIDED;

/**
 * 409 for a decision that does not apply to the vendor's current status, naming both, e.g.
 * "This vendor is approved. Only pending vendors can be rejected". `from`: the one status the
 * decision applies to (policy.ts `VETTING_TRANSITIONS`).
 */
export function invalidVettingTransition(decision: VettingDecision, current: string, from: string) {
  return conflict(
    `This vendor is ${current}. Only ${from} vendors can be ${DECIDED[decision]}`,
    'invalid_vetting_transition',
  );
}

export const cannotSuspendSelf = () =>
  forbidden("You can't suspend your own account", 'cannot_suspend_self');
export const cannotSuspendAdmin = () =>
  forbidden("An admin account can't be suspended from the console", 'cannot_suspend_admin');
export const accountDeleted = () =>
  conflict('This account was deleted, so there is nothing to suspend', 'account_deleted');
export const alreadySuspended = () =>
  conflict('This account is already suspended', 'already_suspended');
export const notSuspended = () =>
  conflict('This account is not suspended, so there is nothing to reinstate', 'not_suspended');

/** 409 for a refund of a payment the provider does not hold (not captured, voided…). */
export const paymentNotCaptured = (status: string) =>
  conflict(
    `Only a captured payment can be refunded; this one is ${status.replaceAll('_', ' ')}`,
    'payment_not_captured',
  );
export const nothingToRefund = () =>
  conflict(
    'Nothing is left to refund on this payment (refunds still pending count too)',
    'nothing_to_refund',
  );
/** 409 for an amount above what is left (`left`: minor units). */
export const refundTooLarge = (left: number, currency: string) =>
  conflict(
    `At most ${formatMoney(left, currency)} is left to refund on this payment`,
    'refund_too_large',
  );

// ─── what the vendor is told ─────────────────────────────────────────────────────────────────

/** Facts of a vetting notice and mail. `reason`: the admin's words (reject, suspend). */
export interface VettingFacts {
  businessName: string;
  reason: string | null;
}

/** In-app path of the pro's onboarding checklist (where a decision and its reason show). */
const vendorHomeLink = ROUTES.vendor.home;

/** Title and body of each decision, as both the notification and the mail say it. */
function vettingText(decision: VettingDecision, f: VettingFacts): { title: string; body: string } {
  const reason = f.reason ? ` Reason: ${f.reason}` : '';
  switch (decision) {
    case 'approve':
      return {
        title: `${f.businessName} is approved`,
        body: 'Your profile passed review. You are now listed on Vetted and customers can book you.',
      };
    case 'reject':
      return {
        title: `${f.businessName} was not approved`,
        body: `Your profile did not pass review.${reason} Fix what is asked and submit your profile again from your checklist.`,
      };
    case 'suspend':
      return {
        title: `${f.businessName} is suspended`,
        body: `Your business is no longer listed and can't take new bookings.${reason} Contact support to be reinstated.`,
      };
    case 'reinstate':
      return {
        title: `${f.businessName} is reinstated`,
        body: 'Your business is listed again and customers can book you.',
      };
  }
}

/** The vendor's in-app notification of a decision (type `vetting.<status>`). */
export function vettingNotice(
  decision: VettingDecision,
  f: VettingFacts,
): Omit<NewNotification, 'userId'> {
  const { title, body } = vettingText(decision, f);
  return {
    type: `vetting.${DECIDED[decision]}`,
    title,
    body,
    link: vendorHomeLink,
  };
}

/** The vendor's mail of a decision: same facts as {@link vettingNotice}, with the link. */
export function vettingMail(
  decision: VettingDecision,
  f: VettingFacts & { to: string; fullName: string; publicUrl: string },
): MailMessage {
  const { title, body } = vettingText(decision, f);
  const first = firstName(f.fullName);
  const link = `${f.publicUrl.replace(/\/$/, '')}${vendorHomeLink}`;
  const text = [
    `Hi ${first},`,
    '',
    body,
    '',
    `Open your business area: ${link}`,
    '',
    '— The Vetted team',
    '',
  ].join('\n');
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(body)}</p>
        <p style="margin:0;font-size:14px"><a href="${escapeHtml(link)}" style="color:#135FE1">Open your business area</a></p>`);
  return { to: f.to, subject: title, text, html };
}

// ─── what a suspended or reinstated user is told ─────────────────────────────────────────────

/** The mail to a user whose account an admin suspended (their sessions have ended). */
export function accountSuspendedMail(input: {
  to: string;
  fullName: string;
  reason: string;
  publicUrl: string;
}): MailMessage {
  const first = firstName(input.fullName);
  const lines = [
    'Your Vetted account has been suspended and you have been signed out everywhere.',
    `Reason: ${input.reason}`,
  ];
  const text = [`Hi ${first},`, '', ...lines, '', '— The Vetted team', input.publicUrl, ''].join(
    '\n',
  );
  const html = mailHtml(
    [`Hi ${first},`, ...lines]
      .map((l) => `        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(l)}</p>`)
      .join('\n'),
  );
  return { to: input.to, subject: 'Your Vetted account is suspended', text, html };
}

/** The mail to a user whose account an admin reinstated. */
export function accountReinstatedMail(input: {
  to: string;
  fullName: string;
  publicUrl: string;
}): MailMessage {
  const first = firstName(input.fullName);
  const line = 'Your Vetted account is active again: you can sign in as before.';
  const text = [`Hi ${first},`, '', line, '', '— The Vetted team', input.publicUrl, ''].join('\n');
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(line)}</p>`);
  return { to: input.to, subject: 'Your Vetted account is active again', text, html };
}
