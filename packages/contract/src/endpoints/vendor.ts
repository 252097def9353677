import { z } from 'zod';
import { pageQuerySchema } from '../common';
import { payoutAccountStateSchema, putPayoutAccountBodySchema } from '../payout-account';
import {
  availabilitySchema,
  createPayoutBodySchema,
  deleteVendorServiceResultSchema,
  earningsQuerySchema,
  earningsSchema,
  payoutPageSchema,
  payoutSchema,
  reorderServiceImagesBodySchema,
  updateServiceImageBodySchema,
  updateVendorProfileBodySchema,
  updateVendorServiceBodySchema,
  vendorDocumentSchema,
  vendorOwnProfileSchema,
  vendorServiceBodySchema,
  vendorServiceSchema,
} from '../vendor';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema, serviceImageParamsSchema } from './shared';

/** The vendor's own area: profile, vetting documents, services and images, availability, earnings, payouts. */
export const vendorEndpoints = {
  getVendorProfile: {
    ...routes.getVendorProfile,
    response: vendorOwnProfileSchema,
    summary:
      "The signed-in vendor's own profile in any vetting state, with the onboarding checklist (vendors only)",
  },
  updateVendorProfile: {
    ...routes.updateVendorProfile,
    body: updateVendorProfileBodySchema,
    response: vendorOwnProfileSchema,
    summary:
      'Edit the business profile; the city resolves to coordinates and a time zone offline (422 when unknown)',
  },
  submitVendorProfile: {
    ...routes.submitVendorProfile,
    response: vendorOwnProfileSchema,
    summary:
      'Submit the profile for review: draft or rejected → pending (409 listing what is missing)',
  },
  listVendorDocuments: {
    ...routes.listVendorDocuments,
    response: z.array(vendorDocumentSchema),
    summary: "The vendor's vetting documents, newest first",
  },
  uploadVendorDocument: {
    ...routes.uploadVendorDocument,
    response: vendorDocumentSchema,
    summary:
      'Upload a vetting document: multipart/form-data with `kind` (identity | insurance | licence) and `file` (JPEG, PNG, WebP or PDF by magic bytes, at most 10 MB); stored privately',
  },
  deleteVendorDocument: {
    ...routes.deleteVendorDocument,
    params: idParamsSchema,
    response: z.array(vendorDocumentSchema),
    summary:
      'Delete a vetting document while the profile is not under review (answers the remaining ones)',
  },
  listMyServices: {
    ...routes.listMyServices,
    response: z.array(vendorServiceSchema),
    summary: "The vendor's services, archived ones last",
  },
  createMyService: {
    ...routes.createMyService,
    body: vendorServiceBodySchema,
    response: vendorServiceSchema,
    summary: 'Create a service (price in minor units)',
  },
  getMyService: {
    ...routes.getMyService,
    params: idParamsSchema,
    response: vendorServiceSchema,
    summary: "One of the vendor's services (404 for anyone else's)",
  },
  updateMyService: {
    ...routes.updateMyService,
    params: idParamsSchema,
    body: updateVendorServiceBodySchema,
    response: vendorServiceSchema,
    summary: "Edit one of the vendor's services (404 for anyone else's; 409 when archived)",
  },
  deleteMyService: {
    ...routes.deleteMyService,
    params: idParamsSchema,
    response: deleteVendorServiceResultSchema,
    summary: 'Delete a service; one with orders is archived instead, keeping them',
  },
  uploadServiceImage: {
    ...routes.uploadServiceImage,
    params: idParamsSchema,
    response: vendorServiceSchema,
    summary:
      'Add an image: multipart/form-data with `file` (under 3 MB, spec §5) and optional `alt`; re-encoded to WebP',
  },
  reorderServiceImages: {
    ...routes.reorderServiceImages,
    params: idParamsSchema,
    body: reorderServiceImagesBodySchema,
    response: vendorServiceSchema,
    summary:
      "Reorder a service's images (every image id, in the new order; the first is the cover)",
  },
  updateServiceImage: {
    ...routes.updateServiceImage,
    params: serviceImageParamsSchema,
    body: updateServiceImageBodySchema,
    response: vendorServiceSchema,
    summary: "Set an image's alt text",
  },
  deleteServiceImage: {
    ...routes.deleteServiceImage,
    params: serviceImageParamsSchema,
    response: vendorServiceSchema,
    summary: 'Remove an image (its files are deleted through the outbox)',
  },
  getAvailability: {
    ...routes.getAvailability,
    response: availabilitySchema,
    summary: 'Opening hours, exceptions and booking rules',
  },
  updateAvailability: {
    ...routes.updateAvailability,
    body: availabilitySchema,
    response: availabilitySchema,
    summary: 'Replace opening hours, exceptions and booking rules; slots follow at once',
  },
  getEarnings: {
    ...routes.getEarnings,
    query: earningsQuerySchema,
    response: earningsSchema,
    summary:
      'Pending, on hold, available and paid-out earnings per currency from the ledger, with the entries behind them',
  },
  exportEarnings: {
    ...routes.exportEarnings,
    response: z.string(),
    summary: 'Every earnings entry as a CSV attachment (text/csv, not wrapped)',
  },
  listPayouts: {
    ...routes.listPayouts,
    query: pageQuerySchema,
    response: payoutPageSchema,
    summary: "The vendor's payouts, newest first",
  },
  createPayout: {
    ...routes.createPayout,
    body: createPayoutBodySchema,
    response: payoutSchema,
    summary:
      'Pay out available earnings to the verified payout account (409 without one, or when nothing is available)',
  },
  getPayoutAccount: {
    ...routes.getPayoutAccount,
    response: payoutAccountStateSchema,
    summary: 'Where payouts go: the provider in use and the account (last four digits only)',
  },
  putPayoutAccount: {
    ...routes.putPayoutAccount,
    body: putPayoutAccountBodySchema,
    response: payoutAccountStateSchema,
    summary:
      'Add or change where payouts go: bank details (sandbox, 422 when check digits fail) or Stripe Connect onboarding (answers its URL)',
  },
} as const satisfies Record<string, EndpointDef>;
