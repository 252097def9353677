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
} from '../auth';
import { routes } from '../routes';
import type { EndpointDef } from './shared';

/** Sign-up, login, OTPs, sessions and password reset (spec §7), and the signed-in user. */
export const authEndpoints = {
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
} as const satisfies Record<string, EndpointDef>;
