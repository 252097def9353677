/**
 * The ledger as other domains see it: the only module they import from ledger (ARCHITECTURE
 * §1a). Postings of what money moved, and the balances read from them.
 */
export {
  capturePostings,
  changeOrderPostings,
  feeShareOf,
  type LedgerAccount,
  type LedgerKind,
  type Posting,
  payoutPostings,
  payoutReversalPostings,
  type RefundBearer,
  refundPostings,
  tipPostings,
  vendorShareLeft,
} from './policy';
export {
  entriesForPayment,
  postCapture,
  postChangeOrder,
  postPayout,
  postPayoutReversal,
  postRefund,
  postTip,
  unbalancedOrders,
  vendorBalance,
} from './service';
