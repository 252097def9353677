/*
 * The auth feature as other features see it: the only module they import from it.
 */

export { OtpCodeStep } from './otp-code-step';
