import { MESSAGES } from '@vetted/api-client';
import { buildLink, ROUTES } from '@vetted/session';
import { Breadcrumbs, Container } from '@vetted/ui';
import { useParams, useSearchParams } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { todayIn } from '../../lib/format';
import { addressLine, locationOf, useSavedLocation } from '../../lib/location';
import { useAddresses } from '../account';
import { PlanPaymentNote } from '../plans';
import { MissingService, useService, useServiceQuote, useVendor } from '../services';
import { CheckoutView } from './checkout-view';
import { ConfirmationView } from './confirmation-view';
import { DetailsStep } from './details-step';
import { OrderSummaryCard } from './order-summary-card';
import { PaymentForm } from './payment-form';
import { HeldPayment } from './slot-hold';
import { useCheckout } from './use-checkout';

/** `/user/services/vendor/:id/service/checkout?serviceId=&startsAt=`: details → payment → done. */
export function CheckoutPage() {
  const { id } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const serviceId = params.get('serviceId');
  const startsAt = params.get('startsAt');
  if (!serviceId || !startsAt) return <MissingService vendorId={id} />;
  return <Checkout vendorId={id} serviceId={serviceId} startsAt={startsAt} />;
}

/** The checkout of one slot (`startsAt`, ISO 8601) of a vendor's service. */
function Checkout({
  vendorId,
  serviceId,
  startsAt,
}: {
  vendorId: string;
  serviceId: string;
  startsAt: string;
}) {
  const service = useService(serviceId);
  const quote = useServiceQuote(serviceId, startsAt);
  const vendor = useVendor(vendorId);
  const saved = useSavedLocation();
  const { data: places } = useAddresses();
  const serviceHref = buildLink(ROUTES.user.vendorService, {
    params: { id: vendorId },
    query: { serviceId },
  });
  const checkout = useCheckout({
    serviceId,
    startsAt,
    serviceHref,
    timeZone: vendor.data?.timeZone,
  });
  const { step, order, payment } = checkout;

  if (service.error && !service.data) {
    return (
      <Container>
        <ErrorState
          title={MESSAGES.errorLoadingService}
          message={service.error.message}
          onRetry={() => service.mutate()}
        />
      </Container>
    );
  }

  const timeZone = vendor.data?.timeZone;
  return (
    <Container className="flex flex-col gap-6">
      <Breadcrumbs
        items={[
          {
            label: service.data?.vendor.businessName ?? 'Pro',
            href: buildLink(ROUTES.user.vendor, { params: { id: vendorId } }),
          },
          { label: service.data?.title ?? 'Service', href: serviceHref },
          { label: 'Checkout' },
        ]}
      />
      <CheckoutView
        step={step}
        stepRef={checkout.stepRef}
        summary={
          <OrderSummaryCard
            service={service.data}
            isLoading={service.isLoading}
            startsAt={startsAt}
            timeZone={timeZone}
            order={order}
            quote={quote.data}
          />
        }
      >
        {step === 'details' ? (
          <DetailsStep
            defaultValues={{ address: saved ? addressLine(saved) : '', notes: '' }}
            places={places?.map((p) => ({
              id: p.id,
              label: p.label,
              address: addressLine(locationOf(p)),
            }))}
            errors={checkout.detailErrors}
            submitting={checkout.placing}
            onSubmit={checkout.placeOrder}
            onLocationChange={checkout.setLocation}
            area={checkout.area}
            howOften={{ firstDay: todayIn(vendor.data?.timeZone, Date.parse(startsAt)) }}
          />
        ) : step === 'payment' && order ? (
          <HeldPayment
            order={order}
            receivedAt={checkout.orderReceivedAt}
            pickAnotherHref={serviceHref}
            onExpire={checkout.holdExpired}
          >
            {checkout.plan ? <PlanPaymentNote frequency={checkout.plan.frequency} /> : null}
            <PaymentForm payment={payment} amount={order.total} onRetryInit={checkout.retryInit} />
          </HeldPayment>
        ) : order ? (
          <ConfirmationView
            order={order}
            payment={payment.payment}
            timeZone={timeZone}
            orderHref={buildLink(ROUTES.user.historyOrder, { query: { id: order.id } })}
          />
        ) : null}
      </CheckoutView>
    </Container>
  );
}
