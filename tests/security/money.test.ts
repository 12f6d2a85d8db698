/**
 * Money probes against the running store: tampered totals, prices, discounts
 * and quantities on /createorder, /payment and the cart; coupons that are
 * inactive, unknown or overstated; forged payment returns (an order_id made up,
 * someone else's, unpaid, failed, or paid for less); open redirects through the
 * payment pages; and, with the cashfree provider against a local fake of its
 * API, forged, stale, tampered and replayed webhooks.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../api/payments/cashfree.ts';
import { type CashfreeFake, startCashfreeFake } from '../helpers/cashfree-fake.ts';
import { expectRefused, expectUnchanged, ProbeLedger, snapshot } from './helpers/probe.ts';
import { DEMO_SHOPPERS, type HttpAnswer, type ProbeServer, type Session, startProbeServer } from './helpers/server.ts';
import {
  addressOf, addToCart, buyableProducts, cheapestFirst, defaultSelection, listProducts, phoneOf, type ProductView, registerShopper, type Selection, totals,
} from './helpers/shop.ts';

const ledger = new ProbeLedger('money');
afterAll(() => ledger.report());

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Sends an attack and checks it was refused with one of `codes` and changed nothing at all. */
async function refused(server: ProbeServer, label: string, attack: () => Promise<HttpAnswer>, codes: number[]) {
  await ledger.probe(async () => {
    const before = await snapshot(server.db);
    const res = await attack();
    expectRefused(res, codes, label);
    await expectUnchanged(server.db, before, label);
  });
}

const QUANTITIES: unknown[] = [0, -1, 1.5, '1.5', 100, 1e9, '99999999999999999999', 'NaN', 'Infinity', '1e2', [1], true, null, '', ' ', '0x10', -0.5, 2 ** 53 + 2];

describe('sandbox provider: prices, totals, quantities and coupons', () => {
  let server: ProbeServer;
  let shopper: Session;
  let victim: Session;
  let product: ProductView;
  /**
   * Made to order and under ₹2,00,000 even three at a time, cheapest first: no refusal comes from
   * stock, the COD cap or the PAN rule. The law counts the shopper's whole day (every order and
   * open payment of these probes), so the probes buy the cheapest piece.
   */
  let buyable: ProductView[];
  let selection: Selection;
  let price: number;

  beforeAll(async () => {
    server = await startProbeServer();
    shopper = await registerShopper(server);
    victim = await server.login(DEMO_SHOPPERS[1]);
    buyable = cheapestFirst(buyableProducts(await listProducts(server, 100), 3));
    expect(buyable.length, 'three made-to-order products under ₹2,00,000 for three pieces').toBeGreaterThanOrEqual(3);
    [product] = buyable;
    selection = defaultSelection(product);
    price = product.productcarats[0].inr_price;
    await addToCart(server, shopper, selection, 1);
  });
  afterAll(() => server?.close());

  const order = (extra: object = {}) => ({ ...addressOf(shopper), ...totals(price), payment_method: 'cod', priceType: 'inr_price', ...extra });
  const placeOrder = (body: unknown) => server.send('POST', '/createorder', { token: shopper.token, body });

  it('tampered totals on /createorder are refused', async () => {
    const tampered: [string, object][] = [
      ['subtotal one rupee less', { subtotal: price - 1, total: price - 1 }],
      ['total one paisa less', { total: round2(price - 0.01) }],
      ['total zero', { total: 0 }],
      ['everything zero', { subtotal: 0, discount: 0, total: 0 }],
      ['a discount of the whole price', { discount: price, total: 0 }],
      // storefront.md sends only `discount`: a discount no active coupon gives is refused (one that
      // an active coupon gives is that coupon: see 'a discount an active coupon gives' below).
      ['a discount no active coupon gives', { discount: round2((price * 12) / 100), total: round2(price - round2((price * 12) / 100)) }],
      ['a negative discount', { discount: -100, total: price + 100 }],
      ['negative shipping', { shipping: -price, total: 0 }],
      ['shipping that pays the shop less', { shipping: -1, total: price - 1 }],
      ['totals as text', { subtotal: '1', total: '1' }],
      ['totals 0.6 paisa short (three decimals)', { subtotal: round2(price - 0.01) + 0.004, total: round2(price - 0.01) + 0.004 }],
      ['NaN total', { total: 'NaN' }],
      ['Infinity subtotal', { subtotal: 'Infinity', total: 'Infinity' }],
      ['a tiny total', { total: 1e-9 }],
      ['a total in a list', { total: [price] }],
      ['a total as an object', { total: { $gt: 0 } }],
      ['prices in the cart lines', { cartItems: [{ ...selection, quantity: 1, price: 1, inr_price: 1 }], subtotal: 1, total: 1 }],
      ['the other currency', { priceType: 'usd_price', subtotal: product.productcarats[0].usd_price, total: product.productcarats[0].usd_price }],
    ];
    for (const [label, extra] of tampered) {
      await refused(server, `/createorder ${label}`, () => placeOrder(order(extra)), [400]);
    }
    // Totals are rounded to the paisa (storefronts add in binary floating point): a claim
    // 0.4 paisa short rounds to the true total, and the order is charged the server's price.
    await ledger.probe(async () => {
      const res = await placeOrder(order({ cartItems: [{ ...selection, quantity: 1 }], subtotal: price - 0.004, total: price - 0.004 }));
      expect(res.status, res.text).toBe(201);
      const row = await server.db.selectFrom('orders').select(['total', 'subtotal']).where('o_id', '=', res.body.data.o_id).executeTakeFirstOrThrow();
      expect(row).toEqual({ total: Math.round(price * 100), subtotal: Math.round(price * 100) });
    });
  });

  it('hostile quantities are refused on Buy Now, /createcart and /updatecart', async () => {
    await addToCart(server, shopper, selection, 1);
    const [line] = (await server.send('GET', `/getcart/${shopper.u_id}`, { token: shopper.token })).body.data;
    for (const quantity of QUANTITIES) {
      const q = JSON.stringify(quantity);
      await refused(server, `Buy Now quantity ${q}`, () => placeOrder(order({ cartItems: [{ ...selection, quantity }] })), [400]);
      await refused(server, `/createcart quantity ${q}`, () => server.send('POST', '/createcart', { token: shopper.token, body: { ...selection, quantity } }), [400]);
      await refused(server, `/updatecart quantity ${q}`, () => server.send('PUT', '/updatecart', { token: shopper.token, body: { c_id: line.c_id, quantity } }), [400]);
    }
    // A quantity that does not match the totals: two pieces for the price of one.
    await refused(server, 'Buy Now two for the price of one', () => placeOrder(order({ cartItems: [{ ...selection, quantity: 2 }] })), [400]);
    // Piling up past the limit one add at a time.
    await ledger.probe(async () => {
      const other = defaultSelection(buyable[1]);
      expect((await server.send('POST', '/createcart', { token: shopper.token, body: { ...other, quantity: 99 } })).status).toBe(201);
      const res = await server.send('POST', '/createcart', { token: shopper.token, body: { ...other, quantity: 1 } });
      expectRefused(res, [400], 'past 99');
      await server.send('DELETE', '/removecart', { token: shopper.token, body: { c_id: (await server.db.selectFrom('cart_items').select('c_id').where('u_id', '=', shopper.u_id).where('p_id', '=', other.p_id).executeTakeFirstOrThrow()).c_id } });
    });
  });

  it('selections the product does not offer are refused', async () => {
    const products = await listProducts(server);
    const stranger = products.find((p) => p.productcarats[0].pc_id !== selection.pc_id)!;
    const wrong: [string, object][] = [
      ["another product's carat entry (priced lower?)", { pc_id: stranger.productcarats[0].pc_id, carat_id: stranger.productcarats[0].carat_id }],
      ['a carat id that is not the entry\'s', { carat_id: selection.carat_id + 1000 }],
      ['a material the product lacks', { m_id: 9999 }],
      ['a size the product lacks', { size_id: 9999 }],
      ['a product that does not exist', { p_id: 999_999 }],
    ];
    for (const [label, change] of wrong) {
      const s = { ...selection, ...change };
      await refused(server, `Buy Now ${label}`, () => placeOrder(order({ cartItems: [{ ...s, quantity: 1 }] })), [400, 404]);
      await refused(server, `/createcart ${label}`, () => server.send('POST', '/createcart', { token: shopper.token, body: { ...s, quantity: 1 } }), [400, 404]);
    }
  });

  it('coupons that are inactive, unknown or overstated give no discount', async () => {
    const pct = (p: number) => round2((price * p) / 100);
    const attempts: [string, object][] = [
      ['an inactive coupon', { coupon_name: 'EXPIRED5', discount: pct(5), total: round2(price - pct(5)) }],
      ['an inactive coupon, lower case', { coupon_name: 'expired5', discount: pct(5), total: round2(price - pct(5)) }],
      ['an unknown coupon', { coupon_name: 'FREE100', discount: price, total: 0 }],
      ['an unknown coupon with no discount claimed', { coupon_name: 'NOSUCHCODE' }],
      ['an injected coupon name', { coupon_name: "' OR c_status=0 OR '1'='1", discount: pct(5), total: round2(price - pct(5)) }],
      ['a LIKE wildcard', { coupon_name: '%', discount: pct(10), total: round2(price - pct(10)) }],
      ['a real coupon claimed at 50%', { coupon_name: 'WELCOME10', discount: pct(50), total: round2(price - pct(50)) }],
      ['a real coupon claimed at 100%', { coupon_name: 'FESTIVE15', discount: price, total: 0 }],
      ['an inactive coupon\'s discount with no coupon named', { discount: pct(5), total: round2(price - pct(5)) }],
      ['a coupon as a list', { coupon_name: ['WELCOME10', 'FESTIVE15'], discount: pct(25), total: round2(price - pct(25)) }],
    ];
    for (const [label, extra] of attempts) {
      await refused(server, `/createorder ${label}`, () => placeOrder(order(extra)), [400]);
      const amount = (extra as { total?: number }).total ?? price;
      await refused(server, `/payment ${label}`, () => server.send('POST', '/payment', { token: shopper.token, body: paymentBody(amount, extra) }), [400]);
    }
  });

  it('a discount an active coupon gives, with no coupon named, is that coupon, charged at the server\'s figures', async () => {
    // storefront.md's checkout sends only `discount`: WELCOME10 (10%, active) is the coupon it names.
    await ledger.probe(async () => {
      const discount = round2(price / 10);
      // Buy Now of one piece: the shopper's cart holds more by now.
      const res = await placeOrder(order({ cartItems: [{ ...selection, quantity: 1 }], discount, total: round2(price - discount) }));
      expect(res.status, res.text).toBe(201);
      const row = await server.db.selectFrom('orders').select(['coupon_name', 'discount', 'total']).where('o_id', '=', res.body.data.o_id).executeTakeFirstOrThrow();
      expect(row).toEqual({ coupon_name: 'WELCOME10', discount: Math.round(price * 10), total: Math.round(price * 100) - Math.round(price * 10) });
    });
  });

  /** A /payment body for one piece (Buy Now) as the storefront sends it, from `payer` (the shopper unless given), with their own phone. */
  const paymentBody = (order_amount: unknown, extra: object = {}, payer: Session = shopper) => {
    const { coupon_name } = extra as { coupon_name?: unknown };
    return {
      order_amount,
      customer_name: 'Mallory',
      customer_email: 'm@example.com',
      customer_phone: phoneOf(payer),
      cartItems: [{ ...selection, quantity: 1 }],
      ...(coupon_name === undefined ? {} : { coupon_name }),
    };
  };

  it('tampered amounts on /payment are refused and open no payment', async () => {
    for (const amount of [price - 1, round2(price - 0.01), 0, -price, 0.001, 'NaN', '1e-9', [price], price * 2]) {
      await refused(server, `/payment order_amount ${JSON.stringify(amount)}`, () => server.send('POST', '/payment', { token: shopper.token, body: paymentBody(amount) }), [400]);
    }
  });

  it('order fields a shopper may not set do not stick', async () => {
    await ledger.probe(async () => {
      const res = await placeOrder(order({ cartItems: [{ ...selection, quantity: 1 }], status: 4, payment_status: 'paid', o_id: 1, total_paid: price, coupon_discount_bp: 10000, currency: 'USD', created_at: '2000-01-01' }));
      expect(res.status, res.text).toBeLessThan(500);
      if (res.body.status === 1) {
        const row = await server.db.selectFrom('orders').selectAll().where('o_id', '=', res.body.data.o_id).executeTakeFirstOrThrow();
        expect(row.u_id).toBe(shopper.u_id);
        expect(row.status).toBe(1);
        // Cash on delivery is not collected yet, whatever the shopper claims ('paid').
        expect(row.payment_status).toBe('unpaid');
        expect(row.currency).toBe('INR');
        expect(row.total).toBe(Math.round(price * 100));
        expect(row.coupon_discount_bp).toBeNull();
        expect(row.created_at.startsWith('2000')).toBe(false);
      } else {
        expectRefused(res, [400], 'order fields');
      }
    });
  });

  describe('forged payment returns', () => {
    /** Opens a payment for one piece (Buy Now) as the storefront does. */
    async function openPayment(session: Session, amount: number): Promise<{ order_id: string; payment_session_id: string }> {
      const res = await server.send('POST', '/payment', { token: session.token, body: paymentBody(amount, {}, session) });
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    }
    const onlineOrder = (session: Session, order_id: unknown, amount: number, quantity = 1, pieces?: Selection) =>
      server.send('POST', '/createorder', {
        token: session.token,
        body: {
          ...addressOf(session), ...totals(amount), payment_method: 'online', payment_status: 'SUCCESS', txStatus: 'SUCCESS', priceType: 'inr_price', order_id,
          cartItems: [{ ...(pieces ?? selection), quantity }],
        },
      });

    it('an order_id made up, malformed, unpaid, failed or of someone else places no order', async () => {
      for (const order_id of ['order_madeup_123', 'order_' + 'x'.repeat(40), '../../payments', "' OR '1'='1", 'a'.repeat(500), '', 12345, null, ['order_x']]) {
        await refused(server, `online order with order_id ${JSON.stringify(order_id).slice(0, 40)}`, () => onlineOrder(shopper, order_id, price), [400, 404]);
      }
      const unpaid = await openPayment(shopper, price);
      await refused(server, 'online order with an unpaid payment', () => onlineOrder(shopper, unpaid.order_id, price), [402]);

      const failed = await openPayment(shopper, price);
      const fail = await fetch(`${server.origin}/sandbox/pay/${failed.payment_session_id}/fail`, { method: 'POST', redirect: 'manual' });
      expect(fail.status).toBe(303);
      await refused(server, 'online order with a failed payment', () => onlineOrder(shopper, failed.order_id, price), [402]);

      // The victim pays for their own cart; the attacker presents the victim's order_id.
      const victimProduct = buyable[2];
      const victimPrice = victimProduct.productcarats[0].inr_price;
      const victimCart = await addToCart(server, victim, defaultSelection(victimProduct), 1);
      const paid = await server.send('POST', '/payment', {
        token: victim.token,
        body: { ...paymentBody(victimPrice, {}, victim), cartItems: [{ c_id: victimCart }] },
      });
      expect(paid.status, paid.text).toBe(200);
      const press = await fetch(`${server.origin}/sandbox/pay/${paid.body.data.payment_session_id}/pay`, { method: 'POST', redirect: 'manual' });
      expect(press.status).toBe(303);
      await refused(server, "online order with someone else's paid order_id", () => onlineOrder(shopper, paid.body.data.order_id, victimPrice), [403]);
    });

    /**
     * The order a paid payment made: exactly the one piece paid for (the sandbox's selection), at the
     * amount the payment took, and the payment used by it (no money left over, none refunded).
     */
    async function expectOrderOfPayment(o_id: number, order_id: string) {
      const amount = Math.round(price * 100);
      const order = await server.db
        .selectFrom('orders')
        .select(['u_id', 'currency', 'subtotal', 'discount', 'total', 'payment_method', 'payment_status', 'provider_order_id'])
        .where('o_id', '=', o_id)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({
        u_id: shopper.u_id, currency: 'INR', subtotal: amount, discount: 0, total: amount, payment_method: 'online', payment_status: 'paid', provider_order_id: order_id,
      });
      const items = await server.db.selectFrom('order_items').select(['p_id', 'pc_id', 'carat_id', 'quantity', 'line_total']).where('o_id', '=', o_id).execute();
      expect(items, 'the pieces ordered').toEqual([{ p_id: selection.p_id, pc_id: selection.pc_id, carat_id: selection.carat_id, quantity: 1, line_total: amount }]);
      const payment = await server.db.selectFrom('payments').select(['status', 'amount', 'o_id', 'refund_amount']).where('provider_order_id', '=', order_id).executeTakeFirstOrThrow();
      expect(payment).toEqual({ status: 'used', amount, o_id, refund_amount: null });
    }

    it('a payment for one piece does not pay for three, nor for a dearer piece: its order is the piece paid for, at the price paid', async () => {
      const small = await openPayment(shopper, price);
      const press = await fetch(`${server.origin}/sandbox/pay/${small.payment_session_id}/pay`, { method: 'POST', redirect: 'manual' });
      expect(press.status).toBe(303);
      // Paid for one piece; the return now asks for three (and claims their total) with the same order_id:
      // the order is what was paid for (issue 32), one piece at the amount paid, not three.
      let o_id = 0;
      await ledger.probe(async () => {
        const res = await onlineOrder(shopper, small.order_id, price * 3, 3);
        expect(res.status, res.text).toBe(201);
        o_id = res.body.data.o_id;
        await expectOrderOfPayment(o_id, small.order_id);
      });
      // Replaying the return (for one piece, or for three again) makes no second order and changes nothing.
      await ledger.probe(async () => {
        const before = await snapshot(server.db);
        for (const [amount, quantity] of [[price, 1], [price * 3, 3]]) {
          const res = await onlineOrder(shopper, small.order_id, amount, quantity);
          expect(res.status, res.text).toBe(200);
          expect(res.body.data.o_id).toBe(o_id);
        }
        const orders = await server.db.selectFrom('orders').select('o_id').where('provider_order_id', '=', small.order_id).execute();
        expect(orders.length).toBe(1);
        await expectUnchanged(server.db, before, 'replayed returns');
        await expectOrderOfPayment(o_id, small.order_id);
      });
      // Paid for the cheap piece; the return names a dearer one (at its own price): the cheap one is ordered.
      const dearer = buyable[2];
      expect(dearer.productcarats[0].inr_price).toBeGreaterThan(price);
      const other = await openPayment(shopper, price);
      const paid = await fetch(`${server.origin}/sandbox/pay/${other.payment_session_id}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      await ledger.probe(async () => {
        const res = await onlineOrder(shopper, other.order_id, dearer.productcarats[0].inr_price, 1, defaultSelection(dearer));
        expect(res.status, res.text).toBe(201);
        await expectOrderOfPayment(res.body.data.o_id, other.order_id);
      });
    });

    it('payment pages send nobody to another site', async () => {
      for (const return_url of ['https://evil.example/steal', '//evil.example/x', 'javascript:alert(1)', 'http://127.0.0.1.evil.example/', 'data:text/html,<script>alert(1)</script>']) {
        await refused(server, `/payment return_url ${return_url}`, () => server.send('POST', '/payment', { token: shopper.token, body: { ...paymentBody(price), return_url } }), [400]);
      }
      const session = await openPayment(shopper, price);
      await ledger.probe(async () => {
        const page = await fetch(`${server.origin}/sandbox/pay/${session.payment_session_id}?return_url=${encodeURIComponent('https://evil.example/')}`);
        expect(page.status).toBe(200);
        expect(await page.text()).not.toContain('evil.example');
      });
      await ledger.probe(async () => {
        const res = await fetch(`${server.origin}/sandbox/pay/${session.payment_session_id}/pay`, {
          method: 'POST',
          redirect: 'manual',
          body: new URLSearchParams({ return_url: 'https://evil.example/' }),
        });
        expect(res.status).toBe(400);
        expect(res.headers.get('location')).toBeNull();
      });
      await refused(server, 'sandbox page of a made-up session', () => server.send('GET', '/sandbox/pay/session_madeup'), [404]);
      await refused(server, 'sandbox pay of a made-up session', () => server.send('POST', '/sandbox/pay/session_madeup/pay'), [404]);
    });
  });
});

/* ------------------------------------------------------------------------- */

describe('cashfree provider: forged, stale, tampered and replayed webhooks', () => {
  const SECRET = 'cf-probe-secret-key';
  let server: ProbeServer;
  let cashfree: CashfreeFake;
  let shopper: Session;
  let price: number;
  let selection: Selection;

  beforeAll(async () => {
    cashfree = await startCashfreeFake('cf-app', SECRET);
    server = await startProbeServer(cashfree.env());
    shopper = await registerShopper(server);
    // The cheapest: the shopper's open payments and orders of these probes count towards one day (no PAN needed below ₹2,00,000).
    const [product] = cheapestFirst(buyableProducts(await listProducts(server, 100)));
    price = product.productcarats[0].inr_price;
    selection = defaultSelection(product);
  });
  afterAll(async () => {
    await server?.close();
    await cashfree?.close();
  });

  /** Opens a payment with the shipping address stored, so a genuine webhook would place the order. */
  async function openPayment(): Promise<string> {
    const res = await server.send('POST', '/payment', {
      token: shopper.token,
      body: { order_amount: price, customer_name: 'Mallory', customer_email: 'm@example.com', customer_phone: phoneOf(shopper), checkout: addressOf(shopper), cartItems: [{ ...selection, quantity: 1 }] },
    });
    expect(res.status, res.text).toBe(200);
    return res.body.data.order_id;
  }
  const webhookBody = (order_id: string, amount = price) =>
    JSON.stringify({ data: { order: { order_id, order_amount: amount, order_currency: 'INR' }, payment: { payment_status: 'SUCCESS' } }, type: 'PAYMENT_SUCCESS_WEBHOOK' });
  const deliver = (raw: string, headers: Record<string, string>) =>
    server.send('POST', '/payment/webhook', { raw, headers: { 'Content-Type': 'application/json', ...headers } });
  const signed = (raw: string, timestamp = String(Date.now()), secret = SECRET) => ({ 'x-webhook-timestamp': timestamp, 'x-webhook-signature': signWebhook(secret, timestamp, raw) });
  const ordersFor = (order_id: string) => server.db.selectFrom('orders').select('o_id').where('provider_order_id', '=', order_id).execute();

  it('unsigned, mis-signed, tampered and stale webhooks are refused and place nothing', async () => {
    const order_id = await openPayment();
    // The shopper has not paid: nothing a webhook says may place the order.
    const raw = webhookBody(order_id);
    const stamp = String(Date.now());
    const attempts: [string, string, Record<string, string>, number[]][] = [
      ['no signature', raw, {}, [401]],
      ['an empty signature', raw, { 'x-webhook-timestamp': stamp, 'x-webhook-signature': '' }, [401]],
      ['a made-up signature', raw, { 'x-webhook-timestamp': stamp, 'x-webhook-signature': Buffer.alloc(32, 7).toString('base64') }, [401]],
      ['signed with another secret', raw, signed(raw, stamp, 'not-the-secret'), [401]],
      ['signed for another body', webhookBody(order_id, 1), signed(raw, stamp), [401]],
      ['signed for another timestamp', raw, { ...signed(raw, stamp), 'x-webhook-timestamp': String(Number(stamp) + 1) }, [401]],
      ['a signature that is not base64', raw, { 'x-webhook-timestamp': stamp, 'x-webhook-signature': '!!!' }, [401]],
      ['an hour old, correctly signed', raw, signed(raw, String(Date.now() - 3_600_000)), [400]],
      ['an hour ahead, correctly signed', raw, signed(raw, String(Date.now() + 3_600_000)), [400]],
      ['a timestamp that is not a number, correctly signed', raw, signed(raw, 'yesterday'), [400]],
    ];
    for (const [label, body, headers, codes] of attempts) {
      await refused(server, `webhook: ${label}`, () => deliver(body, headers), codes);
    }
    expect(await ordersFor(order_id)).toEqual([]);
  });

  it('a signed webhook for an unpaid or underpaid order places nothing, and a replay is refused', async () => {
    const unpaid = await openPayment();
    await ledger.probe(async () => {
      const raw = webhookBody(unpaid);
      const res = await deliver(raw, signed(raw));
      expect(res.status).toBe(200);
      expect(res.body.data.outcome).toBe('not_paid');
      expect(await ordersFor(unpaid)).toEqual([]);
    });

    const underpaid = await openPayment();
    cashfree.orders.get(underpaid)!.order_status = 'PAID';
    cashfree.orders.get(underpaid)!.order_amount = 1;
    await ledger.probe(async () => {
      const raw = webhookBody(underpaid);
      const res = await deliver(raw, signed(raw));
      expect(res.status).toBeLessThan(500);
      expect(await ordersFor(underpaid)).toEqual([]);
    });
    await refused(server, 'a return for an underpaid order', () =>
      server.send('POST', '/createorder', { token: shopper.token, body: { ...addressOf(shopper), ...totals(price), payment_method: 'online', priceType: 'inr_price', order_id: underpaid, cartItems: [{ ...selection, quantity: 1 }] } }), [409]);

    const paid = await openPayment();
    cashfree.orders.get(paid)!.order_status = 'PAID';
    const raw = webhookBody(paid);
    const headers = signed(raw);
    const first = await deliver(raw, headers);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.outcome).toBe('placed');
    await refused(server, 'the same webhook replayed', () => deliver(raw, headers), [409]);
    // The same signature spelled otherwise (padding, URL-safe alphabet, stray characters) is the same delivery.
    const genuine = headers['x-webhook-signature'];
    const respellings = [
      genuine.replace(/=+$/, ''),
      `${genuine}=`,
      `${genuine}==`,
      genuine.replace(/\+/g, '-').replace(/\//g, '_'),
      `${genuine.slice(0, 8)} ${genuine.slice(8)}`,
      `${genuine}!`,
      `${genuine.slice(0, 8)}.${genuine.slice(8)}`,
    ].filter((spelling) => spelling !== genuine);
    for (const spelling of respellings) {
      await refused(server, `the webhook replayed with its signature spelled ${JSON.stringify(spelling)}`, () => deliver(raw, { ...headers, 'x-webhook-signature': spelling }), [401, 409]);
    }
    // Signed by the provider (an outsider cannot sign): the delivery is recorded, nothing else changes.
    await ledger.probe(async () => {
      const before = JSON.stringify(await server.db.selectFrom('orders').selectAll().execute()) + JSON.stringify(await server.db.selectFrom('payments').selectAll().execute());
      for (const made of [webhookBody('order_never_opened'), '{"data":{"order":{}}}', 'not json']) {
        expectRefused(await deliver(made, signed(made)), [400, 404], `signed webhook ${made.slice(0, 30)}`);
      }
      const after = JSON.stringify(await server.db.selectFrom('orders').selectAll().execute()) + JSON.stringify(await server.db.selectFrom('payments').selectAll().execute());
      expect(after).toBe(before);
    });
    expect((await ordersFor(paid)).length).toBe(1);
  });

  it('an unpaid Cashfree order cannot be presented as paid on return', async () => {
    const order_id = await openPayment();
    await refused(server, 'return with txStatus SUCCESS for an ACTIVE order', () =>
      server.send('POST', '/createorder', {
        token: shopper.token,
        body: { ...addressOf(shopper), ...totals(price), payment_method: 'online', payment_status: 'SUCCESS', priceType: 'inr_price', order_id, cartItems: [{ ...selection, quantity: 1 }] },
      }), [402]);
  });
});
