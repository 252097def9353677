/**
 * The admin console as the rest of the API sees it: the only module other domains (and the
 * composition root) import from admin (ARCHITECTURE §1a).
 */
export { ADMIN_PREFIX, default as adminGuard, isAdminRoute } from './guard';
export { default as adminRoutes } from './routes';
export {
  type AdminDeps,
  type AdminService,
  createAdminService,
  type DocumentFile,
} from './service';
