/**
 * The earnings domain as other domains see it: the only module they import from earnings
 * (ARCHITECTURE §1a). Everything else under earnings/ is private to it.
 */
export { payoutSendJob } from './jobs/payout-send';
export {
  createPayoutAccountService,
  destinationOf,
  type PayoutAccountService,
} from './payout-account-service';
export { default as earningsRoutes } from './routes';
export {
  createEarningsService,
  type EarningsDeps,
  type EarningsService,
  PAYOUT_SEND_KIND,
} from './service';
