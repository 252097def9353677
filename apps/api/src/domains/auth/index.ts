/**
 * The auth domain's import surface for the rest of the API: its service and routes, the
 * session helpers other domains call inside their transactions, and the demo-login check.
 */
export {
  anonymiseUser,
  lockAccount,
  replaceAvatarKey,
  setAccountStatus,
  updateProfile,
} from './account-repository';
export { unusablePasswordHash } from './crypto';
export { type DemoLogins, demoLoginWarning, findDemoLogins } from './demo-logins';
export { insertSession, isSessionActive } from './repository';
export { default as authRoutes } from './routes';
export {
  type AuthCleanupResult,
  type AuthDomainService,
  type AuthServiceDeps,
  createAuthService,
  type EraseAccount,
  endAllSessions,
} from './service';
