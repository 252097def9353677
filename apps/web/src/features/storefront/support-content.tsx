import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@vetted/ui';
import { Clock, Mail, Phone } from 'lucide-react';

export const FAQ = [
  {
    q: 'How are pros vetted?',
    a: 'Our team checks every vendor’s identity, trade qualifications and insurance before they can take bookings, and keeps reviewing ratings and complaints afterwards.',
  },
  {
    q: 'Can I cancel a booking?',
    a: 'Yes, from the order page. Before the pro accepts, your card is not charged and its hold is released. After acceptance you can cancel until the booking starts: 24 hours or more ahead you get the full amount back, later than that half of the service price. The order page shows the amount before you confirm.',
  },
  {
    q: 'When am I charged?',
    a: 'Your card is authorised (held) when you place the booking and charged when the pro accepts. If the pro declines, the hold is released and you are not charged.',
  },
  {
    q: 'I did not receive my sign-in code.',
    a: 'Check your spam folder, then use “Resend code” on the verification page once the countdown ends. Codes expire after 10 minutes.',
  },
  {
    q: 'How do I offer my services on Vetted?',
    a: 'Sign up and choose “I offer services”. Our team reviews your profile; once approved, customers can find and book you.',
  },
];

/** Contact details and FAQ, shared by the public support page and the in-app support pages. */
export function SupportContent() {
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[1fr_1.5fr]">
      <section aria-labelledby="support-contact" className="flex flex-col gap-4">
        <h2 id="support-contact" className="text-xl font-semibold">
          Contact us
        </h2>
        <ul className="flex flex-col gap-3">
          <li className="flex items-start gap-3 rounded-lg border border-border bg-surface p-4">
            <Mail aria-hidden="true" className="mt-0.5 size-5 text-link" />
            <div>
              <p className="font-medium">Email</p>
              <a
                href="mailto:support@vetted.test"
                className="text-link underline-offset-4 hover:underline"
              >
                support@vetted.test
              </a>
              <p className="text-sm text-muted">We reply within one business day.</p>
            </div>
          </li>
          <li className="flex items-start gap-3 rounded-lg border border-border bg-surface p-4">
            <Phone aria-hidden="true" className="mt-0.5 size-5 text-link" />
            <div>
              <p className="font-medium">Phone</p>
              <a href="tel:+15550100200" className="text-link underline-offset-4 hover:underline">
                +1 555 010 0200
              </a>
              <p className="text-sm text-muted">For urgent issues with a booking today.</p>
            </div>
          </li>
          <li className="flex items-start gap-3 rounded-lg border border-border bg-surface p-4">
            <Clock aria-hidden="true" className="mt-0.5 size-5 text-link" />
            <div>
              <p className="font-medium">Hours</p>
              <p className="text-sm text-muted">Monday–Saturday, 8:00–20:00</p>
            </div>
          </li>
        </ul>
      </section>
      <section aria-labelledby="support-faq" className="flex flex-col gap-4">
        <h2 id="support-faq" className="text-xl font-semibold">
          Frequently asked questions
        </h2>
        <Accordion
          type="single"
          collapsible
          className="rounded-lg border border-border bg-surface px-4"
        >
          {FAQ.map((item, i) => (
            <AccordionItem key={item.q} value={`faq-${i}`}>
              <AccordionTrigger>{item.q}</AccordionTrigger>
              <AccordionContent className="text-muted">{item.a}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </section>
    </div>
  );
}
