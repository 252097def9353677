import { z } from 'zod';
import {
  loggedOutSchema,
  loginBodySchema,
  logoutBodySchema,
  otpChallengeSchema,
  otpResendBodySchema,
  otpVerifyBodySchema,
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

export const idParamsSchema = z.object({ id: uuid });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface EndpointDef {
  method: Method;
  /** Path below `/v1`, Fastify style (`/vendors/:id`). */
  path: string;
  /** `none`: public; `access`: bearer access token; `refresh`: bearer refresh token. */
  auth: 'none' | 'access' | 'refresh';
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
    method: 'POST',
    path: '/auth/signup',
    auth: 'none',
    body: signupBodySchema,
    response: otpChallengeSchema,
    summary: 'Create an account and mail a sign-up OTP',
  },
  login: {
    method: 'POST',
    path: '/auth/login',
    auth: 'none',
    body: loginBodySchema,
    response: otpChallengeSchema,
    summary: 'Check the password and mail a login OTP',
  },
  verifyOtp: {
    method: 'POST',
    path: '/auth/otp/verify',
    auth: 'none',
    body: otpVerifyBodySchema,
    response: sessionSchema,
    summary: 'Exchange a correct OTP for a session',
  },
  resendOtp: {
    method: 'POST',
    path: '/auth/otp/resend',
    auth: 'none',
    body: otpResendBodySchema,
    response: otpChallengeSchema,
    summary: 'Mail a fresh code for a challenge',
  },
  resetToken: {
    method: 'POST',
    path: '/auth/reset-token',
    auth: 'refresh',
    response: sessionSchema,
    summary: 'Rotate the refresh token (sent as bearer) and issue a new access token (spec §7)',
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    auth: 'none',
    body: logoutBodySchema,
    response: loggedOutSchema,
    summary: 'Revoke the refresh token family',
  },
  getMe: {
    method: 'GET',
    path: '/me',
    auth: 'access',
    response: userSchema,
    summary: 'The signed-in user',
  },
  updateMe: {
    method: 'PATCH',
    path: '/me',
    auth: 'access',
    body: updateMeBodySchema,
    response: userSchema,
    summary: 'Update the signed-in user',
  },
  listCategories: {
    method: 'GET',
    path: '/categories',
    auth: 'none',
    response: z.array(categorySchema),
    summary: 'Service categories',
  },
  listVendors: {
    method: 'GET',
    path: '/vendors',
    auth: 'none',
    query: vendorListQuerySchema,
    response: pagedSchema(vendorSummarySchema),
    summary: 'Approved vendors, filtered by category, text and distance',
  },
  getVendor: {
    method: 'GET',
    path: '/vendors/:id',
    auth: 'none',
    params: idParamsSchema,
    response: vendorDetailSchema,
    summary: 'One approved vendor',
  },
  listVendorServices: {
    method: 'GET',
    path: '/vendors/:id/services',
    auth: 'none',
    params: idParamsSchema,
    response: z.array(serviceSchema),
    summary: "A vendor's active services",
  },
  getService: {
    method: 'GET',
    path: '/services/:id',
    auth: 'none',
    params: idParamsSchema,
    response: serviceDetailSchema,
    summary: 'One service with its vendor',
  },
  getServiceGallery: {
    method: 'GET',
    path: '/services/:id/gallery',
    auth: 'none',
    params: idParamsSchema,
    response: z.array(galleryImageSchema),
    summary: "A service's gallery images",
  },
  getServiceSlots: {
    method: 'GET',
    path: '/services/:id/slots',
    auth: 'none',
    params: idParamsSchema,
    query: slotQuerySchema,
    response: slotsSchema,
    summary: "A service's bookable slots, free and taken",
  },
  createOrder: {
    method: 'POST',
    path: '/orders',
    auth: 'access',
    body: createOrderBodySchema,
    response: orderSchema,
    summary: 'Book a slot (customer). Honours the Idempotency-Key header',
  },
  listOrders: {
    method: 'GET',
    path: '/orders',
    auth: 'access',
    query: orderListQuerySchema,
    response: pagedSchema(orderSchema),
    summary: "The customer's order history, or the vendor's incoming orders",
  },
  getOrder: {
    method: 'GET',
    path: '/orders/:id',
    auth: 'access',
    params: idParamsSchema,
    response: orderDetailSchema,
    summary: 'One order with its events and payment (its customer or vendor only)',
  },
  transitionOrder: {
    method: 'POST',
    path: '/orders/:id/transitions',
    auth: 'access',
    params: idParamsSchema,
    body: orderTransitionBodySchema,
    response: orderDetailSchema,
    summary: 'Accept, decline, start, complete or cancel an order',
  },
  initializePayment: {
    method: 'POST',
    path: '/payments/initialize',
    auth: 'access',
    body: initializePaymentBodySchema,
    response: paymentSchema,
    summary: 'Start (or resume) payment of a pending order',
  },
  confirmPayment: {
    method: 'POST',
    path: '/payments/:id/confirm',
    auth: 'access',
    params: idParamsSchema,
    body: confirmPaymentBodySchema,
    response: paymentResultSchema,
    summary: 'Pay with a card (sandbox provider)',
  },
  listNotifications: {
    method: 'GET',
    path: '/notifications',
    auth: 'access',
    query: notificationListQuerySchema,
    response: notificationPageSchema,
    summary: "The signed-in user's notifications, newest first",
  },
  markNotificationRead: {
    method: 'POST',
    path: '/notifications/:id/read',
    auth: 'access',
    params: idParamsSchema,
    response: notificationSchema,
    summary: 'Mark one notification read',
  },
  markAllNotificationsRead: {
    method: 'POST',
    path: '/notifications/read-all',
    auth: 'access',
    response: z.object({ updated: z.number().int() }),
    summary: 'Mark every notification read',
  },
} as const satisfies Record<string, EndpointDef>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The `data` type an endpoint answers with. */
export type EndpointData<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
