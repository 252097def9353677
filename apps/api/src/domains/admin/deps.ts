import type { AuthService } from '../../platform/types';
import type { Storage } from '../../services/storage';
import type { CatalogueCache } from '../catalogue';
import type { ServiceDeps } from '../deps';
import type { OrdersService } from '../orders';
import type { PaymentsService } from '../payments';

/** What the admin use cases need besides the common deps. */
export interface AdminDeps extends ServiceDeps {
  /** The payments domain: its admin view of a payment (provider events, ledger). */
  payments: Pick<PaymentsService, 'adminView' | 'adminViewsOfOrder'>;
  /** The orders domain: an order's detail as an admin sees it. */
  orders: Pick<OrdersService, 'get'>;
  /** Where vetting documents are kept (`app.privateStorage`, never served under `/media`). */
  documents: Storage;
  /** Ends sessions at once on every API instance (`app.auth`). */
  sessions: Pick<AuthService, 'revokeSessions'>;
  /** The app's catalogue caches, purged when a vendor is listed or unlisted (every instance). */
  catalogueCache: Pick<CatalogueCache, 'purge'>;
}
