import { PAYOUT_ACCOUNT_REQUIRED_MESSAGE } from '@vetted/contract';
import { Button, ConfirmDialog } from '@vetted/ui';
import { Landmark } from 'lucide-react';

export interface PayOutButtonProps {
  /** ISO 4217 code of the figures it pays out. */
  currency: string;
  /** What is available, formatted ("$118.50"); named in the dialog. */
  available: string;
  /** False when nothing is available (the button is disabled). */
  hasAvailable: boolean;
  /**
   * Where the money goes ("•••• 6789"); null: no verified payout account, so the button is
   * disabled and a link to the "Payout account" section says to add one; undefined: not known yet.
   */
  payoutTo: string | null | undefined;
  /** Id of the currency's heading, which describes the button. */
  headingId: string;
  /** Pays out after the person confirmed; rejects on failure (the caller reports it). */
  onConfirm: () => Promise<void>;
}

/**
 * "Pay out" of one currency: asks first with the amount and the destination ("Everything
 * available in USD is sent to •••• 6789."), never a bank the pro did not give. Without a
 * verified payout account it is disabled and says "Add where your payouts go first".
 */
export function PayOutButton({
  currency,
  available,
  hasAvailable,
  payoutTo,
  headingId,
  onConfirm,
}: PayOutButtonProps) {
  const promptId = `${headingId}-to`;
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <ConfirmDialog
        trigger={
          <Button
            disabled={!hasAvailable || !payoutTo}
            aria-describedby={payoutTo === null ? promptId : headingId}
          >
            <Landmark aria-hidden="true" /> Pay out
          </Button>
        }
        title={`Pay out ${available}?`}
        description={`Everything available in ${currency} is sent to ${payoutTo}.`}
        confirmLabel={`Pay out ${available}`}
        onConfirm={onConfirm}
      />
      {payoutTo === null ? (
        <a
          id={promptId}
          href="#payout-account"
          className="text-sm font-medium text-link underline-offset-4 hover:underline"
        >
          {PAYOUT_ACCOUNT_REQUIRED_MESSAGE}
        </a>
      ) : null}
    </div>
  );
}
