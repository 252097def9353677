/** What the earnings use cases are given, and the caller check they all start with. */
import type { AuthUser } from '../../../platform/types';
import type { ServiceDeps } from '../../deps';
import type { PaymentProviders } from '../../payments';
import * as msg from '../messages';
import * as repo from '../repository';

/** What the earnings service needs: the usual deps and the payment providers by name. */
export interface EarningsDeps extends ServiceDeps {
  providers: PaymentProviders;
}

/** A page request (`page` from 1). */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/**
 * The caller's vendor profile.
 * @throws AppError 403 `vendor_only` for a customer or admin; 404 `vendor_not_found` for a
 *   vendor user without a profile.
 */
export async function vendorOf(deps: EarningsDeps, user: AuthUser) {
  if (user.role !== 'vendor') throw msg.vendorOnly();
  const vendor = await repo.vendorOfUser(deps.db, user.id);
  if (!vendor) throw msg.vendorNotFound();
  return vendor;
}
