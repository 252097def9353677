import { MESSAGES } from '@vetted/api-client';
import type { CreateQuoteRequestBody } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Button, Container, PageHeader, Skeleton } from '@vetted/ui';
import { Plus } from 'lucide-react';
import { useSWRConfig } from 'swr';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { errorMessage } from '../../lib/errors';
import { todayIn } from '../../lib/format';
import { useCategories } from '../../lib/hooks/use-categories';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { isEndpointKey } from '../../lib/keys';
import { addressLine, locationOf } from '../../lib/location';
import { toast } from '../../lib/toast';
import { api } from '../../lib/vetted-api';
import { useAddresses } from '../account';
import { useVendor } from '../services';
import { QuoteRequestSkeleton, QuotesLoadError } from './load-states';
import { QuoteRequestForm } from './quote-request-form';
import { QuoteRequestView } from './quote-request-view';
import { QuoteRequestsListView } from './quote-requests-list-view';
import { uploadQuoteRequest } from './upload-quote-request';
import { useNow } from './use-now';
import { useQuoteRequest, useQuoteRequests, useQuoteWrite } from './use-quotes';

/*
 * The customer's quote pages: the list of requests, the request form ("Get quotes") and one
 * request with its quotes side by side. The pro's pages are in vendor-leads-pages.tsx.
 */

/** Budget currency when no pro is named: the demo market's (the API reads it in the pro's). */
const DEFAULT_CURRENCY = 'USD';

/** The device's IANA time zone: the customer's windows and the offered slots are shown in it. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Reports a failed write with the API's message, then rejects again (dialogs stay open). */
function reported(title: string) {
  return (error: unknown): never => {
    toast.error(title, { description: errorMessage(error) });
    throw error;
  };
}

/** "Get quotes": the link to the request form. */
function GetQuotesButton() {
  return (
    <Button asChild>
      <Link href={ROUTES.user.quoteRequest}>
        <Plus aria-hidden="true" /> Get quotes
      </Link>
    </Button>
  );
}

/** `/user/quotes`: the customer's requests for quotes, newest first. */
export function UserQuotesPage() {
  const { data, error, isLoading, mutate } = useQuoteRequests();
  const now = useNow();
  return (
    <Container className="flex flex-col gap-6">
      <PageHeader
        title="Quotes"
        description="Describe a job, compare the pros' prices, book the one you like."
        actions={data?.length ? <GetQuotesButton /> : undefined}
      />
      <QuoteRequestsListView
        data={data}
        error={error}
        isLoading={isLoading}
        onRetry={() => mutate()}
        now={now}
        hrefFor={(r) => buildLink(ROUTES.user.quote, { params: { id: r.id } })}
        emptyAction={<GetQuotesButton />}
      />
    </Container>
  );
}

/**
 * `/user/quotes/new?category=<slug>[&vendor=<id>]`: the request form; with `vendor`, the request
 * goes to that pro alone (their name is read to say so). Sent, it opens the request's page.
 */
export function UserQuoteRequestPage() {
  const [params] = useSearchParams();
  const vendorId = params.get('vendor');
  const categories = useCategories();
  const vendor = useVendor(vendorId);
  const places = useAddresses();
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  // The form reads its starting values once: wait for the saved places and the named pro.
  const waiting = places.isLoading || (vendorId !== null && vendor.isLoading);
  const defaultPlace = places.data?.[0];
  const send = async (
    body: CreateQuoteRequestBody,
    photos: File[],
    onProgress: (fraction: number) => void,
  ) => {
    const full = { ...body, ...(vendorId ? { vendorId } : {}) };
    const request =
      photos.length > 0
        ? await uploadQuoteRequest({ body: full, photos, onProgress })
        : await api.quotes.request(full);
    void mutate(isEndpointKey('listQuoteRequests'));
    const count = request.leads.length;
    toast.success(
      vendorId ? 'Request sent' : `Request sent to ${count} ${count === 1 ? 'pro' : 'pros'}`,
    );
    navigate(buildLink(ROUTES.user.quote, { params: { id: request.id } }));
  };
  return (
    <Container className="flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Get quotes"
        description="Describe the job once; pros reply with a price, line by line, and times they can come."
      />
      {waiting ? (
        <div role="status" aria-busy="true" aria-label="Loading the form" className="grid gap-4">
          <Skeleton className="h-72 rounded-lg" />
          <Skeleton className="h-72 rounded-lg" />
        </div>
      ) : (
        <QuoteRequestForm
          categories={categories.data}
          vendor={vendorId && vendor.data ? vendor.data : null}
          places={places.data?.map((p) => ({
            id: p.id,
            label: p.label,
            address: addressLine(locationOf(p)),
          }))}
          currency={vendor.data?.startingPrice?.currency ?? DEFAULT_CURRENCY}
          today={todayIn()}
          defaultValues={{
            categorySlug: params.get('category') ?? vendor.data?.primaryCategory.slug ?? '',
            ...(defaultPlace
              ? { placeId: defaultPlace.id, address: addressLine(locationOf(defaultPlace)) }
              : {}),
          }}
          onSubmit={send}
        />
      )}
    </Container>
  );
}

/**
 * `/user/quotes/:id`: one request with its quotes side by side: ask a question (the pair's
 * conversation), counter-offer, accept (then the order page opens its payment), cancel.
 */
export function UserQuotePage() {
  const { id } = useParams<{ id: string }>();
  const { data, error, isLoading, mutate } = useQuoteRequest(id);
  const { run, busy } = useQuoteWrite(id);
  const [, navigate] = useLocation();
  const now = useNow();
  usePageTitle(data ? `${data.category.name} quotes` : undefined);
  if (!data) {
    return (
      <Container className="flex flex-col gap-6">
        <PageHeader title="Quote request" />
        {error ? (
          <QuotesLoadError error={error} onRetry={() => mutate()} />
        ) : isLoading ? (
          <QuoteRequestSkeleton />
        ) : (
          <QuotesLoadError error={new Error(MESSAGES.errorLoadingData)} />
        )}
      </Container>
    );
  }
  return (
    <Container>
      <QuoteRequestView
        request={data}
        now={now}
        timeZone={deviceZone()}
        backHref={ROUTES.user.quotes}
        busy={busy}
        orderHref={(orderId) => buildLink(ROUTES.user.historyOrder, { query: { id: orderId } })}
        onAsk={async (vendorId) => {
          const conversation = await api.quotes
            .conversation(id, { vendorId })
            .catch(reported('Could not open the conversation'));
          navigate(buildLink(ROUTES.user.messages, { query: { c: conversation.id } }));
        }}
        onCounter={async (quoteId, amount, note) => {
          // Refusals show in the counter dialog, which stays open.
          await run(() => api.quotes.counter(id, { quoteId, amount, note }));
          toast.success('Counter-offer sent');
        }}
        onAccept={async (quoteId, startsAt) => {
          const { orderId } = await run(() => api.quotes.accept(quoteId, { startsAt })).catch(
            reported('Could not accept the quote'),
          );
          // The order page opens "Pay now" at once (`pay=1`): the slot is held until paid.
          navigate(buildLink(ROUTES.user.historyOrder, { query: { id: orderId, pay: '1' } }));
        }}
        onCancel={async () => {
          await run(() => api.quotes.cancel(id)).catch(reported('Could not cancel the request'));
          toast.success('Request cancelled');
        }}
      />
    </Container>
  );
}
