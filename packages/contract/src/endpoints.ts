import { z } from 'zod';
import {
  accountCodeBodySchema,
  accountDeletedSchema,
  accountDeletionBodySchema,
  accountExportSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  notificationPreferencesSchema,
  passwordChangedSchema,
  updateNotificationPreferencesBodySchema,
} from './account';
import {
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOverviewSchema,
  adminPaymentSchema,
  adminReasonBodySchema,
  adminRefundBodySchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminVendorDetailSchema,
  adminVendorListQuerySchema,
  adminVendorPageSchema,
  auditPageSchema,
  auditQuerySchema,
} from './admin';
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
} from './vendor';
import { serviceAreaCheckSchema, serviceAreaQuerySchema } from './service-area';
import { payoutAccountStateSchema, putPayoutAccountBodySchema } from './payout-account';
import {
  loggedOutSchema,
  loginBodySchema,
  logoutBodySchema,
  otpChallengeSchema,
  otpResendBodySchema,
  otpVerifyBodySchema,
  passwordForgotBodySchema,
  passwordResetBodySchema,
  passwordResetResultSchema,
  sessionSchema,
  signupBodySchema,
  updateMeBodySchema,
  userSchema,
} from './auth';
import {
  categorySchema,
  galleryImageSchema,
  searchSuggestionsSchema,
  searchSuggestQuerySchema,
  serviceDetailSchema,
  serviceSchema,
  slotQuerySchema,
  slotsSchema,
  vendorDetailSchema,
  vendorListQuerySchema,
  vendorSearchPageSchema,
} from './catalogue';
import { pagedSchema, pageQuerySchema, uuid } from './common';
import {
  createAddressBodySchema,
  geocodeQuerySchema,
  geocodeResultSchema,
  reverseGeocodeQuerySchema,
  savedAddressListSchema,
  savedAddressSchema,
  updateAddressBodySchema,
} from './places';
import {
  assignConversationBodySchema,
  conversationListQuerySchema,
  conversationPageSchema,
  conversationSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  openConversationBodySchema,
  readReceiptSchema,
  sendMessageBodySchema,
} from './conversations';
import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSchema,
} from './notifications';
import {
  confirmPaymentBodySchema,
  createOrderBodySchema,
  initializePaymentBodySchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderSchema,
  orderTransitionBodySchema,
  paymentResultSchema,
  paymentSchema,
  serviceQuoteQuerySchema,
  serviceQuoteSchema,
} from './orders';
import {
  createReviewBodySchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewReplyBodySchema,
  reviewSchema,
} from './reviews';
import { proSlugParamsSchema, publicProSchema } from './public-pros';
import {
  servicePageParamsSchema,
  servicePageQuerySchema,
  servicePageSchema,
} from './service-pages';
import {
  cancellationQuoteSchema,
  rescheduleBodySchema,
  tipBodySchema,
  waitlistDayBodySchema,
  waitlistEntrySchema,
  waitlistListQuerySchema,
} from './changes';
import { type RouteDef, routes } from './routes';

export const idParamsSchema = z.object({ id: uuid });
/** Params of a service image route. */
export const serviceImageParamsSchema = z.object({ id: uuid, imageId: uuid });
/** Params of an admin document download. */
export const vendorDocumentParamsSchema = z.object({ id: uuid, documentId: uuid });

interface EndpointDef extends RouteDef {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Schema of `data` in the `{ ok: true, data }` wrapper. */
  response: z.ZodType;
  summary: string;
}

/**
 * Every v1 endpoint: method, path, auth and the zod schema of each part. The server registers
 * routes from this table (so OpenAPI is generated from it) and the api-client types its
 * functions from it. ARCHITECTURE §4.
 */
export const endpoints = {
  signup: {
    ...routes.signup,
    body: signupBodySchema,
    response: otpChallengeSchema,
    summary: 'Create an account and mail a sign-up OTP',
  },
  login: {
    ...routes.login,
    body: loginBodySchema,
    response: otpChallengeSchema,
    summary: 'Check the password and mail a login OTP',
  },
  verifyOtp: {
    ...routes.verifyOtp,
    body: otpVerifyBodySchema,
    response: sessionSchema,
    summary: 'Exchange a correct OTP for a session',
  },
  resendOtp: {
    ...routes.resendOtp,
    body: otpResendBodySchema,
    response: otpChallengeSchema,
    summary: 'Mail a fresh code for a challenge',
  },
  resetToken: {
    ...routes.resetToken,
    response: sessionSchema,
    summary: 'Rotate the refresh token (sent as bearer) and issue a new access token (spec §7)',
  },
  logout: {
    ...routes.logout,
    body: logoutBodySchema,
    response: loggedOutSchema,
    summary: 'Revoke the session (refresh token family) and its access tokens',
  },
  forgotPassword: {
    ...routes.forgotPassword,
    body: passwordForgotBodySchema,
    response: otpChallengeSchema,
    summary: 'Mail a password reset code (same answer whether or not the address has an account)',
  },
  resetPassword: {
    ...routes.resetPassword,
    body: passwordResetBodySchema,
    response: passwordResetResultSchema,
    summary: 'Set a new password with a mailed code; ends every session of the account',
  },
  getMe: {
    ...routes.getMe,
    response: userSchema,
    summary: 'The signed-in user',
  },
  updateMe: {
    ...routes.updateMe,
    body: updateMeBodySchema,
    response: userSchema,
    summary: 'Update the signed-in user',
  },
  listAddresses: {
    ...routes.listAddresses,
    response: savedAddressListSchema,
    summary: "The signed-in user's saved places: the default first, then newest first",
  },
  createAddress: {
    ...routes.createAddress,
    body: createAddressBodySchema,
    response: savedAddressSchema,
    summary:
      'Save a place (at most 20); without lat/lng they are resolved from the city (422 when unknown). The first place is the default',
  },
  updateAddress: {
    ...routes.updateAddress,
    params: idParamsSchema,
    body: updateAddressBodySchema,
    response: savedAddressSchema,
    summary:
      'Change a saved place; `isDefault: true` moves the default to it (404 for anyone else)',
  },
  deleteAddress: {
    ...routes.deleteAddress,
    params: idParamsSchema,
    response: savedAddressListSchema,
    summary:
      'Delete a saved place and answer the remaining ones; deleting the default promotes the newest remaining place',
  },
  geocode: {
    ...routes.geocode,
    query: geocodeQuerySchema,
    response: z.array(geocodeResultSchema),
    summary:
      'Cities matching the start of a name, typo tolerant, ranked by population and nearness to lat/lng',
  },
  reverseGeocode: {
    ...routes.reverseGeocode,
    query: reverseGeocodeQuerySchema,
    response: geocodeResultSchema.nullable(),
    summary:
      'The city nearest to a point (within 50 km), or null: fills a place from the browser location',
  },
  uploadAvatar: {
    ...routes.uploadAvatar,
    response: userSchema,
    summary:
      'Set the avatar: multipart/form-data with one image in the field `file`, at most 3 MB (spec §5); stored as a 256 px square WebP',
  },
  deleteAvatar: {
    ...routes.deleteAvatar,
    response: userSchema,
    summary: 'Remove the avatar (initials show instead)',
  },
  changeEmail: {
    ...routes.changeEmail,
    body: changeEmailBodySchema,
    response: otpChallengeSchema,
    summary: 'Check the password and mail a code to the new address (OTP purpose email_change)',
  },
  verifyEmailChange: {
    ...routes.verifyEmailChange,
    body: accountCodeBodySchema,
    response: userSchema,
    summary: 'Switch to the new address with its code; the old address is told by mail',
  },
  changePassword: {
    ...routes.changePassword,
    body: changePasswordBodySchema,
    response: passwordChangedSchema,
    summary: 'Change the password (current one required); every other session ends',
  },
  requestAccountDeletion: {
    ...routes.requestAccountDeletion,
    body: accountDeletionBodySchema,
    response: otpChallengeSchema,
    summary: 'Check the password and mail a code that confirms deleting the account',
  },
  confirmAccountDeletion: {
    ...routes.confirmAccountDeletion,
    body: accountCodeBodySchema,
    response: accountDeletedSchema,
    summary:
      'Delete the account with its code: personal data is removed or anonymised, orders are kept anonymised, every session ends',
  },
  exportMyData: {
    ...routes.exportMyData,
    response: accountExportSchema,
    summary: "Download the user's data as a JSON attachment",
  },
  getNotificationPreferences: {
    ...routes.getNotificationPreferences,
    response: notificationPreferencesSchema,
    summary: 'Notification switches per kind and channel (in-app, email)',
  },
  updateNotificationPreferences: {
    ...routes.updateNotificationPreferences,
    body: updateNotificationPreferencesBodySchema,
    response: notificationPreferencesSchema,
    summary: 'Set notification switches of the listed kinds',
  },
  listCategories: {
    ...routes.listCategories,
    response: z.array(categorySchema),
    summary: 'Service categories',
  },
  listVendors: {
    ...routes.listVendors,
    query: vendorListQuerySchema,
    response: vendorSearchPageSchema,
    summary:
      'Approved vendors: text search (stemmed, typo tolerant), filters (category, price, rating, distance, open on a date) and sorts',
  },
  searchSuggest: {
    ...routes.searchSuggest,
    query: searchSuggestQuerySchema,
    response: searchSuggestionsSchema,
    summary: 'Type-ahead: categories, services and vendors matching what was typed',
  },
  getVendor: {
    ...routes.getVendor,
    params: idParamsSchema,
    response: vendorDetailSchema,
    summary: 'One approved vendor',
  },
  listVendorServices: {
    ...routes.listVendorServices,
    params: idParamsSchema,
    response: z.array(serviceSchema),
    summary: "A vendor's active services",
  },
  getService: {
    ...routes.getService,
    params: idParamsSchema,
    response: serviceDetailSchema,
    summary: 'One service with its vendor',
  },
  getServiceGallery: {
    ...routes.getServiceGallery,
    params: idParamsSchema,
    response: z.array(galleryImageSchema),
    summary: "A service's gallery images",
  },
  getServiceSlots: {
    ...routes.getServiceSlots,
    params: idParamsSchema,
    query: slotQuerySchema,
    response: slotsSchema,
    summary: "A service's bookable slots, free and taken",
  },
  getServiceQuote: {
    ...routes.getServiceQuote,
    params: idParamsSchema,
    query: serviceQuoteQuerySchema,
    response: serviceQuoteSchema,
    summary: 'Subtotal, booking fee and total of booking a slot, before an order exists',
  },
  createOrder: {
    ...routes.createOrder,
    body: createOrderBodySchema,
    response: orderSchema,
    summary:
      "Book a slot (customer). Honours the Idempotency-Key header. 422 `outside_service_area` when the address is outside the pro's service radius",
  },
  listOrders: {
    ...routes.listOrders,
    query: orderListQuerySchema,
    response: pagedSchema(orderSchema),
    summary: "The customer's order history, or the vendor's incoming orders",
  },
  getOrder: {
    ...routes.getOrder,
    params: idParamsSchema,
    response: orderDetailSchema,
    summary: 'One order with its events and payment (its customer or vendor only)',
  },
  transitionOrder: {
    ...routes.transitionOrder,
    params: idParamsSchema,
    body: orderTransitionBodySchema,
    response: orderDetailSchema,
    summary: 'Accept, decline, start, complete or cancel an order',
  },
  initializePayment: {
    ...routes.initializePayment,
    body: initializePaymentBodySchema,
    response: paymentSchema,
    summary: 'Start (or resume) payment of a pending order',
  },
  confirmPayment: {
    ...routes.confirmPayment,
    params: idParamsSchema,
    body: confirmPaymentBodySchema,
    response: paymentResultSchema,
    summary: 'Pay with a card (sandbox provider)',
  },
  getAdminPayment: {
    ...routes.getAdminPayment,
    params: idParamsSchema,
    response: adminPaymentSchema,
    summary: 'A payment with its provider events and ledger postings (admins only)',
  },
  listNotifications: {
    ...routes.listNotifications,
    query: notificationListQuerySchema,
    response: notificationPageSchema,
    summary: "The signed-in user's notifications, newest first",
  },
  markNotificationRead: {
    ...routes.markNotificationRead,
    params: idParamsSchema,
    response: notificationSchema,
    summary: 'Mark one notification read',
  },
  markAllNotificationsRead: {
    ...routes.markAllNotificationsRead,
    response: z.object({ updated: z.number().int() }),
    summary: 'Mark every notification read',
  },
  openConversation: {
    ...routes.openConversation,
    body: openConversationBodySchema,
    response: conversationSchema,
    summary: 'Open (or get back) a direct conversation with a pro, or open a support chat',
  },
  listConversations: {
    ...routes.listConversations,
    query: conversationListQuerySchema,
    response: conversationPageSchema,
    summary: "The caller's conversations, newest activity first (admins: every support chat)",
  },
  getConversation: {
    ...routes.getConversation,
    params: idParamsSchema,
    response: conversationSchema,
    summary: 'One conversation (its participants, and admins for support chats; 404 otherwise)',
  },
  listMessages: {
    ...routes.listMessages,
    params: idParamsSchema,
    query: messageListQuerySchema,
    response: messagePageSchema,
    summary: 'A page of messages, oldest to newest; `before` pages back',
  },
  sendMessage: {
    ...routes.sendMessage,
    params: idParamsSchema,
    body: sendMessageBodySchema,
    response: messageSchema,
    summary:
      'Send a message (JSON `{ body }`, or multipart with `body` and `images`); honours Idempotency-Key',
  },
  markConversationRead: {
    ...routes.markConversationRead,
    params: idParamsSchema,
    response: readReceiptSchema,
    summary: 'Mark everything up to now read for the caller',
  },
  sendTyping: {
    ...routes.sendTyping,
    params: idParamsSchema,
    response: z.object({ sent: z.literal(true) }),
    summary: 'Tell the other side the caller is typing (not stored)',
  },
  assignConversation: {
    ...routes.assignConversation,
    params: idParamsSchema,
    body: assignConversationBodySchema,
    response: conversationSchema,
    summary: 'Assign a support chat to an admin (default the caller; admins only)',
  },
  resolveConversation: {
    ...routes.resolveConversation,
    params: idParamsSchema,
    response: conversationSchema,
    summary: 'Mark a support chat resolved (admins only)',
  },
  reopenConversation: {
    ...routes.reopenConversation,
    params: idParamsSchema,
    response: conversationSchema,
    summary: 'Reopen a resolved support chat (admins only)',
  },
  getCancellationQuote: {
    ...routes.getCancellationQuote,
    params: idParamsSchema,
    response: cancellationQuoteSchema,
    summary:
      'What cancelling the order now would refund the customer, by the published policy (its customer, vendor or an admin)',
  },
  rescheduleOrder: {
    ...routes.rescheduleOrder,
    params: idParamsSchema,
    body: rescheduleBodySchema,
    response: orderDetailSchema,
    summary:
      'Move a paid or accepted booking to another free slot of the same service (its customer, until 24 h before the start)',
  },
  declineReschedule: {
    ...routes.declineReschedule,
    params: idParamsSchema,
    response: orderDetailSchema,
    summary:
      'Decline the new time (the pro): back to the previous slot if still free, else cancelled with a full refund',
  },
  confirmReschedule: {
    ...routes.confirmReschedule,
    params: idParamsSchema,
    response: orderDetailSchema,
    summary: 'Confirm the new time of a rescheduled booking (the pro)',
  },
  tipOrder: {
    ...routes.tipOrder,
    params: idParamsSchema,
    body: tipBodySchema,
    response: paymentSchema,
    summary:
      'Start a tip for a completed order (its customer, one per order); confirm it like any payment',
  },
  joinWaitlist: {
    ...routes.joinWaitlist,
    params: idParamsSchema,
    body: waitlistDayBodySchema,
    response: waitlistEntrySchema,
    summary: "Join a service's waitlist for a fully booked day (customers)",
  },
  leaveWaitlist: {
    ...routes.leaveWaitlist,
    params: idParamsSchema,
    query: waitlistDayBodySchema,
    response: waitlistEntrySchema,
    summary: "Leave a service's waitlist for a day (releases an offered slot)",
  },
  listWaitlist: {
    ...routes.listWaitlist,
    query: waitlistListQuerySchema,
    response: z.array(waitlistEntrySchema),
    summary:
      "The signed-in customer's live waitlist entries (waiting or offered), soonest day first",
  },
  createReview: {
    ...routes.createReview,
    params: idParamsSchema,
    body: createReviewBodySchema,
    response: reviewSchema,
    summary:
      "Review a completed order (its customer, once, within 30 days of completion); updates the pro's rating",
  },
  listVendorReviews: {
    ...routes.listVendorReviews,
    params: idParamsSchema,
    query: reviewListQuerySchema,
    response: reviewPageSchema,
    summary: "A page of a pro's reviews, newest first, with the rating breakdown",
  },
  getPro: {
    ...routes.getPro,
    params: proSlugParamsSchema,
    response: publicProSchema,
    summary:
      "An approved pro's public profile by slug (an old slug answers 301 with Location and { slug, redirectTo })",
  },
  listProReviews: {
    ...routes.listProReviews,
    params: proSlugParamsSchema,
    query: reviewListQuerySchema,
    response: reviewPageSchema,
    summary: "A page of an approved pro's reviews by slug, newest first, with the rating breakdown",
  },
  getServicePage: {
    ...routes.getServicePage,
    params: servicePageParamsSchema,
    query: servicePageQuerySchema,
    response: servicePageSchema,
    summary:
      'A landing page: the best-rated approved pros of a category (serving a place, with `place`), nearby places and related categories',
  },
  replyToReview: {
    ...routes.replyToReview,
    params: idParamsSchema,
    body: reviewReplyBodySchema,
    response: reviewSchema,
    summary: 'Answer a review in public (the reviewed pro only, once)',
  },
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
  getAdminOverview: {
    ...routes.getAdminOverview,
    response: adminOverviewSchema,
    summary:
      'Counts that matter: pending vettings, open support chats, today’s bookings, GMV (admins only)',
  },
  listAdminVendors: {
    ...routes.listAdminVendors,
    query: adminVendorListQuerySchema,
    response: adminVendorPageSchema,
    summary: 'Vendors by vetting status (pending: oldest submission first) or name (admins only)',
  },
  getAdminVendor: {
    ...routes.getAdminVendor,
    params: idParamsSchema,
    response: adminVendorDetailSchema,
    summary: 'A vendor with documents, services and decision history (admins only)',
  },
  approveVendor: {
    ...routes.approveVendor,
    params: idParamsSchema,
    response: adminVendorDetailSchema,
    summary:
      'Approve a pending vendor: listed and bookable at once (admins only; 409 unless pending)',
  },
  rejectVendor: {
    ...routes.rejectVendor,
    params: idParamsSchema,
    body: adminReasonBodySchema,
    response: adminVendorDetailSchema,
    summary:
      'Reject a pending vendor with a reason they can act on; they may resubmit (admins only)',
  },
  suspendVendor: {
    ...routes.suspendVendor,
    params: idParamsSchema,
    body: adminReasonBodySchema,
    response: adminVendorDetailSchema,
    summary: 'Suspend an approved vendor: unlisted, no new bookings (admins only)',
  },
  reinstateVendor: {
    ...routes.reinstateVendor,
    params: idParamsSchema,
    response: adminVendorDetailSchema,
    summary: 'Reinstate a suspended vendor as approved (admins only)',
  },
  downloadVendorDocument: {
    ...routes.downloadVendorDocument,
    params: vendorDocumentParamsSchema,
    response: z.string(),
    summary: 'Download a vetting document as an attachment (raw bytes, not wrapped; admins only)',
  },
  listAdminUsers: {
    ...routes.listAdminUsers,
    query: adminUserListQuerySchema,
    response: adminUserPageSchema,
    summary: 'Users by name or email, role and status (admins only)',
  },
  getAdminUser: {
    ...routes.getAdminUser,
    params: idParamsSchema,
    response: adminUserDetailSchema,
    summary: 'A user and the decisions about them (admins only)',
  },
  suspendUser: {
    ...routes.suspendUser,
    params: idParamsSchema,
    body: adminReasonBodySchema,
    response: adminUserDetailSchema,
    summary:
      'Suspend a user: sign-in refused and every session ended (admins only; not another admin)',
  },
  reinstateUser: {
    ...routes.reinstateUser,
    params: idParamsSchema,
    response: adminUserDetailSchema,
    summary: 'Reinstate a suspended user (admins only)',
  },
  listAdminOrders: {
    ...routes.listAdminOrders,
    query: adminOrderListQuerySchema,
    response: adminOrderPageSchema,
    summary: 'Orders by reference, customer or pro, newest first (admins only)',
  },
  getAdminOrder: {
    ...routes.getAdminOrder,
    params: idParamsSchema,
    response: adminOrderDetailSchema,
    summary:
      'An order with its timeline, parties, provider events and ledger postings (admins only)',
  },
  refundPayment: {
    ...routes.refundPayment,
    params: idParamsSchema,
    body: adminRefundBodySchema,
    response: adminPaymentSchema,
    summary:
      'Refund a captured payment in full or in part, paid by Vetted (goodwill) or recovered from the pro, through the outbox (admins only)',
  },
  listAuditLog: {
    ...routes.listAuditLog,
    query: auditQuerySchema,
    response: auditPageSchema,
    summary: 'Admin decisions, newest first (admins only)',
  },
  checkServiceArea: {
    ...routes.checkServiceArea,
    params: idParamsSchema,
    query: serviceAreaQuerySchema,
    response: serviceAreaCheckSchema,
    summary:
      "Whether the service's pro serves a saved place or typed address, with the distance (the check booking makes: 422 outside_service_area)",
  },
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The `data` type an endpoint answers with. */
export type EndpointData<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
