import { CANCELLATION_BANDS, CANCELLATION_POLICY, hoursText, NO_SHOW_TEXT } from '@vetted/contract';
import { ROUTES } from '@vetted/session';
import { Button, Container } from '@vetted/ui';
import type * as React from 'react';
import { Link } from 'wouter';

function Prose({
  title,
  lead,
  updated,
  children,
}: {
  title: string;
  lead: string;
  updated?: string;
  children: React.ReactNode;
}) {
  return (
    <Container size="md" className="py-12 md:py-16">
      <article className="flex flex-col gap-6">
        <header className="flex flex-col gap-3 border-b border-border pb-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="text-lg text-muted">{lead}</p>
          {updated ? <p className="text-sm text-muted">Last updated {updated}</p> : null}
        </header>
        <div className="flex flex-col gap-6 leading-relaxed [&_h2]:mt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:text-fg/90 [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-2">
          {children}
        </div>
      </article>
    </Container>
  );
}

export function AboutPage() {
  return (
    <Prose
      title="About Vetted"
      lead="Vetted is a professional marketplace connecting users with vetted local service providers — so finding a plumber, electrician or stylist you can trust takes minutes, not phone calls."
    >
      <h2>Why we exist</h2>
      <p>
        Hiring someone to come into your home is a leap of faith. Reviews can be faked, prices are
        rarely clear, and availability means a week of missed calls. We built Vetted to take the
        guesswork out: every pro is checked, every price is shown before you book, and every booking
        is a real slot in the pro's calendar.
      </p>
      <h2>How we vet pros</h2>
      <ul>
        <li>Identity verification for every vendor account.</li>
        <li>Proof of trade qualifications and licences where the trade requires them.</li>
        <li>Insurance checks for jobs carried out in customers' homes.</li>
        <li>Ongoing review: pros with poor ratings or unresolved complaints are suspended.</li>
      </ul>
      <h2>For pros</h2>
      <p>
        Vetted gives independent professionals a booking page, a calendar that fills itself and
        payments that arrive without chasing invoices. Sign up, tell us about your trade, and our
        team will review your profile.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link href={ROUTES.signup}>Create an account</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={ROUTES.support}>Contact support</Link>
        </Button>
      </div>
    </Prose>
  );
}

export function PrivacyPage() {
  return (
    <Prose
      title="Privacy policy"
      lead="We collect only what we need to run bookings, and we never sell your data."
      updated="22 November 2026"
    >
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your name, email address and, if you give it, a phone number.</li>
        <li>Booking details: the service, time, address and notes you give for a job.</li>
        <li>
          Payment details: handled by our payment provider. We keep only the last four digits of
          your card and the payment status.
        </li>
        <li>Location: only when you choose to share it, to show pros near you.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To run your account, connect you with the pro you booked, send booking updates and one-time
        sign-in codes, prevent fraud, and meet our legal obligations. The pro you book sees your
        name, the job address and your notes — nothing more.
      </p>
      <h2>Cookies</h2>
      <p>
        We use one essential cookie to keep you signed in, and local storage to remember your theme
        and saved location. No advertising trackers.
      </p>
      <h2>Your rights</h2>
      <p>
        You can see, correct or delete your data at any time. Update your details from your profile,
        or contact support to export or delete your account.
      </p>
    </Prose>
  );
}

/**
 * `/refund`: the published refund policy. Its bands (headings and sentences) come from the one
 * policy module the API applies (`@vetted/contract` cancellation.ts), so the page and
 * the refunds cannot disagree; changing a number there changes both. Prerendered at build time.
 */
export function RefundPage() {
  const bands = CANCELLATION_BANDS.filter((band) => band.published);
  return (
    <Prose
      title="Refund policy"
      lead="Clear rules, so you always know where your money is."
      updated="24 November 2026"
    >
      <h2>When your card is charged</h2>
      <p>
        When you book, your card is authorised: the amount is held, not charged. It is charged when
        the pro accepts the booking.
      </p>
      <h2>If you cancel</h2>
      <p>
        Cancel from the booking’s order page. Before you confirm, it shows exactly what you get back
        under the rules below.
      </p>
      {bands.map((band) => (
        <section
          key={band.id}
          aria-labelledby={`refund-${band.id}`}
          className="flex flex-col gap-2"
        >
          <h3 id={`refund-${band.id}`} className="text-lg font-semibold">
            {band.title}
          </h3>
          <p>{band.summary}</p>
        </section>
      ))}
      {/* The no-show rule: the same policy module's NO_SHOW_POLICY, as sentences. */}
      <h2 id="no-shows">{NO_SHOW_TEXT.title}</h2>
      {NO_SHOW_TEXT.sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`refund-no-show-${section.id}`}
          className="flex flex-col gap-2"
        >
          <h3 id={`refund-no-show-${section.id}`} className="text-lg font-semibold">
            {section.title}
          </h3>
          <p>{section.summary}</p>
        </section>
      ))}
      <h2>Changing the time</h2>
      <p>
        You can move a paid or accepted booking to another free time of the same service until{' '}
        {hoursText(CANCELLATION_POLICY.rescheduleNoticeMs)} before it starts. The pro may decline
        the new time: your booking then goes back to the previous time if it is still free, or is
        cancelled with a full refund if it is not.
      </p>
      <h2>Problems with a job</h2>
      <p>
        If something else goes wrong — the work is not what was agreed, or a no-show was recorded by
        mistake — contact support within 7 days of the booking and we will investigate and refund
        where the complaint is upheld.
      </p>
      <h2>How long refunds take</h2>
      <p>
        Refunds go back to the card you paid with. Your order shows “Refund pending” until the card
        provider confirms the refund, then “Refunded”. Most banks show it within 5–10 business days.
      </p>
    </Prose>
  );
}

export function UserAgreementPage() {
  return (
    <Prose
      title="User agreement"
      lead="The rules that keep Vetted fair and safe for customers and pros."
      updated="22 November 2026"
    >
      <h2>Your account</h2>
      <p>
        Keep your sign-in details private; you are responsible for activity on your account. Give
        accurate information, and only one account per person.
      </p>
      <h2>Bookings</h2>
      <p>
        A booking is an agreement between you and the pro. Vetted provides the marketplace, payments
        and support, and checks pros before listing them, but the pro carries out the work.
      </p>
      <h2>Payments and fees</h2>
      <p>
        Prices are set by pros and shown before you book. A booking fee is added at checkout and
        shown in the order summary. Refunds follow our refund policy.
      </p>
      <h2>Conduct</h2>
      <ul>
        <li>Treat each other with respect; harassment or discrimination ends your account.</li>
        <li>Keep payments on Vetted — off-platform payments are not protected.</li>
        <li>Leave honest reviews of jobs you actually booked.</li>
      </ul>
      <h2>Changes</h2>
      <p>
        We may update this agreement; we will tell you by email before changes that affect you take
        effect.
      </p>
    </Prose>
  );
}
