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
import { adminPaymentSchema } from './admin';
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
import { pagedSchema, uuid } from './common';
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
} from './orders';
import {
  createReviewBodySchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewReplyBodySchema,
  reviewSchema,
} from './reviews';
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
  createOrder: {
    ...routes.createOrder,
    body: createOrderBodySchema,
    response: orderSchema,
    summary: 'Book a slot (customer). Honours the Idempotency-Key header',
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
    summary: 'A payment with its provider events and ledger postings (admins only; 404 otherwise)',
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
  replyToReview: {
    ...routes.replyToReview,
    params: idParamsSchema,
    body: reviewReplyBodySchema,
    response: reviewSchema,
    summary: 'Answer a review in public (the reviewed pro only, once)',
  },
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The `data` type an endpoint answers with. */
export type EndpointData<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
