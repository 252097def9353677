import type { z } from 'zod';
import { accountEndpoints } from './endpoints/account';
import { adminEndpoints } from './endpoints/admin';
import { authEndpoints } from './endpoints/auth';
import { busyTimeEndpoints } from './endpoints/busy-times';
import { calendarEndpoints } from './endpoints/calendar';
import { catalogueEndpoints, publicPageEndpoints } from './endpoints/catalogue';
import { changeEndpoints } from './endpoints/changes';
import { conversationEndpoints } from './endpoints/conversations';
import { notificationEndpoints } from './endpoints/notifications';
import { noShowEndpoints } from './endpoints/no-show';
import { onMyWayEndpoints } from './endpoints/on-my-way';
import { orderEndpoints, serviceAreaEndpoints } from './endpoints/orders';
import { placeEndpoints } from './endpoints/places';
import { planEndpoints } from './endpoints/plans';
import { pushEndpoints } from './endpoints/push';
import { quoteEndpoints } from './endpoints/quotes';
import { reviewEndpoints, reviewReplyEndpoints } from './endpoints/reviews';
import type { EndpointDef } from './endpoints/shared';
import { vendorEndpoints } from './endpoints/vendor';

export {
  idParamsSchema,
  serviceImageParamsSchema,
  vendorDocumentParamsSchema,
} from './endpoints/shared';

/**
 * Every v1 endpoint: method, path, auth and the zod schema of each part. The server registers
 * routes from this table (so OpenAPI is generated from it) and the api-client types its
 * functions from it. ARCHITECTURE §4.
 */
export const endpoints = {
  // Same order as `routes` (the contract test compares the two key lists).
  ...authEndpoints,
  ...placeEndpoints,
  ...accountEndpoints,
  ...catalogueEndpoints,
  ...orderEndpoints,
  ...notificationEndpoints,
  ...conversationEndpoints,
  ...changeEndpoints,
  ...reviewEndpoints,
  ...publicPageEndpoints,
  ...reviewReplyEndpoints,
  ...vendorEndpoints,
  ...adminEndpoints,
  ...serviceAreaEndpoints,
  ...calendarEndpoints,
  ...onMyWayEndpoints,
  ...busyTimeEndpoints,
  ...pushEndpoints,
  ...noShowEndpoints,
  ...planEndpoints,
  ...quoteEndpoints,
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The `data` type an endpoint answers with. */
export type EndpointData<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
