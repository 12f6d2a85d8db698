/**
 * Store credit at checkout (issue 36), on the engine under test, with worked figures: the
 * credit is a payment the server decides from the ledger (never the client's amount), spent in
 * the transaction that places the order, given back when the order is cancelled (only what the
 * provider took is refunded), shown on the invoice as a payment, never as a discount.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantStoreCredit, storeCreditBalance } from '../../db/queries/store-credit.ts';
import { renderEmail } from '../../api/messages/render.ts';
import { writeTransaction } from '../../db/transaction.ts';
import type { InvoiceDocument } from '../../rules/invoice.ts';
import { callers } from '../helpers/admin.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { addressOf, advanceOrder } from '../helpers/orders.ts';
import { pdfText } from '../helpers/pdf.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

type Shopper = Awaited<ReturnType<typeof createUser>>;

let store: TestStore;
let admin: Awaited<ReturnType<typeof callers>>['admin'];
let returnNo = 1000;

beforeAll(async () => {
  store = await createTestStore({ PUBLIC_URL: 'http://shop.test' });
  ({ admin } = await callers(store));
});
afterAll(() => store?.close());

const api = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await call(store, method, url, body, headers);
  expectMatchesContract(method, url, res);
  return res;
};

/** A shopper with `paise` of store credit from an exchange. */
async function shopperWithCredit(paise: number): Promise<Shopper> {
  const shopper = await createUser(store);
  if (paise > 0) await writeTransaction(store.db, (trx) => grantStoreCredit(trx, { u_id: shopper.u_id, amount: paise, r_id: ++returnNo, note: 'exchange' }));
  return shopper;
}

/** A piece of its own at `paise`, as a Buy Now line. */
async function piece(paise: number) {
  const product = await createProduct(store, { carats: [{ inr_price: paise, usd_price: 12000 }] });
  const { p_id, pc_id, carat_id, m_id, size_id } = product.selection as any;
  return [{ p_id, pc_id, carat_id, m_id, size_id, quantity: 1 }];
}

function codBody(shopper: Shopper, cartItems: unknown, rupees: number, extra: object = {}) {
  return { u_id: shopper.u_id, cartItems, shipping: 0, subtotal: rupees, discount: 0, total: rupees, priceType: 'inr_price', payment_method: 'cod', ...addressOf(shopper), ...extra };
}

const order = (o_id: number) => store.db.selectFrom('orders').selectAll().where('o_id', '=', o_id).executeTakeFirstOrThrow();
const ledger = (u_id: number) => store.db.selectFrom('store_credit_entries').select(['kind', 'amount', 'o_id']).where('u_id', '=', u_id).orderBy('sce_id').execute();
const balance = (u_id: number) => storeCreditBalance(store.db, u_id);

describe('store credit at checkout', () => {
  it('GET /getstorecredit answers the balance and the statement in words', async () => {
    const shopper = await shopperWithCredit(400050);
    const res = await api('GET', '/getstorecredit', undefined, shopper.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ balance: 4000.5, currency: 'INR', balance_text: 'You have ₹4,000.50 of store credit to spend on your next order.' });
    expect(res.body.data.entries).toHaveLength(1);
    expect(res.body.data.entries[0]).toMatchObject({ kind: 'grant', amount: 4000.5, balance_after: 4000.5, r_id: returnNo });
    expect(res.body.data.entries[0].text).toBe(`₹4,000.50 store credit for the pieces you exchanged (return #${returnNo}).`);
    expect((await api('GET', '/getstorecredit')).status).toBe(403);
    const none = await api('GET', '/getstorecredit', undefined, (await createUser(store)).auth);
    expect(none.body.data).toMatchObject({ balance: 0, balance_text: 'You have no store credit.', entries: [] });
  });

  it('partial credit, cash on delivery: ₹10,000 order, ₹4,000.50 credit, ₹5,999.50 due; a forged amount is ignored; cancelling gives it back', async () => {
    const shopper = await shopperWithCredit(400050);
    const lines = await piece(1000000);
    const quote = await api('POST', '/checkoutquote', { cartItems: lines, use_store_credit: true }, shopper.auth);
    expect(quote.body.data).toMatchObject({ total: 10000, store_credit_available: 4000.5, store_credit: 4000.5, amount_due: 5999.5 });
    const without = await api('POST', '/checkoutquote', { cartItems: lines }, shopper.auth);
    expect(without.body.data).toMatchObject({ total: 10000, store_credit_available: 4000.5, store_credit: 0, amount_due: 10000 });

    // The client claims the whole order is paid by credit: ignored, the ledger decides.
    const placed = await api('POST', '/createorder', codBody(shopper, lines, 10000, { use_store_credit: true, store_credit: 10000, store_credit_amount: 10000 }), shopper.auth);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const o_id = placed.body.data.o_id;
    // The order's total (and so its tax) is unchanged; the credit is a payment toward it.
    expect(await order(o_id)).toMatchObject({ total: 1000000, subtotal: 1000000, discount: 0, store_credit: 400050, payment_status: 'unpaid', payment_method: 'cod' });
    expect(await balance(shopper.u_id)).toBe(0);
    expect(await ledger(shopper.u_id)).toEqual([
      { kind: 'grant', amount: 400050, o_id: null },
      { kind: 'use', amount: -400050, o_id },
    ]);
    // The order-placed e-mail asks on delivery for what is left to pay, not the whole total.
    const placedMail = await store.db.selectFrom('outbox').select('payload').where('dedupe_key', '=', `order.placed:${o_id}:email`).executeTakeFirstOrThrow();
    const placedPayload = typeof placedMail.payload === 'string' ? JSON.parse(placedMail.payload) : placedMail.payload;
    expect(placedPayload).toMatchObject({ payment_method: 'cod', total: 1000000, store_credit: 400050 });
    const placedText = (await renderEmail('order.placed', placedPayload, { db: store.db, config: store.config })).text.replace(/\s+/g, ' ');
    expect(placedText).toContain('Paid by store credit: ₹4,000.50. Cash on delivery: ₹5,999.50 to pay when it arrives.');
    expect(placedText).not.toContain('₹10,000.00 to pay');

    const cancelled = await api('PUT', '/cancelorder', { o_id }, shopper.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.description).toBe('Order cancelled. ₹4,000.50 of store credit is back in your account.');
    expect(await balance(shopper.u_id)).toBe(400050);
    expect((await ledger(shopper.u_id)).at(-1)).toEqual({ kind: 'give_back', amount: 400050, o_id });
    // Cancelled again: refused, and nothing given back twice.
    expect((await api('PUT', '/cancelorder', { o_id }, shopper.auth)).status).toBe(409);
    expect(await balance(shopper.u_id)).toBe(400050);
  });

  it('full credit: ₹15,000 of credit pays a ₹10,000 order in full, nothing to collect; cancelling gives the ₹10,000 back, no provider refund', async () => {
    const shopper = await shopperWithCredit(1500000);
    const lines = await piece(1000000);
    const quote = await api('POST', '/checkoutquote', { cartItems: lines, use_store_credit: true }, shopper.auth);
    expect(quote.body.data).toMatchObject({ total: 10000, store_credit: 10000, amount_due: 0 });
    // Online is refused: there is nothing to pay.
    const online = await api('POST', '/payment', { order_amount: 0.01, customer_id: String(shopper.u_id), customer_name: 'Asha Patel', customer_email: 'asha@example.com', customer_phone: '9876543210', cartItems: lines, use_store_credit: true }, shopper.auth);
    expect(online.status).toBe(400);
    expect(online.body.description).toContain('Your store credit pays for the whole order');
    const placed = await api('POST', '/createorder', codBody(shopper, lines, 10000, { use_store_credit: true }), shopper.auth);
    expect(placed.status).toBe(201);
    const o_id = placed.body.data.o_id;
    // Recorded as what it is: paid by store credit, not cash on delivery (issue 36), paid from the start.
    expect(await order(o_id)).toMatchObject({ total: 1000000, store_credit: 1000000, payment_status: 'paid', payment_method: 'store_credit' });
    const placedRow = await store.db.selectFrom('order_status_history').select('payment_status').where('o_id', '=', o_id).executeTakeFirstOrThrow();
    expect(placedRow.payment_status).toBe('paid');
    const mine = await api('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth);
    expect(mine.body.data.find((o: { o_id: number }) => o.o_id === o_id)).toMatchObject({ payment_method: 'store_credit', payment_status: 'paid', refund_timing: null });
    expect(await balance(shopper.u_id)).toBe(500000);
    const cancelled = await api('PUT', '/cancelorder', { o_id }, shopper.auth);
    expect(cancelled.body.data.payment_status).toBe('refunded');
    expect(cancelled.body.description).toBe('Order cancelled. ₹10,000.00 of store credit is back in your account.');
    expect(await balance(shopper.u_id)).toBe(1500000);
    expect(await store.db.selectFrom('payments').select('pay_id').where('u_id', '=', shopper.u_id).execute()).toEqual([]);
    expect(await order(o_id)).toMatchObject({ payment_method: 'store_credit', payment_status: 'refunded', refund_amount: null });
    // The cancelled e-mail says where the money went: back to the store credit, nothing charged or refunded elsewhere.
    const mail = await store.db.selectFrom('outbox').select('payload').where('dedupe_key', '=', `order.cancelled:${o_id}:email`).executeTakeFirstOrThrow();
    const payload = typeof mail.payload === 'string' ? JSON.parse(mail.payload) : mail.payload;
    expect(payload).toMatchObject({ payment_method: 'store_credit', refund: null });
  });

  it('an order paid wholly by store credit: its invoice says "Paid by store credit", never cash on delivery', async () => {
    const shopper = await shopperWithCredit(1000000);
    const placed = await api('POST', '/createorder', codBody(shopper, await piece(1000000), 10000, { use_store_credit: true }), shopper.auth);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const o_id = placed.body.data.o_id;
    await advanceOrder(store, admin, o_id, 3);
    const doc = JSON.parse((await store.db.selectFrom('invoices').select('document').where('o_id', '=', o_id).executeTakeFirstOrThrow()).document) as InvoiceDocument;
    expect(doc.payment_method).toBe('Store credit');
    expect(doc.payments).toEqual({ store_credit: 1000000, balance: 0, balance_method: 'Store credit' });
    const text = await pdfText(new Uint8Array(await (await store.app.request(`/invoice/${o_id}`, { headers: shopper.auth })).arrayBuffer()));
    expect(text).toContain('Paid by store credit');
    expect(text).toContain('10,000.00');
    expect(text).not.toContain('Cash on Delivery');
    expect(text).not.toContain('due on delivery');
    // Delivered: nothing to collect, it stays paid (not "collected cash").
    await advanceOrder(store, admin, o_id, 4);
    expect(await order(o_id)).toMatchObject({ payment_method: 'store_credit', payment_status: 'paid' });
  });

  it('online remainder: ₹2,500 credit toward ₹10,000, the provider takes ₹7,500; cancelling refunds ₹7,500 and gives the ₹2,500 back', async () => {
    const shopper = await shopperWithCredit(250000);
    const lines = await piece(1000000);
    const body = (amount: number) => ({ order_amount: amount, customer_id: String(shopper.u_id), customer_name: 'Asha Patel', customer_email: 'asha@example.com', customer_phone: '9876543210', cartItems: lines, use_store_credit: true, checkout: addressOf(shopper) });
    // The whole price, as if no credit applied: refused (the server decided ₹2,500 of credit).
    expect((await api('POST', '/payment', body(10000), shopper.auth)).status).toBe(400);
    const session = await api('POST', '/payment', body(7500), shopper.auth);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.data.amount).toBe(7500);
    // The credit is spent when the order is placed, not before.
    expect(await balance(shopper.u_id)).toBe(250000);
    const paid = await store.app.request(`/sandbox/pay/${session.body.data.payment_session_id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ return_url: 'http://shop.test/orderconfirm' }).toString(),
    });
    expect(paid.status).toBe(303);
    const placed = await api('POST', '/createorder', { ...codBody(shopper, lines, 10000), payment_method: 'online', order_id: session.body.data.order_id }, shopper.auth);
    expect([200, 201]).toContain(placed.status);
    const o_id = placed.body.data.o_id;
    expect(await order(o_id)).toMatchObject({ total: 1000000, store_credit: 250000, payment_status: 'paid', payment_method: 'online' });
    // The payment-received e-mail counts what the provider took, and the order-placed one says how it was paid.
    const mailed = async (event: string) => {
      const row = await store.db.selectFrom('outbox').select('payload').where('dedupe_key', '=', `${event}:${o_id}:email`).executeTakeFirstOrThrow();
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      return (await renderEmail(event, payload, { db: store.db, config: store.config })).text.replace(/\s+/g, ' ');
    };
    expect(await mailed('order.paid')).toContain('we have received your payment of ₹7,500.00 for order');
    expect(await mailed('order.placed')).toContain('Paid by store credit: ₹2,500.00. Paid online: ₹7,500.00, received with thanks.');
    expect(await balance(shopper.u_id)).toBe(0);
    const payment = await store.db.selectFrom('payments').selectAll().where('o_id', '=', o_id).executeTakeFirstOrThrow();
    expect(Number(payment.amount)).toBe(750000);

    const cancelled = await api('PUT', '/cancelorder', { o_id }, shopper.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.description).toBe('Order cancelled. Your refund will reach your original payment method within 7-10 business days. ₹2,500.00 of store credit is back in your account.');
    expect(await order(o_id)).toMatchObject({ refund_amount: 750000 });
    const refunded = await store.db.selectFrom('payments').selectAll().where('o_id', '=', o_id).executeTakeFirstOrThrow();
    expect(refunded.status).toBe('refunded');
    expect(Number(refunded.refund_amount)).toBe(750000);
    expect(await balance(shopper.u_id)).toBe(250000);
  });

  it('an online payment whose credit another order spent meanwhile is refunded, never stranded (issue 32)', async () => {
    const shopper = await shopperWithCredit(250000);
    const lines = await piece(1000000);
    const session = await api('POST', '/payment', { order_amount: 7500, customer_id: String(shopper.u_id), customer_name: 'Asha Patel', customer_email: 'asha@example.com', customer_phone: '9876543210', cartItems: lines, use_store_credit: true, checkout: addressOf(shopper) }, shopper.auth);
    expect(session.status).toBe(200);
    // Meanwhile a cash order spends the credit.
    const other = await api('POST', '/createorder', codBody(shopper, await piece(300000), 3000, { use_store_credit: true }), shopper.auth);
    expect(other.status).toBe(201);
    expect(await balance(shopper.u_id)).toBe(0);
    await store.app.request(`/sandbox/pay/${session.body.data.payment_session_id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ return_url: 'http://shop.test/orderconfirm' }).toString(),
    });
    const placed = await api('POST', '/createorder', { ...codBody(shopper, lines, 10000), payment_method: 'online', order_id: session.body.data.order_id }, shopper.auth);
    expect(placed.status).toBe(409);
    expect(placed.body.description).toContain('has been refunded');
    const payment = await store.db.selectFrom('payments').selectAll().where('provider_order_id', '=', session.body.data.order_id).executeTakeFirstOrThrow();
    expect(payment.o_id).toBeNull();
    expect(['refunded', 'refund_due']).toContain(payment.status);
    expect(Number(payment.refund_amount)).toBe(750000);
    // The cash order kept the credit; nothing was spent twice.
    expect(await balance(shopper.u_id)).toBe(0);
    expect((await ledger(shopper.u_id)).filter((e) => e.kind === 'use')).toHaveLength(1);
  });

  it('two orders at once cannot spend the same credit: ₹5,000 of credit, two ₹10,000 orders, ₹5,000 used once', async () => {
    const shopper = await shopperWithCredit(500000);
    const [a, b] = [await piece(1000000), await piece(1000000)];
    const results = await Promise.all([a, b].map((lines) => call(store, 'POST', '/createorder', codBody(shopper, lines, 10000, { use_store_credit: true }), shopper.auth)));
    const placed = results.filter((r) => r.status === 201);
    // Each is placed (the second without credit: the ledger decides, and the balance was spent) or refused; never both with credit.
    expect(placed.length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([201, 409]).toContain(r.status);
    const orders = await store.db.selectFrom('orders').select(['o_id', 'store_credit']).where('u_id', '=', shopper.u_id).execute();
    expect(orders.reduce((sum, o) => sum + Number(o.store_credit), 0)).toBe(500000);
    expect(orders.filter((o) => Number(o.store_credit) > 0)).toHaveLength(1);
    expect(await balance(shopper.u_id)).toBe(0);
    expect((await ledger(shopper.u_id)).filter((e) => e.kind === 'use')).toHaveLength(1);
  });

  it('the invoice shows the store credit as a payment, not a discount: same taxable value and GST, ₹4,000.50 paid by credit, ₹5,999.50 due on delivery', async () => {
    const shopper = await shopperWithCredit(400050);
    const lines = await piece(1000000);
    const placed = await api('POST', '/createorder', codBody(shopper, lines, 10000, { use_store_credit: true }), shopper.auth);
    const o_id = placed.body.data.o_id;
    await advanceOrder(store, admin, o_id, 3);
    const doc = JSON.parse((await store.db.selectFrom('invoices').select('document').where('o_id', '=', o_id).executeTakeFirstOrThrow()).document) as InvoiceDocument;
    // ₹10,000 inclusive of 3% GST: taxable ₹9,708.74, GST ₹291.26, whatever paid it.
    expect(doc.figures.totals).toMatchObject({ gross: 1000000, taxable: 970874, discount: 0 });
    expect(doc.figures.totals.cgst + doc.figures.totals.sgst + doc.figures.totals.igst).toBe(29126);
    expect(doc.payments).toEqual({ store_credit: 400050, balance: 599950, balance_method: 'Cash on Delivery' });
    expect(doc.payment_method).toBe('Store credit and Cash on Delivery');
    const pdf = await store.app.request(`/invoice/${o_id}`, { headers: shopper.auth });
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Paid by store credit');
    expect(text).toContain('4,000.50');
    expect(text).toContain('Amount due on delivery (cash)');
    expect(text).toContain('5,999.50');
    expect(text).toContain('Invoice total (INR)');
  });
});
