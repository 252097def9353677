import {
  type Availability,
  type BusyCalendarBody,
  type CreatePayoutBody,
  type DocumentKind,
  type EarningsQuery,
  type PayoutListQuery,
  type PutPayoutAccountBody,
  type ReorderServiceImagesBody,
  routes,
  type UpdateServiceImageBody,
  type UpdateVendorProfileBody,
  type UpdateVendorServiceBody,
  type VendorServiceBody,
} from '@vetted/contract';
import type { Client } from '../client';
import type { Call, CallOptions } from './call';

/** `vendor.*` of the typed API: the signed-in vendor's own area. */
export function vendorApi(call: Call, client: Client) {
  return {
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
    /**
     * `GET /vendor/calendar-feed` — `{ url }`, the pro's private calendar feed URL (absolute,
     * `…/v1/calendar/<token>.ics`; the server creates it on the first call). Whoever has the URL
     * can read the feed.
     */
    calendarFeed: (options?: CallOptions) => call('getVendorCalendarFeed', {}, options),
    /**
     * `POST /vendor/calendar-feed/rotate` — issues a new feed URL and resolves with `{ url }`;
     * the old URL answers 404 at once. Not retried unless `options.retry` says so (a POST).
     */
    rotateCalendarFeed: (options?: CallOptions) => call('rotateVendorCalendarFeed', {}, options),
    /** `GET /vendor/busy-calendars` — the pro's imported calendars, with last sync and error. */
    busyCalendars: (options?: CallOptions) => call('listBusyCalendars', {}, options),
    /**
     * `POST /vendor/busy-calendars` — imports an ICS URL (`https://` or `webcal://`; 400
     * otherwise, 409 past 10 calendars); resolves with the calendar, fetched soon after by a job.
     */
    addBusyCalendar: (body: BusyCalendarBody, options?: CallOptions) =>
      call('addBusyCalendar', { body }, options),
    /**
     * `POST /vendor/busy-calendars/upload` — imports an `.ics` file (at most 1 MB; 413 over it,
     * 422 when it is no calendar), read at once; resolves with the calendar.
     */
    uploadBusyCalendar: (file: Blob, fileName?: string, options?: CallOptions) => {
      const body = new FormData();
      if (fileName) body.append('file', file, fileName);
      else body.append('file', file);
      return call('uploadBusyCalendar', { body }, options);
    },
    /** `DELETE /vendor/busy-calendars/:id` — resolves with the remaining calendars. */
    deleteBusyCalendar: (id: string, options?: CallOptions) =>
      call('deleteBusyCalendar', { params: { id } }, options),
  };
}
