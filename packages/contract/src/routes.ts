/**
 * Method, path and auth of every v1 endpoint, with no schemas: light enough for browser bundles
 * (the api-client builds its functions from it). `endpoints` (endpoints.ts) adds the zod schemas
 * for the server. ARCHITECTURE §4.
 */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below `/v1`, Fastify style (`/vendors/:id`). */
  path: string;
  /** `none`: public; `access`: bearer access token; `refresh`: bearer refresh token. */
  auth: 'none' | 'access' | 'refresh';
}

export const routes = {
  signup: { method: 'POST', path: '/auth/signup', auth: 'none' },
  login: { method: 'POST', path: '/auth/login', auth: 'none' },
  verifyOtp: { method: 'POST', path: '/auth/otp/verify', auth: 'none' },
  resendOtp: { method: 'POST', path: '/auth/otp/resend', auth: 'none' },
  resetToken: { method: 'POST', path: '/auth/reset-token', auth: 'refresh' },
  logout: { method: 'POST', path: '/auth/logout', auth: 'none' },
  forgotPassword: { method: 'POST', path: '/auth/password/forgot', auth: 'none' },
  resetPassword: { method: 'POST', path: '/auth/password/reset', auth: 'none' },
  getMe: { method: 'GET', path: '/me', auth: 'access' },
  updateMe: { method: 'PATCH', path: '/me', auth: 'access' },
  listAddresses: { method: 'GET', path: '/me/addresses', auth: 'access' },
  createAddress: { method: 'POST', path: '/me/addresses', auth: 'access' },
  updateAddress: { method: 'PATCH', path: '/me/addresses/:id', auth: 'access' },
  deleteAddress: { method: 'DELETE', path: '/me/addresses/:id', auth: 'access' },
  geocode: { method: 'GET', path: '/geocode', auth: 'none' },
  reverseGeocode: { method: 'GET', path: '/geocode/reverse', auth: 'none' },
  uploadAvatar: { method: 'POST', path: '/me/avatar', auth: 'access' },
  deleteAvatar: { method: 'DELETE', path: '/me/avatar', auth: 'access' },
  changeEmail: { method: 'POST', path: '/me/email', auth: 'access' },
  verifyEmailChange: { method: 'POST', path: '/me/email/verify', auth: 'access' },
  changePassword: { method: 'POST', path: '/me/password', auth: 'access' },
  requestAccountDeletion: { method: 'POST', path: '/me/deletion', auth: 'access' },
  confirmAccountDeletion: { method: 'POST', path: '/me/deletion/confirm', auth: 'access' },
  exportMyData: { method: 'GET', path: '/me/export', auth: 'access' },
  getNotificationPreferences: {
    method: 'GET',
    path: '/me/notification-preferences',
    auth: 'access',
  },
  updateNotificationPreferences: {
    method: 'PUT',
    path: '/me/notification-preferences',
    auth: 'access',
  },
  listCategories: { method: 'GET', path: '/categories', auth: 'none' },
  listVendors: { method: 'GET', path: '/vendors', auth: 'none' },
  searchSuggest: { method: 'GET', path: '/search/suggest', auth: 'none' },
  getVendor: { method: 'GET', path: '/vendors/:id', auth: 'none' },
  listVendorServices: { method: 'GET', path: '/vendors/:id/services', auth: 'none' },
  getService: { method: 'GET', path: '/services/:id', auth: 'none' },
  getServiceGallery: { method: 'GET', path: '/services/:id/gallery', auth: 'none' },
  getServiceSlots: { method: 'GET', path: '/services/:id/slots', auth: 'none' },
  createOrder: { method: 'POST', path: '/orders', auth: 'access' },
  listOrders: { method: 'GET', path: '/orders', auth: 'access' },
  getOrder: { method: 'GET', path: '/orders/:id', auth: 'access' },
  transitionOrder: { method: 'POST', path: '/orders/:id/transitions', auth: 'access' },
  initializePayment: { method: 'POST', path: '/payments/initialize', auth: 'access' },
  confirmPayment: { method: 'POST', path: '/payments/:id/confirm', auth: 'access' },
  getAdminPayment: { method: 'GET', path: '/admin/payments/:id', auth: 'access' },
  listNotifications: { method: 'GET', path: '/notifications', auth: 'access' },
  markNotificationRead: { method: 'POST', path: '/notifications/:id/read', auth: 'access' },
  markAllNotificationsRead: { method: 'POST', path: '/notifications/read-all', auth: 'access' },
  openConversation: { method: 'POST', path: '/conversations', auth: 'access' },
  listConversations: { method: 'GET', path: '/conversations', auth: 'access' },
  getConversation: { method: 'GET', path: '/conversations/:id', auth: 'access' },
  listMessages: { method: 'GET', path: '/conversations/:id/messages', auth: 'access' },
  sendMessage: { method: 'POST', path: '/conversations/:id/messages', auth: 'access' },
  markConversationRead: { method: 'POST', path: '/conversations/:id/read', auth: 'access' },
  sendTyping: { method: 'POST', path: '/conversations/:id/typing', auth: 'access' },
  assignConversation: { method: 'POST', path: '/admin/conversations/:id/assign', auth: 'access' },
  resolveConversation: {
    method: 'POST',
    path: '/admin/conversations/:id/resolve',
    auth: 'access',
  },
  reopenConversation: { method: 'POST', path: '/admin/conversations/:id/reopen', auth: 'access' },
  getCancellationQuote: { method: 'GET', path: '/orders/:id/cancellation', auth: 'access' },
  rescheduleOrder: { method: 'POST', path: '/orders/:id/reschedule', auth: 'access' },
  declineReschedule: { method: 'POST', path: '/orders/:id/reschedule/decline', auth: 'access' },
  confirmReschedule: { method: 'POST', path: '/orders/:id/reschedule/confirm', auth: 'access' },
  tipOrder: { method: 'POST', path: '/orders/:id/tip', auth: 'access' },
  joinWaitlist: { method: 'POST', path: '/services/:id/waitlist', auth: 'access' },
  leaveWaitlist: { method: 'DELETE', path: '/services/:id/waitlist', auth: 'access' },
  listWaitlist: { method: 'GET', path: '/waitlist', auth: 'access' },
  createReview: { method: 'POST', path: '/orders/:id/review', auth: 'access' },
  listVendorReviews: { method: 'GET', path: '/vendors/:id/reviews', auth: 'none' },
  replyToReview: { method: 'POST', path: '/reviews/:id/reply', auth: 'access' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
