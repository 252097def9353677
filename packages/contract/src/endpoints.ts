import { z } from 'zod';
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
  serviceDetailSchema,
  serviceSchema,
  slotQuerySchema,
  slotsSchema,
  vendorDetailSchema,
  vendorListQuerySchema,
  vendorSummarySchema,
} from './catalogue';
import { pagedSchema, uuid } from './common';
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
  listCategories: {
    ...routes.listCategories,
    response: z.array(categorySchema),
    summary: 'Service categories',
  },
  listVendors: {
    ...routes.listVendors,
    query: vendorListQuerySchema,
    response: pagedSchema(vendorSummarySchema),
    summary: 'Approved vendors, filtered by category, text and distance',
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
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The `data` type an endpoint answers with. */
export type EndpointData<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
