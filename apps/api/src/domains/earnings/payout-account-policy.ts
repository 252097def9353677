/**
 * Rules of payout accounts, pure: checking bank details a pro enters (IBAN by `ibantools`, a US
 * routing number's ABA checksum by `abavalidator`), what is kept of them (last four digits, and
 * the public routing number), and the status a Stripe connected account gives. Messages say what
 * to fix; nothing here touches the database.
 */
import type { PayoutAccountStatus, PutPayoutAccountBody } from '@vetted/contract';
import { validate as isValidAbaRoutingNumber } from 'abavalidator';
import { electronicFormatIBAN, ValidationErrorsIBAN, validateIBAN } from 'ibantools';
import type { ConnectedAccountState } from '../payments';

/** What is stored of a bank account that passed its checks. */
export interface CheckedBankAccount {
  country: string;
  holderName: string;
  last4: string;
  routingNumber: string | null;
}

/** Outcome of {@link checkBankAccount}: the part to store, or a message per field to fix. */
export type BankAccountCheck =
  | { ok: true; account: CheckedBankAccount }
  | { ok: false; fields: Record<string, string> };

/** The IBAN message of ibantools' first error code (the most basic problem first). */
function ibanProblem(codes: ValidationErrorsIBAN[], country: string): string {
  if (codes.includes(ValidationErrorsIBAN.NoIBANCountry)) {
    return 'This IBAN does not start with a known country code such as DE or FR';
  }
  if (codes.includes(ValidationErrorsIBAN.WrongBBANLength)) {
    return `This IBAN has the wrong number of characters for ${country}: check for a missing or extra digit`;
  }
  if (codes.includes(ValidationErrorsIBAN.WrongBBANFormat)) {
    return 'This IBAN has letters or digits where they do not belong: copy it from your bank statement';
  }
  return 'This IBAN’s check digits do not match: check it for a mistyped character';
}

/**
 * Checks the bank details of a `PUT /v1/vendor/payout-account` body (`iban` or
 * `us_bank_account`; the shape is already valid by the contract schema):
 * - IBAN: normalised (spaces, case) by `electronicFormatIBAN`, validated by `validateIBAN`
 *   (length per country, BBAN format, ISO 7064 mod-97 check digits, national checksums), and its
 *   country (first two letters) must be `country`.
 * - US: the routing number's ABA checksum (weights 3-7-1, `abavalidator`).
 * Returns what to store (last four digits of the IBAN or account number; the routing number) or
 * a message per field name (`iban`, `routingNumber`) saying what to fix.
 */
export function checkBankAccount(
  body: Extract<PutPayoutAccountBody, { type: 'iban' | 'us_bank_account' }>,
): BankAccountCheck {
  const holderName = body.holderName.trim();
  const country = body.country.trim().toUpperCase();
  if (body.type === 'iban') {
    const iban = electronicFormatIBAN(body.iban) ?? '';
    const ibanCountry = iban.slice(0, 2);
    const { valid, errorCodes } = validateIBAN(iban);
    if (!valid) return { ok: false, fields: { iban: ibanProblem(errorCodes, ibanCountry) } };
    if (ibanCountry !== country) {
      return {
        ok: false,
        fields: {
          iban: `This IBAN is for a bank in ${ibanCountry}, not ${country}: choose ${ibanCountry} as the country or enter the IBAN of your account in ${country}`,
        },
      };
    }
    return {
      ok: true,
      account: { country, holderName, last4: iban.slice(-4), routingNumber: null },
    };
  }
  const routingNumber = body.routingNumber.trim();
  if (!isValidAbaRoutingNumber(routingNumber)) {
    return {
      ok: false,
      fields: {
        routingNumber:
          'This routing number’s check digit does not match: copy the 9 digits from the bottom left of a check or from your bank',
      },
    };
  }
  return {
    ok: true,
    account: {
      country: 'US',
      holderName,
      last4: body.accountNumber.trim().slice(-4),
      routingNumber,
    },
  };
}

/**
 * The status a Stripe connected account gives its payout account: `verified` once Stripe enables
 * payouts; `restricted` when onboarding was finished but payouts are disabled (Stripe wants more
 * details); `pending` while onboarding is not finished.
 */
export function connectedAccountStatus(account: ConnectedAccountState): PayoutAccountStatus {
  if (account.payoutsEnabled) return 'verified';
  return account.detailsSubmitted ? 'restricted' : 'pending';
}

/** A payout can go only to a verified account. */
export const canReceivePayouts = (account: { status: string } | null | undefined): boolean =>
  account?.status === 'verified';
