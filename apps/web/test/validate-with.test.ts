import { confirmPaymentBodySchema, createOrderBodySchema } from '@vetted/contract';
import { describe, expect, it } from 'vitest';
import { validateWith } from '../src/lib/form';
import { cardBody } from '../src/features/checkout/payment';

describe('validateWith', () => {
  it('gives the first message of each failing field by dotted path', async () => {
    const body = cardBody({ number: '4242', expiry: '13/20', cvc: '1', name: 'A' });
    const result = await validateWith(confirmPaymentBodySchema, body);
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual({
      'card.number': 'Enter a valid card number',
      'card.expMonth': 'Invalid month',
      'card.expYear': 'Card has expired',
      'card.cvc': 'Enter the 3 or 4 digit security code',
      'card.name': 'Enter the name on the card',
    });
  });

  it("gives the schema's output when valid", async () => {
    const schema = createOrderBodySchema.pick({ address: true, notes: true });
    const result = await validateWith(schema, { address: '  12 Harbour Road  ' });
    expect(result.errors).toBeUndefined();
    expect(result.data?.address).toBe('12 Harbour Road');
  });
});
