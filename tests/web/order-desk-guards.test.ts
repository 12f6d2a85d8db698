import { describe, expect, it } from 'vitest';
import { deskQueryString, readDeskQuery, statusQuestion } from '../../web/admin/orders.ts';

/** Issue 34: what the question before a status change says, and the desk's state in the address. */

const order = (fields: Record<string, unknown> = {}) => ({
  o_id: 12,
  status: 1,
  currency: 'INR' as const,
  total: 24999.5,
  payment_method: 'cod',
  payment_status: 'unpaid',
  first_name: 'Kavya',
  last_name: 'Rao',
  ...fields,
});
const SHOPPER = 'The shopper sees the new status in Order History and Track Your Order; Shipped, Delivered and Cancelled also send the shopper an e-mail (and an SMS when shipped or delivered).';

describe('statusQuestion: every status change names the order and what the store does', () => {
  it('Processing: the order, its name, and what the shopper sees', () => {
    expect(statusQuestion(order(), 2, null)).toEqual({
      title: 'Mark order #12 Processing?',
      question: 'Order #12 of Kavya Rao goes from Pending to Processing.',
      effects: [SHOPPER],
      confirmLabel: 'Mark Processing',
      cancelLabel: 'Keep it Pending',
      danger: false,
    });
  });

  it('Shipped: the HUIDs it needs (counted per piece) and the tax invoice it issues', () => {
    const items = [
      { quantity: 2, huid: ['AB12C4'] },
      { quantity: 1, huid: ['ZX98Y7'] },
    ];
    const missing = statusQuestion(order({ status: 2, orderItems: items }), 3, null);
    expect(missing.effects).toEqual([
      'Every piece needs its HUID first: 2 of 3 recorded, so the store refuses until the rest are entered.',
      'The GST tax invoice is issued now, with the next invoice number; the shopper can download it from Order History.',
      'A shipped order can no longer be cancelled.',
      SHOPPER,
    ]);
    const ready = statusQuestion(order({ status: 2, orderItems: [{ quantity: 2, huid: ['AB12C4', 'CD34E5'] }] }), 3, null);
    expect(ready.effects[0]).toBe('Every piece has its HUID (2 of 2).');
    expect(ready.cancelLabel).toBe('Keep it Processing');
  });

  it('Delivered: cash on delivery is recorded as collected; an order paid online says only that it is final', () => {
    expect(statusQuestion(order({ status: 3 }), 4, null).effects).toEqual([
      'The ₹24,999.50 cash on delivery is recorded as collected: the payment becomes Paid.',
      'Delivered is final: the status cannot change again.',
      SHOPPER,
    ]);
    expect(statusQuestion(order({ status: 3, payment_method: 'online', payment_status: 'paid' }), 4, null).effects).toEqual(['Delivered is final: the status cannot change again.', SHOPPER]);
  });

  it('Cancelled: stock back on sale; an unpaid order refunds nothing, a paid one names its refund', () => {
    expect(statusQuestion(order(), 5, null)).toMatchObject({
      title: 'Cancel order #12?',
      effects: ['Its pieces go back on sale, and their HUIDs are freed.', 'Nothing was paid, so nothing is refunded.', 'Cancelled is final: the status cannot change again.', SHOPPER],
      confirmLabel: 'Cancel order',
      cancelLabel: 'Keep the order',
      danger: true,
    });
    const paid = statusQuestion(order({ payment_method: 'online', payment_status: 'paid', currency: 'USD', total: 640.25 }), 5, 640.25);
    expect(paid).toMatchObject({ title: 'Cancel and refund?', question: 'Cancel order #12 and refund $640.25 to the shopper?', confirmLabel: 'Cancel and refund' });
    expect(paid.effects[1]).toBe("$640.25 is refunded to the shopper's original payment method at once; this cannot be undone.");
  });
});

describe('the desk in the address: search, status and page', () => {
  it('reads what it wrote, and writes only what differs from the default', () => {
    const desk = { search: 'kavya rao', status: '2', page: 3 };
    expect(deskQueryString(desk)).toBe('?q=kavya+rao&status=2&page=3');
    expect(readDeskQuery(deskQueryString(desk))).toEqual(desk);
    expect(deskQueryString({ search: '  ', status: '', page: 1 })).toBe('');
    expect(readDeskQuery('')).toEqual({ search: '', status: '', page: 1 });
    expect(deskQueryString({ search: '#12', status: '', page: 1 })).toBe('?q=%2312');
  });

  it('takes anything unreadable in the address as the default', () => {
    expect(readDeskQuery('?status=9&page=-2')).toEqual({ search: '', status: '', page: 1 });
    expect(readDeskQuery('?status=abc&page=1.5')).toEqual({ search: '', status: '', page: 1 });
    expect(readDeskQuery(`?q=${'x'.repeat(300)}`).search).toHaveLength(100);
  });
});
