import {
  type QuoteRequest,
  quoteLeadStatusSchema,
  RESPONSE_TIME_POLICY,
  type ResponseTime,
} from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Button, Container, PageHeader } from '@vetted/ui';
import { MessageSquare } from 'lucide-react';
import * as React from 'react';
import { useLocation, useParams, useSearchParams } from 'wouter';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { toast } from '../../lib/toast';
import { useEndpoint } from '../../lib/use-endpoint';
import { api } from '../../lib/vetted-api';
import { useQuoteRequest, useQuoteWrite, useVendorFreeSlots, useVendorLeads } from './use-quotes';
import { VendorLeadView } from './vendor-lead-view';
import { VendorLeadsView } from './vendor-leads-view';
import { VendorQuoteBuilder } from './vendor-quote-builder';

/** Days of free times the quote builder offers (the contract allows 1–28). */
const SLOT_DAYS = 14;

/** Reports a failed write with the API's message, then rejects again (dialogs stay open). */
function reported(title: string) {
  return (error: unknown): never => {
    toast.error(title, { description: errorMessage(error) });
    throw error;
  };
}

/**
 * The pro's own response time as customers see it on their page and in search ("Usually replies
 * within 2 hours", and the share answered within 4 hours), or how it comes to show; nothing
 * while the profile loads (`undefined`).
 */
function ResponseTimeLine({ responseTime }: { responseTime: ResponseTime | null | undefined }) {
  if (responseTime === undefined) return null;
  return (
    <p className="-mt-3 text-sm text-muted" data-slot="own-response-time">
      {responseTime
        ? `Customers see: ${responseTime.label} · ${Math.round(responseTime.within4hBps / 100)} % answered within ${RESPONSE_TIME_POLICY.fastAnswerMs / 3_600_000} hours.`
        : `Customers see your response time once you have answered ${RESPONSE_TIME_POLICY.minSample} leads or messages.`}
    </p>
  );
}

/** `/vendor/leads?status=`: the pro's leads, filtered by status (all without `status`). */
export function VendorLeadsPage() {
  const [params, setParams] = useSearchParams();
  const parsed = quoteLeadStatusSchema.safeParse(params.get('status'));
  const status = parsed.success ? parsed.data : undefined;
  const { data, error, isLoading, mutate } = useVendorLeads(status);
  const profile = useEndpoint('getVendorProfile');
  usePageTitle('Leads');
  return (
    <Container className="flex flex-col gap-6">
      <PageHeader
        title="Leads"
        description="Customers asking for a price: quote them, or decline with a reason."
      />
      <ResponseTimeLine responseTime={profile.data?.profile.responseTime} />
      <VendorLeadsView
        data={data}
        error={error}
        isLoading={isLoading}
        onRetry={() => mutate()}
        status={status}
        onStatusChange={(next) => setParams(next ? { status: next } : {})}
        hrefFor={(lead) => buildLink(ROUTES.vendor.lead, { params: { id: lead.requestId } })}
        now={Date.now()}
      />
    </Container>
  );
}

/** The pro's currency for a quote (ISO 4217), as the API states it on the pro's own lead. */
function quoteCurrency(request: QuoteRequest | undefined): string {
  return request?.leads[0]?.currency ?? 'USD';
}

/**
 * `/vendor/leads/:id` (`:id` the request's): the request, the quote builder with the pro's free
 * times for the duration typed, decline, the customer's counter-offer, and "Message <name>"
 * (the request's conversation). Every write is reported in a toast when it fails.
 */
export function VendorLeadPage() {
  const { id } = useParams<{ id: string }>();
  const { data, error, isLoading, mutate } = useQuoteRequest(id);
  const { run } = useQuoteWrite(id);
  const profile = useEndpoint('getVendorProfile');
  const [duration, setDuration] = React.useState<number | null>(null);
  const slots = useVendorFreeSlots(
    duration ? { durationMinutes: duration, days: SLOT_DAYS } : null,
  );
  const [, navigate] = useLocation();
  usePageTitle(data ? `${data.category.name} for ${data.customer.firstName}` : 'Lead');
  const [opening, setOpening] = React.useState(false);
  const openConversation = async () => {
    setOpening(true);
    try {
      const conversation = await api.quotes.conversation(id, {});
      navigate(buildLink(ROUTES.vendor.messages, { query: { c: conversation.id } }));
    } catch (err) {
      toast.error('Could not open the conversation', { description: errorMessage(err) });
      setOpening(false);
    }
  };
  return (
    <Container>
      <VendorLeadView
        request={data}
        error={error}
        isLoading={isLoading}
        onRetry={() => mutate()}
        now={Date.now()}
        timeZone={slots.data?.timeZone ?? profile.data?.profile.timeZone}
        backHref={ROUTES.vendor.leads}
        orderHref={(orderId) => buildLink(ROUTES.vendor.historyOrder, { query: { id: orderId } })}
        message={
          data ? (
            <Button variant="outline" loading={opening} onClick={() => void openConversation()}>
              <MessageSquare aria-hidden="true" /> Message {data.customer.firstName}
            </Button>
          ) : null
        }
        builder={
          <VendorQuoteBuilder
            currency={quoteCurrency(data)}
            now={Date.now()}
            slots={{
              data: slots.data,
              isLoading: slots.isLoading,
              error: slots.error,
              onRetry: () => void slots.mutate(),
            }}
            onDurationChange={setDuration}
            onSubmit={async (body) => {
              await run(() => api.quotes.quote(id, body));
              toast.success(`Quote sent to ${data?.customer.firstName ?? 'the customer'}`);
            }}
          />
        }
        onDecline={async (reason) => {
          await run(() => api.quotes.decline(id, { reason })).catch(reported('Could not decline'));
        }}
        onAcceptCounter={async (quoteId) => {
          await run(() => api.quotes.acceptCounter(quoteId)).catch(
            reported('Could not accept the counter-offer'),
          );
        }}
        onDeclineCounter={async (quoteId) => {
          await run(() => api.quotes.declineCounter(quoteId)).catch(
            reported('Could not decline the counter-offer'),
          );
        }}
      />
    </Container>
  );
}
