/**
 * Returns, exchanges and buy-backs (issue 36), through the API on a store of its own: the
 * request's rules (window, quantity, ownership, buy-back), the desk's lifecycle with its
 * refusals, HUID matching, stock and HUID release, the refund's confirmation, the GST credit
 * note (number series and tax split, worked figures), the outbox, and the races (two staff
 * confirming one refund; one line asked back twice at once). Both engines:
 * tests/helpers/with-pg.sh npx vitest run tests/api/returns.test.ts
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueInvoice } from '../../db/invoices.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { utcTimestamp } from '../../db/time.ts';
import { storeCreditBalance } from '../../db/queries/store-credit.ts';
import { renderEmail } from '../../api/messages/render.ts';
import { reconcilePayments } from '../../api/payments/reconcile.ts';
import { checkoutAddress } from '../helpers/orders.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

/** Every refund the (sandbox) payment provider is asked for: what the provider sends back. */
const providerRefunds = vi.hoisted(() => [] as { orderId: string; refundId: string; amount: number }[]);
vi.mock('../../api/payments/sandbox.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../api/payments/sandbox.ts')>();
  return {
    ...original,
    sandboxProvider: (...args: Parameters<typeof original.sandboxProvider>) => {
      const provider = original.sandboxProvider(...args);
      return {
        ...provider,
        async refund(refund: Parameters<typeof provider.refund>[0]) {
          await provider.refund(refund);
          providerRefunds.push({ orderId: refund.orderId, refundId: refund.refundId, amount: refund.amount });
        },
      };
    },
  };
});

let store: TestStore;
let owner: Awaited<ReturnType<typeof createUser>>;
let shopper: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let seq = 0;

beforeAll(async () => {
  store = await createTestStore();
  owner = await createUser(store, { u_type: '0' });
  shopper = await createUser(store);
  other = await createUser(store);
});
afterAll(() => store?.close());

/**
 * A delivered order of the shopper: one line of two pieces at ₹26,170.25 (₹52,340.50), HUIDs
 * recorded, its tax invoice issued (Gujarat: intra-state), delivered `agoMs` ago. Its carat row
 * keeps stock (0 left) unless made to order.
 */
async function deliveredOrder(opts: { u_id?: number; online?: boolean; agoMs?: number; partial?: boolean; storeCredit?: number } = {}) {
  seq += 1;
  return writeTransaction(store.db, async (trx) => {
    const cate = await trx.insertInto('categories').values({ cate_name: `Rings ${seq}`, cate_image: 'x.png' }).returning('cate_id').executeTakeFirstOrThrow();
    const product = await trx
      .insertInto('products')
      .values({ name: `Lotus Ring ${seq}`, cate_id: cate.cate_id, description: 'd', specifications: 's', offer: '', partial_refund: opts.partial ? 1 : 0 })
      .returning('p_id')
      .executeTakeFirstOrThrow();
    const carat = await trx.insertInto('carats').values({ name: `22K-${seq}` }).returning('carat_id').executeTakeFirstOrThrow();
    const pc = await trx
      .insertInto('product_carats')
      .values({ p_id: product.p_id, carat_id: carat.carat_id, inr_price: 2617025, usd_price: 31000, stock: 0 })
      .returning('pc_id')
      .executeTakeFirstOrThrow();
    const order = await trx
      .insertInto('orders')
      .values({
        u_id: opts.u_id ?? shopper.u_id,
        status: 4,
        currency: 'INR',
        subtotal: 5234050,
        total: 5234050,
        ...checkoutAddress,
        payment_method: opts.online ? 'online' : 'cod',
        payment_status: 'paid',
        provider_order_id: opts.online ? `order_test${seq}` : null,
        store_credit: opts.storeCredit ?? 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const item = await trx
      .insertInto('order_items')
      .values({ o_id: order.o_id, p_id: product.p_id, pc_id: pc.pc_id, carat_id: carat.carat_id, product_name: `Lotus Ring ${seq}`, carat_name: '22K', quantity: 2, price: 2617025, line_total: 5234050, partial_refund: opts.partial ? 1 : 0 })
      .returning('oi_id')
      .executeTakeFirstOrThrow();
    const huids = [`AA${String(seq).padStart(4, '0')}`, `BB${String(seq).padStart(4, '0')}`];
    await trx.insertInto('order_item_huids').values(huids.map((huid, i) => ({ oi_id: item.oi_id, piece: i + 1, huid }))).execute();
    if (opts.online) {
      await trx
        .insertInto('payments')
        .values({ provider: 'sandbox', provider_order_id: `order_test${seq}`, payment_session_id: `s${seq}`, u_id: order.u_id, currency: 'INR', amount: 5234050 - (opts.storeCredit ?? 0), status: 'used', o_id: order.o_id, checkout: null, locked_until: null, note: null, refund_amount: null })
        .execute();
    }
    await issueInvoice(trx, order, store.config.seller, new Date('2026-11-20T10:00:00Z'));
    await trx
      .insertInto('order_status_history')
      .values({ o_id: order.o_id, from_status: 3, to_status: 4, payment_status: 'paid', actor: 'shop', u_id: null, created_at: utcTimestamp(new Date(Date.now() - (opts.agoMs ?? 60_000))) })
      .execute();
    return { o_id: order.o_id, oi_id: item.oi_id, pc_id: pc.pc_id, huids };
  }, { audit: 'none' });
}

const ask = (body: object, auth = shopper.auth) => call(store, 'POST', '/requestreturn', body, auth);
const step = (body: object, auth = owner.auth) => call(store, 'PUT', '/updatereturnstatus', body, auth);

/** Takes a request to inspected through the desk. */
async function toInspected(r_id: number, huids: string[]) {
  for (const body of [
    { r_id, status: 'approved' },
    { r_id, status: 'picked_up', courier_name: 'Blue Dart', tracking_number: 'BD123' },
    { r_id, status: 'received' },
    { r_id, status: 'inspected', huids },
  ]) {
    const res = await step(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

describe('asking for a return', () => {
  it('is refused outside the window, beyond the quantity, and for another shopper\'s order; buy-back has no window', async () => {
    const late = await deliveredOrder({ agoMs: 3 * 3_600_000 });
    let res = await ask({ o_id: late.o_id, items: [{ oi_id: late.oi_id, quantity: 1 }], kind: 'refund', reason: 'changed_mind' });
    expect(res.status).toBe(409);
    expect(res.body.description).toBe('Returns are accepted within 2 hours of delivery; that time has passed for this order. You may still sell the gold back (buy-back).');
    res = await ask({ o_id: late.o_id, items: [{ oi_id: late.oi_id, quantity: 1 }], kind: 'buyback', reason: 'sell_gold' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.estimate).toBeNull();

    const order = await deliveredOrder();
    res = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 3 }], kind: 'refund', reason: 'changed_mind' });
    expect(res.status).toBe(409);
    expect(res.body.description).toMatch(/^Only 2 of "Lotus Ring \d+" can still be returned\.$/);
    res = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 1 }], kind: 'refund', reason: 'changed_mind' }, other.auth);
    expect(res.status).toBe(404);
    res = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 1 }], kind: 'refund', reason: 'no such reason' });
    expect(res.status).toBe(400);
    res = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 2 }], kind: 'refund', reason: 'changed_mind' });
    expect(res.status).toBe(200);
    res = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 1 }], kind: 'exchange', reason: 'size_fit' });
    expect(res.status).toBe(409);
    expect(res.body.description).toMatch(/has already been asked back\.$/);
  });

  it('withdrawn until picked up, which frees the pieces', async () => {
    const order = await deliveredOrder();
    const first = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 2 }], kind: 'refund', reason: 'changed_mind' });
    const r_id = first.body.data.r_id;
    expect((await call(store, 'PUT', '/withdrawreturn', { r_id }, other.auth)).status).toBe(404);
    expect((await call(store, 'PUT', '/withdrawreturn', { r_id }, shopper.auth)).status).toBe(200);
    const again = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 2 }], kind: 'refund', reason: 'changed_mind' });
    expect(again.status).toBe(200);
    const r2 = again.body.data.r_id;
    await step({ r_id: r2, status: 'approved' });
    await step({ r_id: r2, status: 'picked_up', courier_name: 'Blue Dart', tracking_number: 'BD1' });
    const late = await call(store, 'PUT', '/withdrawreturn', { r_id: r2 }, shopper.auth);
    expect(late.status).toBe(409);
    expect(late.body.description).toBe('The pieces have already been picked up: the return can no longer be withdrawn.');
  });
});

describe('the desk', () => {
  it('takes a cash-on-delivery refund through its lifecycle: refusals, HUIDs, stock, confirmation, credit note', async () => {
    const order = await deliveredOrder();
    const asked = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 1 }], kind: 'refund', reason: 'changed_mind', note: 'Too heavy' });
    expect(asked.status).toBe(200);
    // One of two pieces: ₹26,170.25 back (no coupon, the customer's return shipping charge is ₹0 by default).
    expect(asked.body.data.estimate.refund).toBe(26170.25);
    const r_id = asked.body.data.r_id;

    let res = await step({ r_id, status: 'received' });
    expect(res.status).toBe(409);
    expect(res.body.description).toBe('A return that is requested cannot become received; next: approved or rejected.');
    expect((await step({ r_id, status: 'approved' }, shopper.auth)).status).toBe(403);
    expect((await step({ r_id, status: 'approved' })).status).toBe(200);
    res = await step({ r_id, status: 'picked_up' });
    expect(res.status).toBe(400);
    expect((await step({ r_id, status: 'picked_up', courier_name: 'Blue Dart', tracking_number: 'BD9' })).status).toBe(200);
    expect((await step({ r_id, status: 'received' })).status).toBe(200);
    // A different piece (a HUID not sold on this order) is refused, in words; nothing changes.
    res = await step({ r_id, status: 'inspected', huids: ['ZZ9999'] });
    expect(res.status).toBe(409);
    expect(res.body.description).toBe('HUID ZZ9999 is not a piece sold on this order: this is a different piece, and it cannot be accepted as the return.');
    res = await step({ r_id, status: 'inspected', huids: [order.huids[1].toLowerCase()] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The piece is back in stock and its HUID released; the other piece keeps its HUID.
    const row = await store.db.selectFrom('product_carats').select('stock').where('pc_id', '=', order.pc_id).executeTakeFirstOrThrow();
    expect(Number(row.stock)).toBe(1);
    const kept = await store.db.selectFrom('order_item_huids').select('huid').where('oi_id', '=', order.oi_id).execute();
    expect(kept.map((k) => k.huid)).toEqual([order.huids[0]]);

    res = await step({ r_id, status: 'refunded' });
    expect(res.status).toBe(409);
    expect(res.body.data).toMatchObject({ r_id, refund_required: true, refund_amount: 26170.25, currency: 'INR' });
    expect(res.body.description).toBe(`Refunding return #${r_id} pays ₹26,170.25 to the shopper. Send refund_amount 26170.25 to confirm.`);
    res = await step({ r_id, status: 'refunded', refund_amount: 26000 });
    expect(res.status).toBe(409);
    res = await step({ r_id, status: 'refunded', refund_amount: 26170.25 });
    expect(res.status).toBe(400);
    expect(res.body.description).toMatch(/payout_reference/);
    res = await step({ r_id, status: 'refunded', refund_amount: 26170.25, payout_method: 'upi', payout_reference: 'UPI-REF-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'refunded', refund_amount: 26170.25, payout_method: 'upi', payout_status: 'paid' });
    expect(res.body.data.credit_note_no).toMatch(/^CN\/26-27\/\d{6}$/);

    // The credit note: ₹26,170.25 intra-state = taxable ₹25,408.01 + CGST ₹381.12 + SGST ₹381.12, against the invoice.
    const note = await store.db.selectFrom('credit_notes').selectAll().where('r_id', '=', r_id).executeTakeFirstOrThrow();
    const invoice = await store.db.selectFrom('invoices').select('invoice_no').where('o_id', '=', order.o_id).executeTakeFirstOrThrow();
    expect({ gross: Number(note.gross), taxable: Number(note.taxable), cgst: Number(note.cgst), sgst: Number(note.sgst), igst: Number(note.igst) }).toEqual({
      gross: 2617025,
      taxable: 2540801,
      cgst: 38112,
      sgst: 38112,
      igst: 0,
    });
    expect(note.invoice_no).toBe(invoice.invoice_no);
    expect(note.supply).toBe('intra_state');
    expect(note.credit_note_no.length).toBeLessThanOrEqual(16);
    const pdf = await store.app.request(`/creditnote/${r_id}`, { headers: shopper.auth });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await store.app.request(`/creditnote/${r_id}`, { headers: other.auth })).status).toBe(404);

    // Once refunded, nothing moves it; the timeline and the outbox have its steps.
    expect((await step({ r_id, status: 'refunded', refund_amount: 26170.25, payout_method: 'upi', payout_reference: 'X' })).status).toBe(409);
    const events = await store.db.selectFrom('outbox').select('event').where('dedupe_key', 'like', `return.%:${r_id}:email`).execute();
    expect(events.map((e) => e.event).sort()).toEqual(['return.approved', 'return.refunded', 'return.requested']);
    const refunded = await store.db.selectFrom('outbox').select('payload').where('dedupe_key', '=', `return.refunded:${r_id}:email`).executeTakeFirstOrThrow();
    const mail = await renderEmail('return.refunded', JSON.parse(refunded.payload), { db: store.db, config: store.config });
    expect(mail.subject).toBe(`Your refund for return #${r_id}`);
    expect(mail.text).toContain('₹26,170.25');
    expect(mail.text).toContain(res.body.data.credit_note_no);
    const mine = await call(store, 'GET', '/getreturns', undefined, shopper.auth);
    const view = mine.body.data.find((r: { r_id: number }) => r.r_id === r_id);
    expect(view.timeline.map((t: { status: string }) => t.status)).toEqual(['requested', 'approved', 'picked_up', 'received', 'inspected', 'refunded']);
    const audit = await store.db.selectFrom('audit_log').select('action').where('entity', '=', 'return').where('entity_id', '=', String(r_id)).execute();
    expect(audit).toHaveLength(5);
  });

  it('numbers credit notes in one series per financial year, and splits a partial-refund piece', async () => {
    const order = await deliveredOrder({ partial: true });
    const asked = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 1 }], kind: 'refund', reason: 'changed_mind' });
    // Everyday Collection: 50% of ₹26,170.25 = ₹13,085.13 (half-up to the paisa).
    expect(asked.body.data.estimate.refund).toBe(13085.13);
    const r_id = asked.body.data.r_id;
    await toInspected(r_id, [order.huids[0]]);
    const before = await store.db.selectFrom('credit_notes').select((eb) => eb.fn.max('sequence').as('n')).executeTakeFirst();
    const res = await step({ r_id, status: 'refunded', refund_amount: 13085.13, payout_method: 'bank', payout_reference: 'UTR123' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const note = await store.db.selectFrom('credit_notes').selectAll().where('r_id', '=', r_id).executeTakeFirstOrThrow();
    expect(note.sequence).toBe(Number(before?.n ?? 0) + 1);
    expect(note.credit_note_no).toBe(`CN/26-27/${String(note.sequence).padStart(6, '0')}`);
    // ₹13,085.13: CGST = SGST = 1308513 × 1.5 / 103 = 19056 paise each; taxable ₹12,704.01.
    expect({ taxable: Number(note.taxable), cgst: Number(note.cgst), sgst: Number(note.sgst) }).toEqual({ taxable: 1270401, cgst: 19056, sgst: 19056 });
  });

  it('credits an exchange as store credit', async () => {
    const order = await deliveredOrder();
    const asked = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 2 }], kind: 'exchange', reason: 'upgrade' });
    const r_id = asked.body.data.r_id;
    await toInspected(r_id, order.huids);
    expect((await step({ r_id, status: 'refunded', refund_amount: 52340.5 })).status).toBe(409);
    const before = await storeCreditBalance(store.db, shopper.u_id);
    const res = await step({ r_id, status: 'credited', refund_amount: 52340.5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.payout_method).toBe('store_credit');
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(before + 5234050);
  });
});

describe('a refund of an order paid partly with store credit', () => {
  it('sends through the provider at most what it took, less earlier refunds; the rest back as store credit, said in words', async () => {
    // ₹52,340.50 paid ₹20,000.00 by store credit and ₹32,340.50 online. Two pieces of ₹26,170.25 returned one after the other:
    // the first goes back online in full (₹26,170.25 of the ₹32,340.50 the provider took); the second only ₹6,170.25 online
    // (what the provider still holds) and ₹20,000.00 as store credit.
    const order = await deliveredOrder({ online: true, storeCredit: 2000000 });
    const provider_order_id = (await store.db.selectFrom('orders').select('provider_order_id').where('o_id', '=', order.o_id).executeTakeFirstOrThrow()).provider_order_id!;
    const sent = () => providerRefunds.filter((r) => r.orderId === provider_order_id).map((r) => r.amount);
    const refundPiece = async (huid: string) => {
      const asked = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 1 }], kind: 'refund', reason: 'defective' });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const r_id = asked.body.data.r_id;
      await toInspected(r_id, [huid]);
      const quote = await step({ r_id, status: 'refunded' });
      expect(quote.status).toBe(409);
      expect(quote.body.data.refund_amount).toBe(26170.25);
      const res = await step({ r_id, status: 'refunded', refund_amount: 26170.25 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { r_id, data: res.body.data };
    };
    const creditBefore = await storeCreditBalance(store.db, shopper.u_id);

    const first = await refundPiece(order.huids[0]);
    expect(first.data).toMatchObject({ refund_amount: 26170.25, payout_method: 'online', payout_status: 'paid', store_credit: 0, payout_text: null });
    expect(sent()).toEqual([2617025]);
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(creditBefore);

    const second = await refundPiece(order.huids[1]);
    expect(second.data).toMatchObject({ refund_amount: 26170.25, payout_method: 'online', payout_status: 'paid', store_credit: 20000 });
    expect(second.data.payout_text).toBe(
      'Of your refund, ₹6,170.25 goes back to the card, UPI or bank account you paid with and ₹20,000.00 comes back as store credit in your account, usable at checkout: that part of the order was paid with store credit.',
    );
    expect(sent()).toEqual([2617025, 617025]);
    expect(sent().reduce((a, b) => a + b, 0)).toBe(5234050 - 2000000);
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(creditBefore + 2000000);
    const grants = await store.db.selectFrom('store_credit_entries').select(['kind', 'amount']).where('r_id', '=', second.r_id).execute();
    expect(grants.map((g) => ({ kind: g.kind, amount: Number(g.amount) }))).toEqual([{ kind: 'grant', amount: 2000000 }]);

    // The shopper reads it in their returns' timeline and in the e-mail.
    const mine = await call(store, 'GET', '/getreturns', undefined, shopper.auth);
    const shown = mine.body.data.find((r: { r_id: number }) => r.r_id === second.r_id);
    expect(shown.timeline.map((e: { note: string | null }) => e.note).join(' ')).toContain('₹20,000.00 comes back as store credit');
    const mail = await store.db.selectFrom('outbox').select('payload').where('event', '=', 'return.refunded').where('dedupe_key', '=', `return.refunded:${second.r_id}:email`).executeTakeFirstOrThrow();
    const payload = typeof mail.payload === 'string' ? JSON.parse(mail.payload) : mail.payload;
    expect(payload.note).toContain('₹6,170.25 goes back to the card');

    // Asked again (the reconciliation's retry): the provider is not asked for more, no second grant.
    await store.db.updateTable('returns').set({ payout_status: 'due' }).where('r_id', '=', second.r_id).execute();
    await reconcilePayments({ db: store.db, config: store.config }, new Date(), () => undefined);
    expect(sent()).toEqual([2617025, 617025, 617025]);
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(creditBefore + 2000000);
  });

  it('an order paid all by store credit goes back all as store credit; the provider is not asked', async () => {
    const order = await deliveredOrder({ storeCredit: 5234050 });
    const asked = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 2 }], kind: 'refund', reason: 'defective' });
    const r_id = asked.body.data.r_id;
    await toInspected(r_id, order.huids);
    const before = await storeCreditBalance(store.db, shopper.u_id);
    const res = await step({ r_id, status: 'refunded', refund_amount: 52340.5 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ payout_method: 'store_credit', payout_status: 'paid', store_credit: 52340.5 });
    expect(res.body.data.payout_text).toBe('Your refund of ₹52,340.50 comes back as store credit in your account, usable at checkout: this order was paid with store credit.');
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(before + 5234050);
  });
});

describe('a buy-back', () => {
  it('pays what the server valued the pieces at when asked, recorded on the return; another amount is refused', async () => {
    // One ring of 5.250 g of 22K (₹5,000.00 of stones, ₹4,567.50 of making as sold) at ₹7,250/g, the policy's buy-back
    // percents 90 / 50 / 0: metal ₹38,062.50 × 90% = ₹34,256.25, stones ₹2,500.00, making ₹0: ₹36,756.25.
    const order = await deliveredOrder();
    const line = await store.db.selectFrom('order_items').select('carat_id').where('oi_id', '=', order.oi_id).executeTakeFirstOrThrow();
    await store.db.updateTable('order_items').set({ net_weight_mg: 5_250, stones_inr: 5_000_00, making_inr: 4_567_50 }).where('oi_id', '=', order.oi_id).execute();
    const rates = await call(store, 'POST', '/setmetalrates', { rates: [{ carat_id: line.carat_id, inr_per_gram: 7250 }], usd_inr: 84.5, confirm: true }, owner.auth);
    expect(rates.status, JSON.stringify(rates.body)).toBe(200);
    const asked = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 1 }], kind: 'buyback', reason: 'sell_gold' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const r_id = asked.body.data.r_id;
    await toInspected(r_id, order.huids.slice(0, 1));
    const quote = await step({ r_id, status: 'refunded' });
    expect(quote.status).toBe(409);
    expect(quote.body.data).toMatchObject({ refund_required: true, refund_amount: 36756.25, currency: 'INR' });
    // Valued when asked, and kept (tests/api/returns-terms.test.ts has the quote's columns).
    expect(quote.body.data.quote).toMatch(/^Bought back at the quote made when it was asked: Metal value ₹38,062\.50 at ₹7,250\.00\/g \(rate of .+\); buy-back value ₹36,756\.25/);
    const typed = await step({ r_id, status: 'refunded', refund_amount: 40000, payout_method: 'bank', payout_reference: 'NEFT1' });
    expect(typed.status).toBe(409);
    expect(typed.body.description).toContain('not ₹40,000.00');
    expect((await store.db.selectFrom('returns').select('status').where('r_id', '=', r_id).executeTakeFirstOrThrow()).status).toBe('inspected');
    const paid = await step({ r_id, status: 'refunded', refund_amount: 36756.25, payout_method: 'bank', payout_reference: 'NEFT1' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ refund_amount: 36756.25, payout_method: 'bank', payout_status: 'paid', credit_note_no: null });
    const event = await store.db.selectFrom('return_events').select('note').where('r_id', '=', r_id).where('status', '=', 'refunded').executeTakeFirstOrThrow();
    expect(event.note).toMatch(/^Bought back at the quote made when it was asked: Metal value ₹38,062\.50 at ₹7,250\.00\/g/);
    // The request's one timeline entry has the quote piece by piece, as the server made it when asked.
    const requested = await store.db.selectFrom('return_events').select('note').where('r_id', '=', r_id).where('status', '=', 'requested').execute();
    expect(requested).toHaveLength(1);
    expect(requested[0].note).toMatch(/^Quoted at today's rate: Lotus Ring \d+ × 1: 5\.250 g of 22K at ₹7,250\.00\/g: .*buy-back value ₹36,756\.25\. Rate of \d+ \w{3} \d{4}, \d+:\d\d [ap]m\. Valid until \d+ \w{3} \d{4}, \d+:\d\d [ap]m\.$/);
  });
});

describe('races', () => {
  it('two staff confirming the same online refund at once: refunded once', async () => {
    const order = await deliveredOrder({ online: true });
    const asked = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 2 }], kind: 'refund', reason: 'changed_mind' });
    const r_id = asked.body.data.r_id;
    await toInspected(r_id, order.huids);
    const answers = await Promise.all([step({ r_id, status: 'refunded', refund_amount: 52340.5 }), step({ r_id, status: 'refunded', refund_amount: 52340.5 })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const ok = answers.find((a) => a.status === 200)!;
    expect(ok.body.data).toMatchObject({ payout_method: 'online', payout_status: 'paid' });
    const shop = await store.db.selectFrom('return_events').select('actor').where('r_id', '=', r_id).where('status', '=', 'refunded').execute();
    expect(shop.map((e) => e.actor).sort()).toEqual(['shop', 'system']);
    expect(await store.db.selectFrom('credit_notes').select('credit_note_no').where('r_id', '=', r_id).execute()).toHaveLength(1);
  });

  it('a return refund the provider did not take at the desk is asked for again by the reconciliation, once', async () => {
    const order = await deliveredOrder({ online: true });
    const asked = await ask({ o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 1 }], kind: 'refund', reason: 'changed_mind' });
    const r_id = asked.body.data.r_id;
    await toInspected(r_id, order.huids.slice(0, 1));
    const quote = await step({ r_id, status: 'refunded' });
    expect(quote.status).toBe(409);
    expect((await step({ r_id, status: 'refunded', refund_amount: quote.body.data.refund_amount })).status).toBe(200);
    // As if the provider had been unreachable at the desk: the claim is written, the refund still due.
    await store.db.updateTable('returns').set({ payout_status: 'due' }).where('r_id', '=', r_id).execute();
    const pass = await reconcilePayments({ db: store.db, config: store.config }, new Date(), () => undefined);
    expect(pass.refunded).toBeGreaterThanOrEqual(1);
    expect(await store.db.selectFrom('returns').select('payout_status').where('r_id', '=', r_id).executeTakeFirstOrThrow()).toEqual({ payout_status: 'paid' });
    expect((await reconcilePayments({ db: store.db, config: store.config }, new Date(), () => undefined)).refunded).toBe(0);
  });

  it('one line asked back twice at once: one request, the other refused', async () => {
    const order = await deliveredOrder();
    const body = { o_id: order.o_id, items: [{ oi_id: order.oi_id, quantity: 2 }], kind: 'refund', reason: 'changed_mind' };
    const answers = await Promise.all([ask(body), ask(body), ask({ ...body, items: [{ oi_id: order.oi_id, quantity: 1 }] })]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
    const live = await store.db.selectFrom('return_items').select('piece').where('oi_id', '=', order.oi_id).where('active', '=', 1).execute();
    expect(live.length).toBeLessThanOrEqual(2);
  });
});
