import { type EndpointData, type EndpointName, routes } from '@vetted/contract';
import type { Client, Method, RequestOptions } from './client';
import { adminApi } from './endpoints/admin';
import { authApi, meApi } from './endpoints/auth';
import { calendarApi } from './endpoints/calendar';
import { buildPath, type CallInput, type CallOptions } from './endpoints/call';
import {
  categoriesApi,
  prosApi,
  searchApi,
  servicePagesApi,
  servicesApi,
  vendorsApi,
} from './endpoints/catalogue';
import { conversationsApi } from './endpoints/conversations';
import { notificationsApi } from './endpoints/notifications';
import { ordersApi, paymentsApi, waitlistApi } from './endpoints/orders';
import { addressesApi, placesApi } from './endpoints/places';
import { plansApi } from './endpoints/plans';
import { quotesApi } from './endpoints/quotes';
import { reviewsApi } from './endpoints/reviews';
import { vendorApi } from './endpoints/vendor';
import type { QueryParams } from './query';

export { buildPath, type CallOptions } from './endpoints/call';
export type { CreateOrderOptions } from './endpoints/orders';

/**
 * Typed functions for every v1 endpoint, built on `client.request`. Method, path and auth come
 * from the contract's `routes` table (the schema-free half of `endpoints`, so browser bundles
 * carry no zod), so they cannot drift from the server. Each resolves with the endpoint's `data` (`EndpointData<name>`, not validated) and
 * throws the client's errors ({@link HttpError}, {@link TimeoutError}, {@link RequestError}).
 *
 * Auth per the table: `none` endpoints send no token, `access` ones the client's access token,
 * `auth.resetToken` the refresh token given to it.
 */
export function createVettedApi(client: Client) {
  function call<N extends EndpointName>(
    name: N,
    input: CallInput = {},
    options: CallOptions = {},
  ): Promise<EndpointData<N>> {
    const def = routes[name];
    const request: RequestOptions = {
      ...options,
      endpoint: buildPath(def.path, input.params),
      method: def.method.toLowerCase() as Method,
      auth: def.auth === 'access',
    };
    if (input.query !== undefined) request.query = input.query as QueryParams;
    if (input.body !== undefined) request.body = input.body;
    if (input.bearer !== undefined) request.bearer = input.bearer;
    return client.request<EndpointData<N>>(request);
  }

  return {
    auth: authApi(call),
    me: meApi(call),
    addresses: addressesApi(call),
    places: placesApi(call),
    categories: categoriesApi(call),
    vendors: vendorsApi(call),
    pros: prosApi(call),
    servicePages: servicePagesApi(call),
    search: searchApi(call),
    services: servicesApi(call),
    orders: ordersApi(call, client),
    payments: paymentsApi(call),
    waitlist: waitlistApi(call),
    notifications: notificationsApi(call),
    conversations: conversationsApi(call),
    vendor: vendorApi(call, client),
    admin: adminApi(call, client),
    reviews: reviewsApi(call),
    calendar: calendarApi(client),
    plans: plansApi(call),
    quotes: quotesApi(call),
  };
}

/** The object {@link createVettedApi} returns. */
export type VettedApi = ReturnType<typeof createVettedApi>;
