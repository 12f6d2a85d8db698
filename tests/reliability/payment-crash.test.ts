/**
 * Issue 32's done-when "a kill -9 between payment and order is settled by the reconciliation
 * after restart", against the real store in its own process (harness.ts).
 *
 * Round 1, deterministic: shoppers open online payments (POST /payment with the checkout's
 * address) for limited pieces, which are held for them; the "card network" then takes the money
 * (the payments set 'paid' in the store's database, as the sandbox's Pay button does before it
 * places the order) and the server is killed with kill -9 before any order is made. One payment
 * is left open and never paid, and one paid payment has no address (POST /payment without
 * `checkout`). After the restart the reconciliation (every PAYMENT_RECONCILE_SECONDS=1) must
 * place each paid payment's order exactly once, keep the address-less one paid until its life
 * ends and then refund it, and mark the unpaid one abandoned once its life ends, its held piece
 * back in stock.
 *
 * Round 2: the same shoppers press Pay on their sandbox pages all at once and the server is
 * killed as the first press is answered (some payments paid and placed, some paid and not
 * placed, some not paid yet). After the restart the same invariant holds.
 *
 * The invariant, on both engines: no payment is 'paid' without an order or a refund once the
 * reconciliation had its turn; a paid payment has exactly one order; every limited piece is in
 * stock, held for an open payment, or sold (never lost, never sold twice).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../db/connection.ts';
import { utcTimestamp } from '../../db/time.ts';
import { RECONCILE_LEASE } from '../../api/payments/reconcile.ts';
import { toMajor, toMinor } from '../../rules/money.ts';
import type { Selection } from '../../api/orders/pricing.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { killAllChildren, prepareSmallStore, type Reply, sleep, startServer, storeDatabaseUrl, withStoreDb, type StoreServer } from './harness.ts';
import { ADDRESS, Ledger, registerShoppers, type Shopper } from './shoppers.ts';
import { SIZE } from './sizes.ts';
import { checkStore } from './store-check.ts';

/** How long the restarted server's reconciliation may take to settle what the crash left (a few intervals). */
const SETTLE_MS = 30_000;

/**
 * A payment's life is the default 15 minutes whatever the shell says (the test ends lives itself, endLife).
 * The server before the kill reconciles only at start (3600 s): nothing settles the crash's payments but the restart.
 */
const BEFORE_KILL = { PAYMENT_RECONCILE_SECONDS: '3600', QUOTE_LOCK_MINUTES: '15' };
/** The restarted server reconciles every second. */
const AFTER_RESTART = { PAYMENT_RECONCILE_SECONDS: '1', QUOTE_LOCK_MINUTES: '15' };

/** Paid payments with an address in each round: the reliability size (12 in npm test, 48 long). */
const PAID = SIZE.shoppers;

let dataDir: string;
let server: StoreServer;
let admin: Shopper;
/** Every shopper: PAID who pay, then the one who never pays, then the one who pays without an address. */
let shoppers: Shopper[];

/** The limited carat rows (pc_id) and the stock each started with. */
const rows = { paid: 0, neverPaid: 0, noAddress: 0, round2: 0, unlimited: 0 };
const initialStock = new Map<number, number>();

const selectionOf = new Map<number, Selection>();

const withDb = <T>(work: (db: DB) => Promise<T>) => withStoreDb(dataDir, work);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'aurum-payment-crash-'));
  await prepareSmallStore(dataDir, 6);
  await withDb(async (db) => {
    const carats = await db
      .selectFrom('product_carats as pc')
      .innerJoin('product_materials as pm', 'pm.p_id', 'pc.p_id')
      .leftJoin('product_sizes as ps', 'ps.p_id', 'pc.p_id')
      .select(['pc.p_id', 'pc.pc_id', 'pc.carat_id', 'pm.m_id', 'ps.size_id'])
      .orderBy('pc.pc_id')
      .execute();
    for (const c of carats) selectionOf.set(c.pc_id, { p_id: c.p_id, pc_id: c.pc_id, carat_id: c.carat_id, m_id: c.m_id, size_id: c.size_id ?? null });
    const [paid, neverPaid, noAddress, round2, unlimited] = [...selectionOf.keys()];
    Object.assign(rows, { paid, neverPaid, noAddress, round2, unlimited });
    // Limited pieces: exactly as many as will be paid for (a second take of a held piece would refuse an order).
    const limited: [number, number][] = [
      [paid, PAID],
      [neverPaid, 1],
      [noAddress, 1],
      [round2, PAID],
    ];
    for (const [pc_id, stock] of limited) {
      await db.updateTable('product_carats').set({ stock }).where('pc_id', '=', pc_id).execute();
      initialStock.set(pc_id, stock);
    }
  });
  server = await startServer({ dataDir, env: BEFORE_KILL });
  shoppers = await registerShoppers(server, PAID + 2, '57');
  [admin] = await registerShoppers(server, 1, '58');
  await withDb((db) => db.updateTable('users').set({ u_type: '0' }).where('u_id', '=', admin.u_id).execute());
}, 120_000);

afterAll(async () => {
  await killAllChildren();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const reply = await server.request(method, url, body, headers);
  expectMatchesContract(method, url, reply);
  return reply;
}

/** Puts one piece of each carat row in the shopper's cart and opens a payment for the cart (with the address unless told). */
async function openPayment(shopper: Shopper, pcIds: number[], options: { address?: boolean } = {}) {
  for (const pc_id of pcIds) {
    const added = await api('POST', '/createcart', { ...selectionOf.get(pc_id), quantity: 1 }, shopper.auth);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  const cart = await api('GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth);
  const amount = (cart.body.data as { quantity: number; inr_price: number }[]).reduce((sum, l) => sum + toMinor(l.inr_price) * l.quantity, 0);
  const started = await api(
    'POST',
    '/payment',
    {
      order_amount: toMajor(amount),
      customer_id: shopper.u_id,
      customer_name: `Shopper ${shopper.u_id}`,
      customer_email: `shopper${shopper.u_id}@example.com`,
      customer_phone: shopper.phone,
      priceType: 'inr_price',
      ...(options.address === false ? {} : { checkout: ADDRESS }),
    },
    shopper.auth,
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.data as OpenedPayment;
}

interface OpenedPayment {
  payment_session_id: string;
  order_id: string;
  /** Rupees, as POST /payment answered it. */
  amount: number;
}

interface PaymentRow {
  pay_id: number;
  provider_order_id: string;
  u_id: number | null;
  status: string;
  o_id: number | null;
  locked_until: string | null;
  note: string | null;
}

/** The payments and online orders as the database holds them. */
async function moneyInFlight() {
  return withDb(async (db) => {
    const payments = (await db
      .selectFrom('payments')
      .select(['pay_id', 'provider_order_id', 'u_id', 'status', 'o_id', 'locked_until', 'note'])
      .orderBy('pay_id')
      .execute()) as PaymentRow[];
    const orders = await db.selectFrom('orders').select(['o_id', 'provider_order_id', 'total']).where('provider_order_id', 'is not', null).execute();
    const stock = new Map((await db.selectFrom('product_carats').select(['pc_id', 'stock']).execute()).map((r) => [r.pc_id, r.stock === null ? null : Number(r.stock)]));
    const held = new Map<number, number>();
    for (const h of await db.selectFrom('stock_holds').select(['pc_id', 'quantity']).execute()) held.set(h.pc_id, (held.get(h.pc_id) ?? 0) + Number(h.quantity));
    const sold = new Map<number, number>();
    for (const s of await db.selectFrom('order_items').select(['pc_id', 'quantity']).execute()) {
      if (s.pc_id !== null) sold.set(s.pc_id, (sold.get(s.pc_id) ?? 0) + Number(s.quantity));
    }
    return { payments, orders, stock, held, sold };
  });
}

type Snapshot = Awaited<ReturnType<typeof moneyInFlight>>;

/**
 * What must hold once the reconciliation had its turn: no payment paid without an order or a
 * refund (`except`: payments allowed to wait, with why), a payment placed ('used') has its one
 * order and an order its one payment, and every limited piece is in stock, held or sold.
 */
function unsettled(snapshot: Snapshot, except: Map<string, string> = new Map()): string[] {
  const problems: string[] = [];
  const ordersOf = new Map<string, number[]>();
  for (const o of snapshot.orders) ordersOf.set(o.provider_order_id!, [...(ordersOf.get(o.provider_order_id!) ?? []), o.o_id]);
  for (const p of snapshot.payments) {
    const orders = ordersOf.get(p.provider_order_id) ?? [];
    if (orders.length > 1) problems.push(`payment ${p.pay_id} (${p.status}) has ${orders.length} orders: ${orders.join(', ')}`);
    if (p.status === 'paid' && !except.has(p.provider_order_id)) problems.push(`payment ${p.pay_id} is paid with no order and no refund`);
    if (p.status === 'used' && (p.o_id === null || orders.length !== 1 || orders[0] !== p.o_id)) {
      problems.push(`payment ${p.pay_id} is used with o_id ${p.o_id}, its orders are [${orders.join(', ')}]`);
    }
    if (p.status !== 'used' && orders.length) problems.push(`payment ${p.pay_id} is ${p.status} but order ${orders.join(', ')} was placed with it`);
  }
  for (const [pc_id, initial] of initialStock) {
    const stock = snapshot.stock.get(pc_id) ?? 0;
    const held = snapshot.held.get(pc_id) ?? 0;
    const sold = snapshot.sold.get(pc_id) ?? 0;
    if (stock < 0) problems.push(`carat row ${pc_id} holds ${stock} pieces`);
    if (stock + held + sold !== initial) problems.push(`carat row ${pc_id}: ${stock} in stock + ${held} held + ${sold} sold, it started with ${initial}`);
  }
  return problems;
}

/** Polls until `check` answers no problem; answers the last problems (empty when it settled) and how long it took. */
async function settle(check: () => Promise<string[]>, timeoutMs = SETTLE_MS): Promise<{ problems: string[]; ms: number }> {
  const started = Date.now();
  for (;;) {
    const problems = await check();
    if (problems.length === 0 || Date.now() - started > timeoutMs) return { problems, ms: Date.now() - started };
    await sleep(200);
  }
}

/** GET /getpayments, every page, as the administrator. */
async function listed(status?: string) {
  const all: { order_id: string; status: string; o_id: number | null; note: string | null; needs_attention: boolean; refund_amount: number | null; amount: number }[] = [];
  for (let page = 1; ; page++) {
    const url = `/getpayments?page=${page}&perPage=100${status ? `&status=${status}` : ''}`;
    const reply = await api('GET', url, undefined, admin.auth);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    all.push(...reply.body.data.paymentData);
    if (all.length >= reply.body.data.totalCount || reply.body.data.paymentData.length === 0) return all;
  }
}

/** Sets payments' life to have ended a minute ago (instead of waiting QUOTE_LOCK_MINUTES). */
async function endLife(providerOrderIds: string[]) {
  await withDb((db) =>
    db
      .updateTable('payments')
      .set({ locked_until: utcTimestamp(new Date(Date.now() - 60_000)) })
      .where('provider_order_id', 'in', providerOrderIds)
      .execute(),
  );
}

/** kill -9, then checks the reconciliation lease is free (a kill inside a pass would hold it for its 60 s TTL). */
async function killBetweenPaymentAndOrder() {
  await server.kill9();
  const lease = await withDb((db) => db.selectFrom('leases').select(['holder', 'expires_at']).where('name', '=', RECONCILE_LEASE).executeTakeFirst());
  expect(lease === undefined || Number(lease.expires_at) <= Date.now(), `the reconciliation lease was held at the kill: ${JSON.stringify(lease)}`).toBe(true);
}

describe('kill -9 between payment and order, settled by the reconciliation after restart', () => {
  it(
    `${PAID} payments paid and the server killed before their orders: each placed once, the address-less one refunded, the unpaid one abandoned`,
    async () => {
      const began = Date.now();
      const payers = shoppers.slice(0, PAID);
      const neverPays = shoppers[PAID];
      const noAddress = shoppers[PAID + 1];

      // Each payer: a held limited piece and a made-to-order one.
      const paid: OpenedPayment[] = [];
      for (const shopper of payers) paid.push(await openPayment(shopper, [rows.paid, rows.unlimited]));
      const open = await openPayment(neverPays, [rows.neverPaid]);
      const addressless = await openPayment(noAddress, [rows.noAddress], { address: false });

      let before = await moneyInFlight();
      expect(before.payments.map((p) => p.status)).toEqual(Array(PAID + 2).fill('created'));
      // The pieces are held for their payments, off the shelf.
      expect(before.stock.get(rows.paid)).toBe(0);
      expect(before.held.get(rows.paid)).toBe(PAID);
      expect(before.stock.get(rows.neverPaid)).toBe(0);
      expect(before.stock.get(rows.noAddress)).toBe(0);

      // The provider takes the money (what the sandbox's Pay does first), then the server dies before any order.
      const taken = [...paid, addressless].map((p) => p.order_id);
      await withDb((db) => db.updateTable('payments').set({ status: 'paid', updated_at: utcTimestamp() }).where('provider_order_id', 'in', taken).execute());
      await killBetweenPaymentAndOrder();
      before = await moneyInFlight();
      expect(before.orders, 'no order was made before the kill').toEqual([]);
      expect(before.payments.filter((p) => p.status === 'paid')).toHaveLength(PAID + 1);

      const restartAt = Date.now();
      server = await startServer({ dataDir, env: AFTER_RESTART });

      // Every paid payment with an address becomes its one order.
      const waiting = new Map([[addressless.order_id, 'no address: waits for the end of its life']]);
      const placed = await settle(async () => unsettled(await moneyInFlight(), waiting));
      expect(placed.problems, `after ${placed.ms} ms\n${server.output()}`).toEqual([]);
      const placedSeconds = (Date.now() - restartAt) / 1000;

      // Two passes more: the address-less payment is still paid (its life has not ended), its piece still held,
      // and the open one still open with its piece held.
      await sleep(2_500);
      let now = await moneyInFlight();
      expect(unsettled(now, waiting)).toEqual([]);
      const statusOf = (s: Snapshot, order_id: string) => s.payments.find((p) => p.provider_order_id === order_id)!;
      expect(statusOf(now, addressless.order_id)).toMatchObject({ status: 'paid', o_id: null });
      expect(statusOf(now, open.order_id)).toMatchObject({ status: 'created', o_id: null });
      expect(now.stock.get(rows.noAddress)).toBe(0);
      expect(now.stock.get(rows.neverPaid)).toBe(0);
      for (const p of paid) {
        const payment = statusOf(now, p.order_id);
        expect(payment.status, `payment ${p.order_id}`).toBe('used');
        expect(now.orders.find((o) => o.provider_order_id === p.order_id)).toMatchObject({ o_id: payment.o_id, total: toMinor(p.amount) });
      }
      // The payers' pieces were sold from their holds: none left, none held, none sold twice.
      expect(now.stock.get(rows.paid)).toBe(0);
      expect(now.held.get(rows.paid) ?? 0).toBe(0);
      expect(now.sold.get(rows.paid)).toBe(PAID);
      // The back office sees the address-less payment paid, with no order yet.
      expect((await listed('paid')).find((p) => p.order_id === addressless.order_id)).toMatchObject({ o_id: null, status: 'paid' });

      // Both payments' life ends: the address-less one is refunded, the unpaid one abandoned, their pieces back on the shelf.
      await endLife([addressless.order_id, open.order_id]);
      const closed = await settle(async () => {
        const s = await moneyInFlight();
        const problems = unsettled(s);
        if (!['refund_due', 'refunded'].includes(statusOf(s, addressless.order_id).status)) problems.push(`address-less payment is ${statusOf(s, addressless.order_id).status}`);
        if (statusOf(s, open.order_id).status !== 'abandoned') problems.push(`unpaid payment is ${statusOf(s, open.order_id).status}`);
        return problems;
      });
      expect(closed.problems, `after ${closed.ms} ms\n${server.output()}`).toEqual([]);
      now = await moneyInFlight();
      expect(now.stock.get(rows.neverPaid), 'the abandoned payment\'s piece is back in stock').toBe(initialStock.get(rows.neverPaid));
      expect(now.stock.get(rows.noAddress), 'the refunded payment\'s piece is back in stock').toBe(initialStock.get(rows.noAddress));
      expect(now.held.get(rows.neverPaid) ?? 0).toBe(0);
      expect(now.held.get(rows.noAddress) ?? 0).toBe(0);

      // As the back office lists them.
      const all = await listed();
      const refund = all.find((p) => p.order_id === addressless.order_id)!;
      expect(['refund_pending', 'refunded']).toContain(refund.status);
      expect(refund).toMatchObject({ o_id: null, refund_amount: addressless.amount, note: 'The delivery address for this order never reached us.' });
      expect(all.find((p) => p.order_id === open.order_id)).toMatchObject({ status: 'abandoned', o_id: null, note: 'The price lock lapsed before the payment was made.' });
      for (const p of paid) expect(all.find((l) => l.order_id === p.order_id)).toMatchObject({ status: 'paid', needs_attention: false });
      expect(all.filter((p) => p.o_id !== null)).toHaveLength(PAID);
      expect(await listed('attention')).toEqual([]);

      // The payers' carts were emptied by their orders; the two who got no order keep theirs.
      const carts = await withDb((db) => db.selectFrom('cart_items').select(['u_id']).execute());
      const inCart = (u_id: number) => carts.filter((c) => c.u_id === u_id).length;
      for (const shopper of payers) expect(inCart(shopper.u_id), `shopper ${shopper.u_id}'s cart`).toBe(0);
      expect(inCart(neverPays.u_id)).toBe(1);
      expect(inCart(noAddress.u_id)).toBe(1);

      const store = await checkStore(await storeDatabaseUrl(dataDir), new Ledger(), []);
      expect(store.problems).toEqual([]);
      console.log(
        `payment-crash round 1: ${PAID} paid + 1 unpaid + 1 without address; orders placed ${placedSeconds.toFixed(1)} s after the restart ` +
          `(server up in ${server.startSeconds.toFixed(1)} s), refund and abandonment ${(closed.ms / 1000).toFixed(1)} s after their life ended; ${((Date.now() - began) / 1000).toFixed(1)} s in all`,
      );
    },
    90_000,
  );

  it(
    `kill -9 while ${PAID} shoppers press Pay at once: every payment taken becomes one order after the restart`,
    async () => {
      const began = Date.now();
      // The next server reconciles only at its start again, so the kill lands outside a reconciliation pass.
      await server.stop();
      server = await startServer({ dataDir, env: BEFORE_KILL });
      const payers = shoppers.slice(0, PAID);
      const sessions: OpenedPayment[] = [];
      for (const shopper of payers) sessions.push(await openPayment(shopper, [rows.round2, rows.unlimited]));

      // The hosted pages' Pay buttons, all at once; the server dies as the k-th answer arrives
      // (k from 1 to half of them: a different moment each run).
      const live = server;
      const killAfter = 1 + Math.floor(Math.random() * Math.max(1, Math.floor(PAID / 2)));
      let answeredSoFar = 0;
      let reachedK!: () => void;
      const kthAnswer = new Promise<void>((resolve) => (reachedK = resolve));
      const presses = sessions.map((s) =>
        live.request('POST', `/sandbox/pay/${encodeURIComponent(s.payment_session_id)}/pay`).then(
          (reply) => {
            if (++answeredSoFar >= killAfter) reachedK();
            return { order_id: s.order_id, reply };
          },
          () => ({ order_id: s.order_id, reply: null }),
        ),
      );
      // Every press may fail first (none answered): then the kill comes after them all.
      await Promise.race([kthAnswer, Promise.all(presses)]);
      const inFlight = live.inFlight();
      await killBetweenPaymentAndOrder();
      const answered = await Promise.all(presses);

      const atKill = await moneyInFlight();
      const ours = atKill.payments.filter((p) => sessions.some((s) => s.order_id === p.provider_order_id));
      const figures = {
        'kill at answer': killAfter,
        'in flight at kill': inFlight,
        'Pay answered': answered.filter((a) => a.reply !== null).length,
        'still open': ours.filter((p) => p.status === 'created').length,
        'paid, no order': ours.filter((p) => p.status === 'paid').length,
        'placed': ours.filter((p) => p.status === 'used').length,
      };
      // A Pay the page answered (303, back to the store) had its order placed before the answer.
      for (const { order_id, reply } of answered) {
        if (reply === null) continue;
        expect(reply.status, `Pay on ${order_id}: ${JSON.stringify(reply.body)}`).toBe(303);
        expect(ours.find((p) => p.provider_order_id === order_id)?.status, `Pay on ${order_id} was answered`).toBe('used');
      }

      const restartAt = Date.now();
      server = await startServer({ dataDir, env: AFTER_RESTART });
      const settled = await settle(async () => unsettled(await moneyInFlight()));
      expect(settled.problems, `after ${settled.ms} ms\n${server.output()}`).toEqual([]);
      const settledSeconds = (Date.now() - restartAt) / 1000;

      const after = await moneyInFlight();
      const mine = after.payments.filter((p) => sessions.some((s) => s.order_id === p.provider_order_id));
      // Money taken before the kill is an order now; what was never paid is still open, its pieces held.
      for (const p of mine) {
        const was = ours.find((o) => o.provider_order_id === p.provider_order_id)!.status;
        if (was === 'paid' || was === 'used') expect(p.status, `payment ${p.pay_id}, ${was} at the kill`).toBe('used');
        else expect(p.status, `payment ${p.pay_id}, ${was} at the kill`).toBe('created');
      }
      const open = mine.filter((p) => p.status === 'created').length;
      expect(after.held.get(rows.round2) ?? 0).toBe(open);
      expect(after.sold.get(rows.round2) ?? 0).toBe(mine.length - open);
      expect(await listed('attention')).toEqual([]);
      expect((await listed()).filter((p) => p.status === 'paid' && p.o_id === null)).toEqual([]);
      const store = await checkStore(await storeDatabaseUrl(dataDir), new Ledger(), []);
      expect(store.problems).toEqual([]);

      console.log(
        `payment-crash round 2: settled ${settledSeconds.toFixed(1)} s after the restart; ${((Date.now() - began) / 1000).toFixed(1)} s in all`,
      );
      console.table([figures]);
    },
    90_000,
  );
});
