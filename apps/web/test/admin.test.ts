import { describe, expect, it } from 'vitest';
import { cleanQuery, isStaleAfterDecision } from '../src/features/admin/admin-keys';
import { endpointKey } from '../src/lib/keys';
import { formatBytes } from '../src/lib/format';
import { auditActionLabel } from '../src/features/admin/audit-history';
import { refundFormSchema } from '../src/features/admin/refund-dialog';

/* The admin console's pure helpers. */

describe('refund form', () => {
  const schema = refundFormSchema('USD', 6_300);

  it('sends no amount for "everything left"', () => {
    const result = schema.safeParse({ scope: 'full', amount: '', reason: ' Pro did not come ' });
    expect(result.success && result.data).toEqual({
      reason: 'Pro did not come',
      bearer: 'platform',
    });
  });

  it('turns a partial amount in major units into minor units', () => {
    const result = schema.safeParse({ scope: 'partial', amount: '12.5', reason: 'Late' });
    expect(result.success && result.data).toEqual({
      reason: 'Late',
      bearer: 'platform',
      amount: 1_250,
    });
  });

  it('refuses zero, junk, too many decimals and more than the payment', () => {
    for (const amount of ['0', 'abc', '1.234', '63.01', '']) {
      const result = schema.safeParse({ scope: 'partial', amount, reason: 'Late' });
      expect(result.success, amount).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['amount']);
    }
    expect(schema.safeParse({ scope: 'partial', amount: '63', reason: 'Late' }).success).toBe(true);
  });

  it('uses the currency’s minor digits (JPY has none)', () => {
    const yen = refundFormSchema('JPY', 5_000);
    const result = yen.safeParse({ scope: 'partial', amount: '500', reason: 'Late' });
    expect(result.success && result.data).toEqual({
      reason: 'Late',
      bearer: 'platform',
      amount: 500,
    });
    expect(yen.safeParse({ scope: 'partial', amount: '5.5', reason: 'Late' }).success).toBe(false);
  });

  it('requires a reason (the contract’s rule)', () => {
    const result = schema.safeParse({ scope: 'full', amount: '', reason: '  ' });
    expect(result.error?.issues[0]?.message).toBe('Say why the refund is given');
  });

  it('sends who bears it, and asks the reason in the pro’s terms when they bear it', () => {
    const recovered = schema.safeParse({
      scope: 'full',
      amount: '',
      bearer: 'vendor',
      reason: 'The tap still leaks',
    });
    expect(recovered.success && recovered.data).toEqual({
      reason: 'The tap still leaks',
      bearer: 'vendor',
    });
    const noReason = schema.safeParse({ scope: 'full', amount: '', bearer: 'vendor', reason: '' });
    expect(noReason.error?.issues).toEqual([
      expect.objectContaining({
        path: ['reason'],
        message: 'Say why the pro bears this refund: they are told the reason',
      }),
    ]);
    expect(
      schema.safeParse({ scope: 'full', amount: '', bearer: 'customer', reason: 'Late' }).success,
    ).toBe(false);
  });
});

describe('admin list keys', () => {
  it('drops empty filters so an empty search is the same key', () => {
    expect(cleanQuery({ page: 1, q: '', status: undefined, role: null })).toEqual({ page: 1 });
  });

  it('marks the lists, overview and audit log stale after a decision, not other keys', () => {
    expect(isStaleAfterDecision(endpointKey('listAdminVendors', { query: { page: 2 } }))).toBe(
      true,
    );
    expect(isStaleAfterDecision(endpointKey('getAdminOverview'))).toBe(true);
    expect(isStaleAfterDecision(endpointKey('listAuditLog'))).toBe(true);
    expect(isStaleAfterDecision(endpointKey('getAdminVendor', { params: { id: 'x' } }))).toBe(
      false,
    );
    expect(isStaleAfterDecision(endpointKey('listVendors'))).toBe(false);
  });
});

describe('admin words', () => {
  it('says a refund is requested, never that it is done', () => {
    expect(auditActionLabel('payment.refund')).toBe('Refund requested');
    expect(auditActionLabel('vendor.approve')).toBe('Approved');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('formats file sizes in decimal units', () => {
    // Spelled out below a kilobyte, as people say it ("448 bytes").
    expect(formatBytes(640)).toBe('640 bytes');
    expect(formatBytes(412_160)).toMatch(/^412\skB$/);
    expect(formatBytes(1_887_437)).toMatch(/^1\.9\sMB$/);
  });
});
