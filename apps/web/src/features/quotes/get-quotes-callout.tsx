import { QUOTE_RULES } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Button, cn, useLinkComponent } from '@vetted/ui';
import { FileText } from 'lucide-react';

export interface GetQuotesCalloutProps {
  /** The category to preselect in the form (`?category=`), when the page has one. */
  categorySlug?: string | null;
  /** The one pro to ask (`?vendor=`), on a pro's page. */
  vendor?: { id: string; businessName: string } | null;
  className?: string;
}

/**
 * "Get quotes": a line saying what a request for quotes does and the link to the form
 * (`/user/quotes/new?category=…[&vendor=…]`). A plain link, rendered by the server too: a
 * signed-out visitor is sent to sign in and back by the session rules. On a pro's page it asks
 * that pro alone; elsewhere up to `QUOTE_RULES.maxMatches` (5) pros.
 */
export function GetQuotesCallout({ categorySlug, vendor, className }: GetQuotesCalloutProps) {
  const Link = useLinkComponent();
  const href = buildLink(ROUTES.user.quoteRequest, {
    query: { category: categorySlug ?? undefined, vendor: vendor?.id },
  });
  return (
    <div
      data-slot="get-quotes"
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-border bg-surface-raised p-4 sm:flex-row sm:items-center sm:justify-between',
        className,
      )}
    >
      <p className="text-sm">
        {vendor
          ? `A job that is not listed, or not sure of the price? Describe it and ask ${vendor.businessName} for a quote.`
          : `Not sure what it costs? Describe the job once and ask up to ${QUOTE_RULES.maxMatches} pros for quotes to compare.`}
      </p>
      <Button asChild variant={vendor ? 'outline' : 'primary'} className="shrink-0">
        <Link href={href}>
          <FileText aria-hidden="true" /> {vendor ? 'Get a quote' : 'Get quotes'}
        </Link>
      </Button>
    </div>
  );
}
