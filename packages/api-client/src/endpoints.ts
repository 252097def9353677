import {
  type AccountCodeBody,
  type AccountDeletionBody,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type UpdateNotificationPreferencesBody,
  type AssignConversationBody,
  type ConfirmPaymentBody,
  type ConversationListQuery,
  type CreateAddressBody,
  type CreateReviewBody,
  type CreateOrderBody,
  type EndpointData,
  type EndpointName,
  routes,
  type InitializePaymentBody,
  type LoginBody,
  type LogoutBody,
  type MessageListQuery,
  type OpenConversationBody,
  type NotificationListQuery,
  type OrderListQuery,
  type OrderTransitionBody,
  type RescheduleBody,
  type TipBody,
  type WaitlistDayBody,
  type WaitlistListQuery,
  type OtpResendBody,
  type OtpVerifyBody,
  type PasswordForgotBody,
  type PasswordResetBody,
  type ReviewListQuery,
  type ServicePageQuery,
  type ServiceAreaQuery,
  type ReviewReplyBody,
  type SendMessageBody,
  type SignupBody,
  type SlotQuery,
  type UpdateAddressBody,
  type GeocodeQuery,
  type ReverseGeocodeQuery,
  type UpdateMeBody,
  type SearchSuggestQuery,
  type VendorListQuery,
  type AdminOrderListQuery,
  type AdminReasonBody,
  type AdminRefundBody,
  type AdminUserListQuery,
  type AdminVendorListQuery,
  type AuditQuery,
  type Availability,
  type CreatePayoutBody,
  type DocumentKind,
  type EarningsQuery,
  type PayoutListQuery,
  type PutPayoutAccountBody,
  type ReorderServiceImagesBody,
  type UpdateServiceImageBody,
  type UpdateVendorProfileBody,
  type UpdateVendorServiceBody,
  type VendorServiceBody,
} from '@vetted/contract';
import type { Client, Method, RequestOptions } from './client';
import type { QueryParams } from './query';

/**
 * Per-call options every endpoint function accepts: cancellation, timeout, retry override and
 * extra headers (see {@link RequestOptions}).
 */
export type CallOptions = Pick<RequestOptions, 'signal' | 'timeout' | 'retry' | 'headers'>;

/** Options of `orders.create`: the idempotency key is required (sent as `Idempotency-Key`). */
export interface CreateOrderOptions extends CallOptions {
  /** Unique per checkout attempt (e.g. `crypto.randomUUID()`); reuse it when resubmitting. */
  idempotencyKey: string;
}

/**
 * Substitutes `:name` segments of a contract path with URI-encoded values.
 * @throws {TypeError} when a parameter of the path is missing from `params`.
 */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

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
    input: {
      params?: Record<string, string | number>;
      query?: unknown;
      body?: unknown;
      bearer?: string;
    } = {},
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
    auth: {
      /** `POST /auth/signup` — creates an account and mails an OTP; resolves with the challenge. */
      signup: (body: SignupBody, options?: CallOptions) => call('signup', { body }, options),
      /** `POST /auth/login` — checks the password and mails an OTP; resolves with the challenge. */
      login: (body: LoginBody, options?: CallOptions) => call('login', { body }, options),
      /** `POST /auth/otp/verify` — exchanges a correct OTP for a `Session`. */
      verifyOtp: (body: OtpVerifyBody, options?: CallOptions) =>
        call('verifyOtp', { body }, options),
      /** `POST /auth/otp/resend` — mails a fresh code for a challenge. */
      resendOtp: (body: OtpResendBody, options?: CallOptions) =>
        call('resendOtp', { body }, options),
      /**
       * `POST /auth/reset-token` — refreshes the session (spec §7): the refresh token is the
       * bearer credential, no body is sent. Resolves with the new `Session`.
       */
      resetToken: (refreshToken: string, options?: CallOptions) =>
        call('resetToken', { bearer: refreshToken }, options),
      /** `POST /auth/logout` — revokes the refresh token's family. */
      logout: (body: LogoutBody = {}, options?: CallOptions) => call('logout', { body }, options),
      /**
       * `POST /auth/password/forgot` — mails a password reset code if the address has an
       * account; resolves with a `password_reset` challenge either way.
       */
      forgotPassword: (body: PasswordForgotBody, options?: CallOptions) =>
        call('forgotPassword', { body }, options),
      /**
       * `POST /auth/password/reset` — sets a new password with the mailed code; every session of
       * the account ends. Resolves with `{ passwordReset: true }`.
       */
      resetPassword: (body: PasswordResetBody, options?: CallOptions) =>
        call('resetPassword', { body }, options),
    },
    me: {
      /** `GET /me` — the signed-in user. */
      get: (options?: CallOptions) => call('getMe', {}, options),
      /** `PATCH /me` — updates name and/or phone. */
      update: (body: UpdateMeBody, options?: CallOptions) => call('updateMe', { body }, options),
      /**
       * `POST /me/avatar` — uploads `file` as `multipart/form-data` (field `file`): at most 3 MB
       * (413 "Image must be less than 3mb"), an image by its bytes; stored as a 256 px square.
       * Resolves with the updated `User`.
       */
      uploadAvatar: (file: Blob, options?: CallOptions) => {
        const body = new FormData();
        body.append('file', file);
        return call('uploadAvatar', { body }, options);
      },
      /** `DELETE /me/avatar` — removes the avatar; resolves with the updated `User`. */
      deleteAvatar: (options?: CallOptions) => call('deleteAvatar', {}, options),
      /**
       * `POST /me/email` — with the password, mails a code to `newEmail`; resolves with the
       * `email_change` challenge (resend it with `auth.resendOtp`).
       */
      changeEmail: (body: ChangeEmailBody, options?: CallOptions) =>
        call('changeEmail', { body }, options),
      /** `POST /me/email/verify` — the code switches the address; resolves with the `User`. */
      verifyEmailChange: (body: AccountCodeBody, options?: CallOptions) =>
        call('verifyEmailChange', { body }, options),
      /**
       * `POST /me/password` — changes the password (current one required); every other session
       * ends. Resolves with `{ passwordChanged, otherSessionsEnded }`.
       */
      changePassword: (body: ChangePasswordBody, options?: CallOptions) =>
        call('changePassword', { body }, options),
      /**
       * `POST /me/deletion` — with the password, mails a code that confirms deleting the account
       * (409 while bookings are in progress); resolves with the `account_deletion` challenge.
       */
      requestDeletion: (body: AccountDeletionBody, options?: CallOptions) =>
        call('requestAccountDeletion', { body }, options),
      /** `POST /me/deletion/confirm` — the code deletes the account; every session ends. */
      confirmDeletion: (body: AccountCodeBody, options?: CallOptions) =>
        call('confirmAccountDeletion', { body }, options),
      /** `GET /me/export` — the user's data (also served as a JSON attachment). */
      exportData: (options?: CallOptions) => call('exportMyData', {}, options),
      /** `GET /me/notification-preferences` — switches per kind and channel. */
      notificationPreferences: (options?: CallOptions) =>
        call('getNotificationPreferences', {}, options),
      /** `PUT /me/notification-preferences` — sets the listed kinds; resolves with all of them. */
      updateNotificationPreferences: (
        body: UpdateNotificationPreferencesBody,
        options?: CallOptions,
      ) => call('updateNotificationPreferences', { body }, options),
    },
    addresses: {
      /** `GET /me/addresses` — the signed-in user's saved places, the default first. */
      list: (options?: CallOptions) => call('listAddresses', {}, options),
      /**
       * `POST /me/addresses` — saves a place `{ label, line1, city, postcode?, country, lat?,
       * lng?, isDefault? }`; without lat/lng the server finds the city (422 `unknown_city` when
       * it cannot). The first place becomes the default. Resolves with the `SavedAddress`.
       */
      create: (body: CreateAddressBody, options?: CallOptions) =>
        call('createAddress', { body }, options),
      /** `PATCH /me/addresses/:id` — changes a place; `isDefault: true` makes it the default. */
      update: (id: string, body: UpdateAddressBody, options?: CallOptions) =>
        call('updateAddress', { params: { id }, body }, options),
      /**
       * `DELETE /me/addresses/:id` — deletes a place; resolves with the remaining ones (the
       * newest becomes the default when the default was deleted).
       */
      remove: (id: string, options?: CallOptions) =>
        call('deleteAddress', { params: { id } }, options),
    },
    places: {
      /**
       * `GET /geocode?q=` — cities whose name starts with `q` (typos tolerated), best first;
       * `lat`/`lng` rank nearby ones higher. Resolves with `GeocodeResult[]`.
       */
      geocode: (query: GeocodeQuery, options?: CallOptions) => call('geocode', { query }, options),
      /**
       * `GET /geocode/reverse?lat=&lng=` — the city nearest to a point (within 50 km), or null;
       * fills a place's city and country from the browser's location.
       */
      reverseGeocode: (query: ReverseGeocodeQuery, options?: CallOptions) =>
        call('reverseGeocode', { query }, options),
    },
    categories: {
      /** `GET /categories` — every service category. */
      list: (options?: CallOptions) => call('listCategories', {}, options),
    },
    vendors: {
      /**
       * `GET /vendors` — a page of approved vendors: text search (`q`, stemmed and typo
       * tolerant), filters (category, price range, rating, radius, open on a date), sorts, and
       * what was applied (a customer's area defaults with `lat`/`lng`).
       */
      list: (query: VendorListQuery = {}, options?: CallOptions) =>
        call('listVendors', { query }, options),
      /** `GET /vendors/:id` — one vendor. */
      get: (id: string, options?: CallOptions) => call('getVendor', { params: { id } }, options),
      /** `GET /vendors/:id/services` — a vendor's active services. */
      services: (id: string, options?: CallOptions) =>
        call('listVendorServices', { params: { id } }, options),
    },
    pros: {
      /**
       * `GET /pros/:slug` — an approved pro's public profile (the `/pros/:slug` page's data). An
       * old slug answers 301 to the current one (followed by the browser's fetch).
       */
      get: (slug: string, options?: CallOptions) => call('getPro', { params: { slug } }, options),
      /** `GET /pros/:slug/reviews` — a page of the pro's reviews with the rating breakdown. */
      reviews: (slug: string, query: ReviewListQuery = {}, options?: CallOptions) =>
        call('listProReviews', { params: { slug }, query }, options),
    },
    servicePages: {
      /**
       * `GET /service-pages/:category?place=` — a landing page's data: the category's best-rated
       * pros (serving the place, e.g. `boston-ma-us`), nearby places, related categories.
       */
      get: (category: string, query: ServicePageQuery = {}, options?: CallOptions) =>
        call('getServicePage', { params: { category }, query }, options),
    },
    search: {
      /**
       * `GET /search/suggest?q=` — type-ahead: a few categories, services and vendors for what
       * was typed (word prefixes, typos tolerated), near `lat`/`lng` when given.
       */
      suggest: (query: SearchSuggestQuery, options?: CallOptions) =>
        call('searchSuggest', { query }, options),
    },
    services: {
      /** `GET /services/:id` — one service with its vendor. */
      get: (id: string, options?: CallOptions) => call('getService', { params: { id } }, options),
      /** `GET /services/:id/gallery` — the service's gallery images. */
      gallery: (id: string, options?: CallOptions) =>
        call('getServiceGallery', { params: { id } }, options),
      /** `GET /services/:id/slots` — bookable slots for `days` days from `from`. */
      slots: (id: string, query: SlotQuery = {}, options?: CallOptions) =>
        call('getServiceSlots', { params: { id }, query }, options),
      /**
       * `GET /services/:id/service-area?placeId=|address=` — whether the service's pro serves a
       * saved place or typed address: `served` (null when no town was found), the place, the
       * distance (km) and the sentence to show.
       */
      serviceArea: (id: string, query: ServiceAreaQuery, options?: CallOptions) =>
        call('checkServiceArea', { params: { id }, query }, options),
    },
    orders: {
      /**
       * `POST /orders` — books a slot. `idempotencyKey` goes in the `Idempotency-Key` header so a
       * resubmitted checkout does not book twice. Not retried unless `options.retry` says so.
       */
      create: (body: CreateOrderBody, { idempotencyKey, ...options }: CreateOrderOptions) =>
        call(
          'createOrder',
          { body },
          { ...options, headers: { ...options.headers, 'Idempotency-Key': idempotencyKey } },
        ),
      /** `GET /orders` — the customer's history or the vendor's incoming orders, paged. */
      list: (query: OrderListQuery = {}, options?: CallOptions) =>
        call('listOrders', { query }, options),
      /** `GET /orders/:id` — one order with its events and payment. */
      get: (id: string, options?: CallOptions) => call('getOrder', { params: { id } }, options),
      /** `POST /orders/:id/transitions` — accept, decline, start, complete or cancel. */
      transition: (id: string, body: OrderTransitionBody, options?: CallOptions) =>
        call('transitionOrder', { params: { id }, body }, options),
      /**
       * `GET /orders/:id/cancellation` — what cancelling now would refund, by the published
       * policy: band, amount, share and until when (issue #9).
       */
      cancellation: (id: string, options?: CallOptions) =>
        call('getCancellationQuote', { params: { id } }, options),
      /** `POST /orders/:id/reschedule` — moves the booking to another free slot (its customer). */
      reschedule: (id: string, body: RescheduleBody, options?: CallOptions) =>
        call('rescheduleOrder', { params: { id }, body }, options),
      /** `POST /orders/:id/reschedule/decline` — the pro declines the new time. */
      declineReschedule: (id: string, options?: CallOptions) =>
        call('declineReschedule', { params: { id } }, options),
      /** `POST /orders/:id/reschedule/confirm` — the pro keeps the new time. */
      confirmReschedule: (id: string, options?: CallOptions) =>
        call('confirmReschedule', { params: { id } }, options),
      /**
       * `POST /orders/:id/tip` — starts (or resumes) a tip for a completed order; resolves with
       * the tip's `Payment`, confirmed like a checkout with `payments.confirm`.
       */
      tip: (id: string, body: TipBody, options?: CallOptions) =>
        call('tipOrder', { params: { id }, body }, options),
    },
    payments: {
      /** `POST /payments/initialize` — starts (or resumes) payment of a pending order. */
      initialize: (body: InitializePaymentBody, options?: CallOptions) =>
        call('initializePayment', { body }, options),
      /** `POST /payments/:id/confirm` — pays with a card (sandbox provider). */
      confirm: (paymentId: string, body: ConfirmPaymentBody, options?: CallOptions) =>
        call('confirmPayment', { params: { id: paymentId }, body }, options),
    },
    waitlist: {
      /** `POST /services/:id/waitlist` — joins the waitlist of a fully booked day (`{ date }`). */
      join: (serviceId: string, body: WaitlistDayBody, options?: CallOptions) =>
        call('joinWaitlist', { params: { id: serviceId }, body }, options),
      /** `DELETE /services/:id/waitlist?date=` — leaves it (a held time passes to the next). */
      leave: (serviceId: string, query: WaitlistDayBody, options?: CallOptions) =>
        call('leaveWaitlist', { params: { id: serviceId }, query }, options),
      /** `GET /waitlist` — the customer's live entries (optionally of one service). */
      list: (query: WaitlistListQuery = {}, options?: CallOptions) =>
        call('listWaitlist', { query }, options),
    },
    notifications: {
      /** `GET /notifications` — a page of notifications, newest first, with `unreadCount`. */
      list: (query: NotificationListQuery = {}, options?: CallOptions) =>
        call('listNotifications', { query }, options),
      /** `POST /notifications/:id/read` — marks one notification read. */
      markRead: (id: string, options?: CallOptions) =>
        call('markNotificationRead', { params: { id } }, options),
      /** `POST /notifications/read-all` — marks every notification read. */
      markAllRead: (options?: CallOptions) => call('markAllNotificationsRead', {}, options),
    },
    conversations: {
      /**
       * `POST /conversations` — opens (or gets back) the direct conversation with a pro
       * (`{ kind: 'direct', vendorId }` or `{ kind: 'direct', orderId }`), or a support chat
       * (`{ kind: 'support', subject }`).
       */
      open: (body: OpenConversationBody, options?: CallOptions) =>
        call('openConversation', { body }, options),
      /** `GET /conversations` — a page of conversations, newest activity first, with `unreadTotal`. */
      list: (query: ConversationListQuery = {}, options?: CallOptions) =>
        call('listConversations', { query }, options),
      /** `GET /conversations/:id` — one conversation. */
      get: (id: string, options?: CallOptions) =>
        call('getConversation', { params: { id } }, options),
      /** `GET /conversations/:id/messages` — a page of messages (oldest to newest); `before` pages back. */
      messages: (id: string, query: MessageListQuery = {}, options?: CallOptions) =>
        call('listMessages', { params: { id }, query }, options),
      /**
       * `POST /conversations/:id/messages` — sends `{ body }` as JSON. `idempotencyKey` (sent as
       * `Idempotency-Key`) makes a resend after a network error return the first message. Images
       * are sent as multipart (`body` + `images` files) by the web app's uploader, which reports
       * upload progress.
       */
      send: (
        id: string,
        body: SendMessageBody,
        { idempotencyKey, ...options }: CallOptions & { idempotencyKey?: string } = {},
      ) =>
        call(
          'sendMessage',
          { params: { id }, body },
          idempotencyKey
            ? { ...options, headers: { ...options.headers, 'Idempotency-Key': idempotencyKey } }
            : options,
        ),
      /** `POST /conversations/:id/read` — marks everything up to now read. */
      markRead: (id: string, options?: CallOptions) =>
        call('markConversationRead', { params: { id } }, options),
      /** `POST /conversations/:id/typing` — tells the other side the caller is typing. */
      typing: (id: string, options?: CallOptions) =>
        call('sendTyping', { params: { id } }, options),
      /** `POST /admin/conversations/:id/assign` — assigns a support chat (default: the caller). */
      assign: (id: string, body: AssignConversationBody = {}, options?: CallOptions) =>
        call('assignConversation', { params: { id }, body }, options),
      /** `POST /admin/conversations/:id/resolve` — marks a support chat resolved. */
      resolve: (id: string, options?: CallOptions) =>
        call('resolveConversation', { params: { id } }, options),
      /** `POST /admin/conversations/:id/reopen` — reopens a resolved support chat. */
      reopen: (id: string, options?: CallOptions) =>
        call('reopenConversation', { params: { id } }, options),
    },
    vendor: {
      /** `GET /vendor/profile` — the signed-in vendor's own profile, any vetting state, with the onboarding checklist. */
      profile: (options?: CallOptions) => call('getVendorProfile', {}, options),
      /** `PUT /vendor/profile` — edits the business profile; resolves with the new `VendorOwnProfile`. */
      updateProfile: (body: UpdateVendorProfileBody, options?: CallOptions) =>
        call('updateVendorProfile', { body }, options),
      /** `POST /vendor/profile/submit` — submits for review (409 listing what is missing). */
      submit: (options?: CallOptions) => call('submitVendorProfile', {}, options),
      /** `GET /vendor/documents` — vetting documents, newest first. */
      documents: (options?: CallOptions) => call('listVendorDocuments', {}, options),
      /** `POST /vendor/documents` — uploads a vetting document (JPEG, PNG, WebP or PDF, at most 10 MB). */
      uploadDocument: (kind: DocumentKind, file: Blob, options?: CallOptions) => {
        const body = new FormData();
        body.append('kind', kind);
        body.append('file', file);
        return call('uploadVendorDocument', { body }, options);
      },
      /** `DELETE /vendor/documents/:id` — resolves with the remaining documents. */
      deleteDocument: (id: string, options?: CallOptions) =>
        call('deleteVendorDocument', { params: { id } }, options),
      /** `GET /vendor/services` — the vendor's services, archived last. */
      services: (options?: CallOptions) => call('listMyServices', {}, options),
      /** `GET /vendor/services/:id`. */
      service: (id: string, options?: CallOptions) =>
        call('getMyService', { params: { id } }, options),
      /** `POST /vendor/services` — price in minor units. */
      createService: (body: VendorServiceBody, options?: CallOptions) =>
        call('createMyService', { body }, options),
      /** `PATCH /vendor/services/:id`. */
      updateService: (id: string, body: UpdateVendorServiceBody, options?: CallOptions) =>
        call('updateMyService', { params: { id }, body }, options),
      /** `DELETE /vendor/services/:id` — resolves with `{ outcome: 'deleted' | 'archived' }`. */
      deleteService: (id: string, options?: CallOptions) =>
        call('deleteMyService', { params: { id } }, options),
      /** `POST /vendor/services/:id/images` — adds an image (under 3 MB) with optional alt text. */
      uploadServiceImage: (id: string, file: Blob, alt?: string, options?: CallOptions) => {
        const body = new FormData();
        if (alt) body.append('alt', alt);
        body.append('file', file);
        return call('uploadServiceImage', { params: { id }, body }, options);
      },
      /** `PUT /vendor/services/:id/images/order` — every image id in the new order. */
      reorderServiceImages: (id: string, body: ReorderServiceImagesBody, options?: CallOptions) =>
        call('reorderServiceImages', { params: { id }, body }, options),
      /** `PATCH /vendor/services/:id/images/:imageId` — sets the alt text. */
      updateServiceImage: (
        id: string,
        imageId: string,
        body: UpdateServiceImageBody,
        options?: CallOptions,
      ) => call('updateServiceImage', { params: { id, imageId }, body }, options),
      /** `DELETE /vendor/services/:id/images/:imageId`. */
      deleteServiceImage: (id: string, imageId: string, options?: CallOptions) =>
        call('deleteServiceImage', { params: { id, imageId } }, options),
      /** `GET /vendor/availability`. */
      availability: (options?: CallOptions) => call('getAvailability', {}, options),
      /** `PUT /vendor/availability` — replaces hours, exceptions and booking rules. */
      updateAvailability: (body: Availability, options?: CallOptions) =>
        call('updateAvailability', { body }, options),
      /** `GET /vendor/earnings` — figures per currency (minor units) and a page of entries. */
      earnings: (query: EarningsQuery = {}, options?: CallOptions) =>
        call('getEarnings', { query }, options),
      /**
       * `GET /vendor/earnings/export` — every earnings entry as a CSV `Blob` (`text/csv`, an
       * attachment the server names `vetted-earnings-<YYYY-MM-DD>.csv`), sent with the access token.
       */
      exportEarnings: (options?: CallOptions) =>
        client.request<Blob>({
          ...options,
          endpoint: routes.exportEarnings.path,
          method: 'get',
          auth: true,
          responseType: 'blob',
        }),
      /** `GET /vendor/payouts` — a page of payouts, newest first. */
      payouts: (query: PayoutListQuery = {}, options?: CallOptions) =>
        call('listPayouts', { query }, options),
      /** `POST /vendor/payouts` — pays out what is available in a currency. */
      createPayout: (body: CreatePayoutBody, options?: CallOptions) =>
        call('createPayout', { body }, options),
      /** `GET /vendor/payout-account` — the provider in use and where payouts go (or null). */
      payoutAccount: (options?: CallOptions) => call('getPayoutAccount', {}, options),
      /**
       * `PUT /vendor/payout-account` — bank details (sandbox; 422 when check digits fail) or
       * `{ type: 'stripe_connect' }`, whose answer carries the Stripe onboarding URL.
       */
      putPayoutAccount: (body: PutPayoutAccountBody, options?: CallOptions) =>
        call('putPayoutAccount', { body }, options),
    },
    admin: {
      /** `GET /admin/overview` — counts that matter. */
      overview: (options?: CallOptions) => call('getAdminOverview', {}, options),
      /** `GET /admin/vendors` — the vetting queue (`status: 'pending'`) or a search. */
      vendors: (query: AdminVendorListQuery = {}, options?: CallOptions) =>
        call('listAdminVendors', { query }, options),
      /** `GET /admin/vendors/:id` — documents, services and decision history. */
      vendor: (id: string, options?: CallOptions) =>
        call('getAdminVendor', { params: { id } }, options),
      /** `POST /admin/vendors/:id/approve`. */
      approveVendor: (id: string, options?: CallOptions) =>
        call('approveVendor', { params: { id } }, options),
      /** `POST /admin/vendors/:id/reject` — with a reason the vendor can act on. */
      rejectVendor: (id: string, body: AdminReasonBody, options?: CallOptions) =>
        call('rejectVendor', { params: { id }, body }, options),
      /** `POST /admin/vendors/:id/suspend`. */
      suspendVendor: (id: string, body: AdminReasonBody, options?: CallOptions) =>
        call('suspendVendor', { params: { id }, body }, options),
      /** `POST /admin/vendors/:id/reinstate`. */
      reinstateVendor: (id: string, options?: CallOptions) =>
        call('reinstateVendor', { params: { id } }, options),
      /**
       * `GET /admin/vendors/:id/documents/:documentId` — a vetting document's bytes as a `Blob`
       * (sent with the access token; there is no public link to save instead).
       */
      downloadDocument: (id: string, documentId: string, options?: CallOptions) =>
        client.request<Blob>({
          ...options,
          endpoint: buildPath(routes.downloadVendorDocument.path, { id, documentId }),
          method: 'get',
          auth: true,
          responseType: 'blob',
        }),
      /** `GET /admin/users` — by name or email. */
      users: (query: AdminUserListQuery = {}, options?: CallOptions) =>
        call('listAdminUsers', { query }, options),
      /** `GET /admin/users/:id`. */
      user: (id: string, options?: CallOptions) =>
        call('getAdminUser', { params: { id } }, options),
      /** `POST /admin/users/:id/suspend` — ends every session of the user. */
      suspendUser: (id: string, body: AdminReasonBody, options?: CallOptions) =>
        call('suspendUser', { params: { id }, body }, options),
      /** `POST /admin/users/:id/reinstate`. */
      reinstateUser: (id: string, options?: CallOptions) =>
        call('reinstateUser', { params: { id } }, options),
      /** `GET /admin/orders` — by reference, customer or pro. */
      orders: (query: AdminOrderListQuery = {}, options?: CallOptions) =>
        call('listAdminOrders', { query }, options),
      /** `GET /admin/orders/:id` — timeline, parties, provider events and ledger postings. */
      order: (id: string, options?: CallOptions) =>
        call('getAdminOrder', { params: { id } }, options),
      /** `GET /admin/payments/:id`. */
      payment: (id: string, options?: CallOptions) =>
        call('getAdminPayment', { params: { id } }, options),
      /** `POST /admin/payments/:id/refund` — full (no amount) or partial, with a reason. */
      refund: (id: string, body: AdminRefundBody, options?: CallOptions) =>
        call('refundPayment', { params: { id }, body }, options),
      /** `GET /admin/audit` — decisions, newest first. */
      audit: (query: AuditQuery = {}, options?: CallOptions) =>
        call('listAuditLog', { query }, options),
    },
    reviews: {
      /**
       * `POST /orders/:orderId/review` — reviews a completed order as its customer (once, within
       * 30 days of completion): `{ rating: 1–5, text }`. Resolves with the `Review`.
       */
      create: (orderId: string, body: CreateReviewBody, options?: CallOptions) =>
        call('createReview', { params: { id: orderId }, body }, options),
      /** `GET /vendors/:vendorId/reviews` — a page of a pro's reviews with the rating breakdown. */
      listForVendor: (vendorId: string, query: ReviewListQuery = {}, options?: CallOptions) =>
        call('listVendorReviews', { params: { id: vendorId }, query }, options),
      /** `POST /reviews/:id/reply` — the reviewed pro's one public reply. Resolves with the `Review`. */
      reply: (id: string, body: ReviewReplyBody, options?: CallOptions) =>
        call('replyToReview', { params: { id }, body }, options),
    },
  };
}

/** The object {@link createVettedApi} returns. */
export type VettedApi = ReturnType<typeof createVettedApi>;
