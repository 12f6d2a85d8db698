import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderItems, orderLineText } from '../../web/admin/components/OrderItems.tsx';
import { actorLabel, historyLine, orderListQuery, paymentBadge, refundOnCancel, refundQuestion, statusChoices } from '../../web/admin/orders.ts';
import { productListFilter } from '../../web/admin/screens/ProductsScreen.tsx';
import { paymentState } from '../../web/lib/orders.ts';

const order = (fields: Record<string, unknown> = {}) => ({ o_id: 12, status: 1, currency: 'INR' as const, total: 24999.5, payment_method: 'online', payment_status: 'paid', ...fields });

describe('the order desk: status choices follow the lifecycle', () => {
  it('offers the current status and only the ones that may follow it', () => {
    const labels = (status: number) => statusChoices({ status }).map((s) => s.label);
    expect(labels(1)).toEqual(['Pending', 'Processing', 'Cancelled']);
    expect(labels(2)).toEqual(['Processing', 'Shipped', 'Cancelled']);
    expect(labels(3)).toEqual(['Shipped', 'Delivered']);
    expect(labels(4)).toEqual(['Delivered']);
    expect(labels(5)).toEqual(['Cancelled']);
  });

  it("takes the server's next statuses when it gives them", () => {
    expect(statusChoices({ status: 2, next_statuses: [3] }).map((s) => s.value)).toEqual([2, 3]);
  });

  it('shows an unknown status as Pending with nothing after it from the rules', () => {
    expect(statusChoices({ status: 9 }).map((s) => s.label)).toEqual(['Pending']);
  });
});

describe('the order desk: a cancel that refunds is asked first', () => {
  it('refunds the total of a paid order that may still be cancelled, and nothing otherwise', () => {
    expect(refundOnCancel(order())).toBe(24999.5);
    expect(refundOnCancel(order({ payment_status: 'unpaid', payment_method: 'cod' }))).toBeNull();
    expect(refundOnCancel(order({ status: 3 }))).toBeNull();
    expect(refundOnCancel(order({ status: 5, payment_status: 'refund_pending' }))).toBeNull();
    expect(refundOnCancel(order({ refund_on_cancel: 100 }))).toBe(100);
    expect(refundOnCancel(order({ refund_on_cancel: null }))).toBeNull();
  });

  it("asks in the order's currency with the one money formatter", () => {
    expect(refundQuestion(order(), 24999.5)).toBe('Cancel order #12 and refund ₹24,999.50 to the shopper?');
    expect(refundQuestion({ o_id: 7, currency: 'USD' }, 1640)).toBe('Cancel order #7 and refund $1,640.00 to the shopper?');
    expect(refundQuestion({ o_id: 8 }, 152340)).toBe('Cancel order #8 and refund ₹1,52,340.00 to the shopper?');
  });
});

describe('the order desk: payment and history read as words', () => {
  it('labels every payment status', () => {
    expect(paymentBadge({ payment_status: 'paid', payment_method: 'online' })).toMatchObject({ label: 'Paid', tone: 'on' });
    expect(paymentBadge({ payment_status: 'paid', payment_method: 'cod' }).label).toBe('Paid (cash)');
    expect(paymentBadge({ payment_status: 'unpaid', payment_method: 'cod' }).label).toBe('Unpaid (COD)');
    expect(paymentBadge({ payment_status: 'refund_pending', payment_method: 'online' }).label).toBe('Refund pending');
    expect(paymentBadge({ payment_status: 'refunded', payment_method: 'online' }).label).toBe('Refunded');
    expect(paymentBadge({ payment_status: 'cod', payment_method: 'cod' }).status).toBe('unpaid');
  });

  it('tells the timeline what changed and who changed it', () => {
    expect(historyLine({ from_status: null, to_status: 1 })).toBe('Placed (Pending)');
    expect(historyLine({ from_status: 2, to_status: 5 })).toBe('Processing → Cancelled');
    expect(actorLabel({ actor: 'shop', by: 'Store Administrator' })).toBe('Store Administrator (shop)');
    expect(actorLabel({ actor: 'shopper', by: null })).toBe('The shopper');
    expect(actorLabel({ actor: 'system' })).toBe('Payment provider');
  });

  it('asks the server for a page, a status and a search only when given', () => {
    expect(orderListQuery(2, 10, '', '  ')).toEqual({ page: 2, perPage: 10 });
    expect(orderListQuery(1, 10, '5', ' #12 ')).toEqual({ page: 1, perPage: 10, status: 5, search: '#12' });
    expect(orderListQuery(1, 10, '9', '')).toEqual({ page: 1, perPage: 10 });
  });
});

describe("the shopper's order history tells the payment's state", () => {
  const placed = { payment_method: 'online', total: 24999.5, currency: 'INR' as const, status: 5 };
  it('says paid, due on delivery, refund in progress and refunded with amount and date', () => {
    expect(paymentState({ ...placed, status: 1, payment_status: 'paid' }).text).toBe('Paid');
    expect(paymentState({ ...placed, status: 1, payment_method: 'cod', payment_status: 'unpaid' }).text).toBe('Pay on delivery');
    expect(paymentState({ ...placed, payment_method: 'cod', payment_status: 'unpaid' }).text).toBe('Not charged');
    expect(paymentState({ ...placed, payment_status: 'refund_pending', refund_amount: 24999.5 }).text).toBe('Refund of ₹24,999.50 in progress');
    expect(paymentState({ ...placed, payment_status: 'refunded', refund_amount: 24999.5, refunded_at: '2026-11-24T10:00:00.000Z' }).text).toBe('Refunded ₹24,999.50 on 24 Nov 2026');
  });
});

describe('the product list filter', () => {
  it('sends only what is chosen', () => {
    expect(productListFilter('  ', '', '')).toEqual({});
    expect(productListFilter(' ring ', '3', '0')).toEqual({ name: 'ring', categories: [3], p_status: 0 });
    expect(productListFilter('', '', '1')).toEqual({ p_status: 1 });
  });
});

describe('the order lines: one table for Manage Orders, the order detail and the packing slip', () => {
  const items = [
    { oi_id: 1, quantity: 2, price: 26170.25, product: { name: 'Lotus Ring', images: [{ imageUrl: 'lotus.png' }] }, carat: { name: '22K' }, material: { name: 'Yellow Gold' }, size: { size_name: '12' } },
    { oi_id: 2, quantity: 1, price: 999, product: null, carat: null, material: null, size: null },
  ] as any[];
  const cells = (html: string) => [...html.matchAll(/<tr>(.*?)<\/tr>/g)].slice(1).map((row) => [...row[1].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1].replace(/<[^>]+>/g, '')));

  it('writes each line once, with the placeholders of §3, on the desk with picture and price', () => {
    expect(orderLineText(items[1])).toEqual({ name: 'Unknown Product', carat: 'N/A', material: 'N/A', size: 'N/A', quantity: 1 });
    const html = renderToStaticMarkup(createElement(OrderItems, { items, currency: 'INR' }));
    expect(html).toContain('<th scope="col">Image</th>');
    expect(html).toContain('alt="Lotus Ring"');
    expect(cells(html)).toEqual([
      ['', 'Lotus Ring', '22K', 'Yellow Gold', '12', '2', '₹26,170.25'],
      ['No Image', 'Unknown Product', 'N/A', 'N/A', 'N/A', '1', '₹999.00'],
    ]);
  });

  it('on the packing slip: the same lines with a box to tick, no picture and no price', () => {
    const html = renderToStaticMarkup(createElement(OrderItems, { items, variant: 'packing-slip' }));
    expect(html).toMatch(/^<table class="packing-slip__items">/);
    expect(html).not.toContain('Image');
    expect(cells(html)).toEqual([
      ['Lotus Ring', '22K', 'Yellow Gold', '12', '2', '☐'],
      ['Unknown Product', 'N/A', 'N/A', 'N/A', '1', '☐'],
    ]);
    expect(renderToStaticMarkup(createElement(OrderItems, { items: [] }))).toBe('<p class="admin-empty">No items in this order</p>');
  });

  it('no screen writes order lines of its own', () => {
    for (const screen of ['OrdersScreen.tsx', 'OrderDetailScreen.tsx']) {
      const source = readFileSync(new URL(`../../web/admin/screens/${screen}`, import.meta.url), 'utf8');
      expect(source).toContain('<OrderItems ');
      expect(source).not.toMatch(/Unknown Product|size_name \|\| 'N\/A'/);
    }
  });
});
