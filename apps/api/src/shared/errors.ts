/**
 * The error type and factories that `messages.ts` files build their errors with, so those files
 * import only `shared/`. One definition: lib/errors.ts.
 */
export {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from '../lib/errors';
