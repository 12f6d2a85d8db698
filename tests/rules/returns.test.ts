/** The return rules and the credit note, pure (issue 36): worked figures. */
import { describe, expect, it } from 'vitest';
import { buildCreditNote, creditNoteNumber } from '../../rules/credit-note.ts';
import { matchReturnedHuids, refundFigures, refundSplit, refundSplitText, returnRequestRefusal, returnTransitionRefusal } from '../../rules/returns.ts';
import { DEFAULT_SHOP_POLICY } from '../../rules/shop-policy.ts';
import type { InvoiceDocument } from '../../rules/invoice.ts';
import { DEFAULT_REFUND_DAYS, refundExpectedBy } from '../../rules/payments.ts';

const HOUR = 3_600_000;
const policy = DEFAULT_SHOP_POLICY;

describe('what a return gives back', () => {
  it('shares the coupon, refunds part of the partial-refund collection, keeps shipping and deducts return shipping', () => {
    // ₹52,000.00 ring (Everyday Collection, 50%) + ₹10,000.00 chain, 10% coupon ₹6,200.00, shipping ₹500.00, ₹200.00 return shipping paid by the customer.
    const order = { currency: 'INR' as const, usd_inr: null, discount: 620000, shipping: 50000, lines: [{ oi_id: 1, line_total: 5200000 }, { oi_id: 2, line_total: 1000000 }], pieces_left_after: 0 };
    const f = refundFigures({ ...policy, return_shipping_charge: 20000 }, 'refund', 'changed_mind', order, [
      { oi_id: 1, product_name: 'Ring', quantity: 1, line_total: 5200000, returned: 1, partial_refund: true },
      { oi_id: 2, product_name: 'Chain', quantity: 1, line_total: 1000000, returned: 1, partial_refund: false },
    ]);
    expect(f.lines.map((l) => [l.paid, l.percent, l.value])).toEqual([[4680000, 50, 2340000], [900000, 100, 900000]]);
    expect({ goods: f.goods, shipping_refunded: f.shipping_refunded, return_shipping: f.return_shipping, refund: f.refund }).toEqual({ goods: 3240000, shipping_refunded: 0, return_shipping: 20000, refund: 3220000 });
    // A defect is the shop's fault: no return shipping; a policy that refunds shipping gives it back with the last pieces.
    const shop = refundFigures({ ...policy, return_shipping_charge: 20000, shipping_refunded: true }, 'refund', 'defective', order, [
      { oi_id: 2, product_name: 'Chain', quantity: 1, line_total: 1000000, returned: 1, partial_refund: false },
    ]);
    expect({ shipping_refunded: shop.shipping_refunded, return_shipping: shop.return_shipping, refund: shop.refund }).toEqual({ shipping_refunded: 50000, return_shipping: 0, refund: 950000 });
  });
});

describe('who may ask', () => {
  const lines = [{ oi_id: 1, product_name: 'Engraved Band', quantity: 1, already_returned: 0, non_returnable: 'engraved', partial_refund: false }];
  const base = { order_status: 4, delivered_at: 0, items: [{ oi_id: 1, quantity: 1 }], lines, now: HOUR };
  it('refuses a non-returnable piece unless the shop is at fault, and the window by reason', () => {
    expect(returnRequestRefusal(policy, { ...base, kind: 'refund', reason: 'changed_mind' })).toBe('"Engraved Band" is engraved and cannot be returned unless it is defective, damaged or not the piece ordered.');
    expect(returnRequestRefusal(policy, { ...base, kind: 'refund', reason: 'defective' })).toBeNull();
    expect(returnRequestRefusal(policy, { ...base, kind: 'buyback', reason: 'sell_gold', now: 1000 * HOUR })).toBeNull();
    expect(returnRequestRefusal(policy, { ...base, kind: 'refund', reason: 'defective', now: 2 * HOUR })).toBe('Damage or a defect must be reported within 2 hours of delivery; that time has passed for this order.');
    expect(returnRequestRefusal(policy, { ...base, order_status: 3, kind: 'refund', reason: 'defective' })).toBe('A return can be asked for once the order has been delivered.');
    expect(returnRequestRefusal({ ...policy, exchange_allowed: false }, { ...base, kind: 'exchange', reason: 'defective' })).toMatch(/does not offer exchanges/);
  });
  it('follows one lifecycle', () => {
    expect(returnTransitionRefusal('requested', 'approved', 'refund', 'shop')).toBeNull();
    expect(returnTransitionRefusal('inspected', 'credited', 'refund', 'shop')).toBe('Only an exchange is settled with store credit; this return is refunded.');
    expect(returnTransitionRefusal('picked_up', 'withdrawn', 'refund', 'shopper')).toBe('The pieces have already been picked up: the return can no longer be withdrawn.');
    expect(returnTransitionRefusal('refunded', 'approved', 'refund', 'shop')).toBe('This return is already refunded: it cannot change any more.');
  });
  it('matches HUIDs to the pieces sold', () => {
    const sold = [{ oi_id: 1, product_name: 'Ring', quantity: 1, recorded: ['AB1234', 'CD5678'] }];
    expect(matchReturnedHuids(['cd5678'], sold)).toEqual({ huids: new Map([[1, ['CD5678']]]) });
    expect(matchReturnedHuids(['EF9012'], sold)).toEqual({ refusal: 'HUID EF9012 is not a piece sold on this order: this is a different piece, and it cannot be accepted as the return.' });
    expect(matchReturnedHuids(['AB1234', 'CD5678'], sold)).toEqual({ refusal: 'Read the HUID of each returned piece: 1 expected, 2 given.' });
  });
});

describe('the credit note', () => {
  it('numbers its own series and reverses the tax in the invoice split', () => {
    expect(creditNoteNumber('AJ', 2026, 1)).toBe('CN/26-27/000001');
    expect(creditNoteNumber('CN', 2027, 42)).toBe('CR/27-28/000042');
    const invoice = {
      invoice_no: 'AJ/26-27/000007', issued_at: '2026-11-20T10:00:00.000Z', o_id: 9, currency: 'INR', exchange: null,
      seller: {}, buyer: { state_code: '27' }, place_of_supply: 'Maharashtra (27)',
      figures: { supply: 'inter_state', lines: [{ description: 'Ring (22K)', hsn: '7113', purity: '22K' }] },
    } as unknown as InvoiceDocument;
    const note = buildCreditNote({ credit_note_no: 'CN/26-27/000001', issuedAt: new Date('2026-12-01T00:00:00Z'), financialYear: 2026, r_id: 3, kind: 'refund', invoice, lines: [{ invoice_line: 0, quantity: 1, value: 2340000, percent: 50, huids: ['AB1234'] }], shipping: 0 });
    // ₹23,400.00 inter-state: IGST 2340000 × 3 / 103 = ₹681.55, taxable ₹22,718.45.
    expect(note.totals).toEqual({ gross: 2340000, taxable: 2271845, cgst: 0, sgst: 0, igst: 68155 });
    expect(note.invoice_no).toBe('AJ/26-27/000007');
  });
});

describe('a refund of an order paid partly with store credit', () => {
  it('gives back the way it was paid at most what that way took, less earlier refunds; the rest as store credit', () => {
    // ₹52,340.50 order, ₹20,000.00 paid by store credit: the provider took ₹32,340.50.
    expect(refundSplit(2617025, 3234050, 0)).toEqual({ paid_back: 2617025, store_credit: 0 });
    expect(refundSplit(2617025, 3234050, 2617025)).toEqual({ paid_back: 617025, store_credit: 2000000 });
    expect(refundSplit(2617025, 3234050, 3234050)).toEqual({ paid_back: 0, store_credit: 2617025 });
    expect(refundSplit(5234050, 0, 0)).toEqual({ paid_back: 0, store_credit: 5234050 });
    expect(refundSplitText({ paid_back: 617025, store_credit: 2000000 }, 'INR', 'upi')).toBe(
      'Of your refund, ₹6,170.25 goes back by UPI transfer and ₹20,000.00 comes back as store credit in your account, usable at checkout: that part of the order was paid with store credit.',
    );
    expect(refundSplitText({ paid_back: 2617025, store_credit: 0 }, 'INR', 'online')).toBeNull();
  });
});

describe('when a refund is expected', () => {
  it("is the shop policy's most business days later, weekends not counted", () => {
    // Friday 27 Nov 2026: 5 business days -> Friday 4 Dec; the default 10 -> Friday 11 Dec; from Saturday 28 Nov, 3 -> Wednesday 2 Dec.
    expect(refundExpectedBy(new Date('2026-11-27T10:00:00Z'), { refund_days_min: 3, refund_days_max: 5 })).toBe('2026-12-04');
    expect(refundExpectedBy(new Date('2026-11-27T10:00:00Z'), DEFAULT_REFUND_DAYS)).toBe('2026-12-11');
    expect(refundExpectedBy(new Date('2026-11-28T23:00:00Z'), { refund_days_min: 1, refund_days_max: 3 })).toBe('2026-12-02');
  });
});
