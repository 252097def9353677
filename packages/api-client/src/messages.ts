/**
 * User-facing messages of spec §8, the one source for the web app. Wording is the spec's,
 * capitalisation included (`'Session expired, Please login again'`).
 */
export const MESSAGES = {
  sessionExpired: 'Session expired, Please login again',
  sessionNotFound: 'Session not found',
  somethingWentWrong: 'Oops! Something went wrong',
  tryAgain: 'Oops! Something went wrong. Try again',
  errorLoadingData: 'Error loading data',
  errorInitializingPayment: 'Error initializing payment',
  errorFetchingData: 'Error fetching data',
  errorCreatingOrder: 'Error creating order',
  errorLoadingServiceCategory: 'Error loading service category',
  errorLoadingService: 'Error loading service',
  noImageSelected: 'No image selected',
  imageTooLarge: 'Image must be less than 3mb',
  errorFetchingProfile: 'Error fetching profile',
  errorFetchingVendorServices: 'Error fetching vendor services',
  errorFetchingChats: 'Error fetching chats',
  errorFetchingNotifications: 'Error fetching notifications',
  errorVerifyingOtp: 'Error verifying OTP',
  errorUpdatingProfile: 'Error updating profile',
  /** Spec §8 response-level messages, also thrown by the client's error classes. */
  unknownError: 'Unknown error',
  connectionTimeout: 'Connection timeout. Please try again later.',
  requestFailed: 'Something went wrong 4000',
} as const;

export type MessageKey = keyof typeof MESSAGES;
