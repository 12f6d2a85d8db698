/** rules/store-credit.ts (issue 36): how much credit an order may use, and the words a shopper reads. */
import { describe, expect, it } from 'vitest';
import { amountDueAfterCredit, creditText, paidByStoreCreditText, paidInFullByCredit, storeCreditBalanceText, storeCreditEntryText, storeCreditToUse } from '../../rules/store-credit.ts';

describe('store credit rules', () => {
  it('uses all of the balance up to the amount due, never below zero, rupee orders only', () => {
    expect(storeCreditToUse(400050, 1000000)).toBe(400050);
    expect(storeCreditToUse(1500000, 1000000)).toBe(1000000);
    expect(storeCreditToUse(0, 1000000)).toBe(0);
    expect(storeCreditToUse(-500, 1000000)).toBe(0);
    expect(storeCreditToUse(500, -1)).toBe(0);
    expect(storeCreditToUse(Number.NaN, 100)).toBe(0);
    expect(storeCreditToUse(400050, 1000000, { currency: 'USD' })).toBe(0);
    expect(storeCreditToUse(400050, 1000000, { wanted: false })).toBe(0);
  });
  it('leaves the rest to pay: ₹10,000 less ₹4,000.50 is ₹5,999.50; nothing when credit pays it all', () => {
    expect(amountDueAfterCredit(1000000, 400050)).toBe(599950);
    expect(amountDueAfterCredit(1000000, 1000000)).toBe(0);
    expect(paidInFullByCredit(1000000, 1000000)).toBe(true);
    expect(paidInFullByCredit(1000000, 400050)).toBe(false);
    expect(paidInFullByCredit(0, 0)).toBe(false);
  });
  it('says it in words, money with ₹ and two decimals', () => {
    expect(creditText(400050)).toBe('₹4,000.50');
    expect(paidByStoreCreditText(1250000)).toBe('Paid by store credit ₹12,500.00');
    expect(storeCreditBalanceText(0)).toBe('You have no store credit.');
    expect(storeCreditBalanceText(10000000)).toBe('You have ₹1,00,000.00 of store credit to spend on your next order.');
    expect(storeCreditEntryText({ kind: 'grant', amount: 400050, r_id: 7, o_id: null })).toBe('₹4,000.50 store credit for the pieces you exchanged (return #7).');
    expect(storeCreditEntryText({ kind: 'use', amount: -400050, r_id: null, o_id: 12 })).toBe('₹4,000.50 used to pay toward order #12.');
    expect(storeCreditEntryText({ kind: 'give_back', amount: 400050, r_id: null, o_id: 12 })).toBe('₹4,000.50 given back: order #12 was cancelled or refunded.');
  });
});
