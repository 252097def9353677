/**
 * The users domain as other domains see it: the only module they import from users
 * (ARCHITECTURE §1a). Everything else under users/ is private to it.
 */
export { avatarStorageKey } from './policy';
export { default as meRoutes } from './routes';
export { createUsersService, type ExportFile, type UsersService } from './service';
