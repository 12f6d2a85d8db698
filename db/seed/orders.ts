/**
 * Many orders for trying the reports at scale (issue 37): `npm run seed -- --orders 100000`
 * places that many orders over the two years before now, as the shop's customers would:
 * more in the wedding and festive months, most in India (a fifth of them in the shop's
 * own state), some abroad in dollars, cash on delivery or online, a coupon now and
 * then, cancellations (refunded when paid online), and each order's lifecycle to the
 * status its age gives it (db/seed/order-history.ts, the shop's own transitions). Orders
 * that shipped get their tax invoice (rules/invoice.ts buildInvoice, numbered in the
 * order they shipped, after the numbers already given).
 *
 * Quick: the catalogue's carat rows are read once; customers, orders, lines, history
 * and invoices go in as multi-row inserts, 1,000 orders to a transaction.
 * Not made: payment rows, HUIDs and PANs (the reports read none of them).
 * About 3 in 100 delivered orders come back (refunded, exchanged or bought back), as the
 * returns desk would have recorded them: db/seed/order-returns.ts, after the orders.
 * The sales report's per-day summaries follow by themselves: the database's triggers add
 * each order and line as it goes in (migration 2026_12_04_0001_sales_summaries).
 */

import type { Kysely } from 'kysely';
import { currencyFor } from '../../rules/currency.ts';
import { buildInvoice, financialYearStart, type InvoiceDocument, invoiceNumber } from '../../rules/invoice.ts';
import { couponDiscount } from '../../rules/money.ts';
import { ORDER_STATUS, type OrderStatus } from '../../rules/orders.ts';
import { supplyPrice } from '../../rules/pricing.ts';
import { type Seller, sellerFrom } from '../../rules/seller.ts';
import { parcelWeightGrams, shippingCharge } from '../../rules/shipping.ts';
import { CARAT_PRICING_COLUMNS, orderItemPricing } from '../queries/carat-pricing.ts';
import { currentUsdInr } from '../queries/metal-rates.ts';
import { shippingRates } from '../queries/shop-settings.ts';
import { newTokenKey } from '../queries/users.ts';
import { hashPassword } from '../passwords.ts';
import type { Database } from '../schema.ts';
import type { NonReturnableKind } from '../../rules/shop-policy.ts';
import { writeTransaction } from '../transaction.ts';
import { insertRows, ROWS, saveCounters } from './bulk.ts';
import { sqlTimestamp } from './clock.ts';
import { SHOPPER_PASSWORD } from './customers.ts';
import { demoHistory, type DemoLifecycle } from './order-history.ts';
import { RETURN_RATE, type ReturnableOrder, seedReturns } from './order-returns.ts';
import { createRandom, type Random } from './random.ts';

type Db = Kysely<Database>;

/** Orders per transaction. */
const BATCH = 1_000;
const DAY_MS = 86_400_000;
/** How far back the orders go. */
const SPAN_DAYS = 730;

interface Place {
  country: string;
  state: string;
  city: string;
  zip: string;
  dial: string;
  weight: number;
}

/** Where customers live, with how many of them (weights). The shop is in Gujarat (rules/seller.ts): those orders are intra-state. */
const PLACES: readonly Place[] = [
  { country: 'IN', state: 'Gujarat', city: 'Surat', zip: '395003', dial: '+91', weight: 20 },
  { country: 'IN', state: 'Maharashtra', city: 'Mumbai', zip: '400001', dial: '+91', weight: 16 },
  { country: 'IN', state: 'Karnataka', city: 'Bengaluru', zip: '560001', dial: '+91', weight: 9 },
  { country: 'IN', state: 'Tamil Nadu', city: 'Chennai', zip: '600001', dial: '+91', weight: 8 },
  { country: 'IN', state: 'Delhi', city: 'New Delhi', zip: '110001', dial: '+91', weight: 8 },
  { country: 'IN', state: 'Telangana', city: 'Hyderabad', zip: '500001', dial: '+91', weight: 6 },
  { country: 'IN', state: 'Kerala', city: 'Kochi', zip: '682001', dial: '+91', weight: 5 },
  { country: 'IN', state: 'West Bengal', city: 'Kolkata', zip: '700001', dial: '+91', weight: 5 },
  { country: 'IN', state: 'Rajasthan', city: 'Jaipur', zip: '302001', dial: '+91', weight: 4 },
  { country: 'IN', state: 'Uttar Pradesh', city: 'Lucknow', zip: '226001', dial: '+91', weight: 4 },
  { country: 'US', state: 'New York', city: 'New York', zip: '10001', dial: '+1', weight: 6 },
  { country: 'GB', state: 'Greater London', city: 'London', zip: 'SW1A 1AA', dial: '+44', weight: 3 },
  { country: 'AE', state: 'Dubai', city: 'Dubai', zip: '00000', dial: '+971', weight: 4 },
  { country: 'SG', state: 'Singapore', city: 'Singapore', zip: '018956', dial: '+65', weight: 1 },
  { country: 'CA', state: 'Ontario', city: 'Toronto', zip: 'M5V 2T6', dial: '+1', weight: 1 },
];

/** How busy each month is (January first): weddings in winter, Akshaya Tritiya in April-May, Dhanteras and Diwali in October-November. */
const MONTH_WEIGHT = [1.1, 1.0, 0.8, 1.1, 1.2, 0.7, 0.6, 0.7, 0.8, 1.5, 1.7, 1.3];

const FIRST = ['Aarav', 'Diya', 'Ishaan', 'Kavya', 'Meera', 'Neha', 'Rahul', 'Riya', 'Rohan', 'Saanvi', 'Tara', 'Vikram', 'Anaya', 'Kabir', 'Zoya', 'Arjun'];
const LAST = ['Shah', 'Patel', 'Mehta', 'Iyer', 'Nair', 'Reddy', 'Gupta', 'Khan', 'Das', 'Joshi', 'Kapoor', 'Singh', 'Desai', 'Rao'];

interface CaratRowSeed {
  p_id: number;
  pc_id: number;
  carat_id: number;
  cate_id: number;
  m_id: number;
  product_name: string;
  category_name: string;
  carat_name: string;
  material_name: string;
  inr_price: number;
  usd_price: number;
  pricing: Parameters<typeof orderItemPricing>[0];
  /** The product's return terms, copied onto each line sold as a live order does. */
  partial_refund: number;
  non_returnable: NonReturnableKind | null;
}

interface Customer {
  u_id: number;
  place: Place;
  first_name: string;
  last_name: string;
  phone: string;
}

function weighted<T extends { weight: number }>(rng: Random, items: readonly T[]): T {
  const total = items.reduce((t, i) => t + i.weight, 0);
  let x = rng.next() * total;
  for (const item of items) {
    x -= item.weight;
    if (x < 0) return item;
  }
  return items[items.length - 1];
}

/** The catalogue's carat rows with what a line records of them (active products with a price). */
async function readCaratRows(db: Db): Promise<CaratRowSeed[]> {
  const rows = await db
    .selectFrom('product_carats as pc')
    .innerJoin('products as p', 'p.p_id', 'pc.p_id')
    .innerJoin('categories as c', 'c.cate_id', 'p.cate_id')
    .innerJoin('carats as k', 'k.carat_id', 'pc.carat_id')
    .select(['pc.p_id', 'pc.pc_id', 'pc.carat_id', 'p.cate_id', 'p.name as product_name', 'c.cate_name as category_name', 'k.name as carat_name', 'pc.inr_price', 'pc.usd_price', 'p.partial_refund', 'p.non_returnable', ...CARAT_PRICING_COLUMNS])
    .where('p.p_status', '=', 1)
    .where('pc.inr_price', '>', 0)
    .orderBy('pc.pc_id')
    .execute();
  const materials = await db
    .selectFrom('product_materials as pm')
    .innerJoin('materials as m', 'm.m_id', 'pm.m_id')
    .select(['pm.p_id', 'pm.m_id', 'm.name'])
    .orderBy('pm.p_id')
    .orderBy('pm.position')
    .execute();
  const materialOf = new Map<number, { m_id: number; name: string }>();
  for (const m of materials) if (!materialOf.has(m.p_id)) materialOf.set(m.p_id, { m_id: m.m_id, name: m.name });
  return rows.flatMap((r) => {
    const material = materialOf.get(r.p_id);
    if (!material) return [];
    return [{
      p_id: r.p_id, pc_id: r.pc_id, carat_id: r.carat_id, cate_id: r.cate_id, m_id: material.m_id,
      product_name: r.product_name, category_name: r.category_name, carat_name: r.carat_name, material_name: material.name,
      inr_price: Number(r.inr_price), usd_price: Number(r.usd_price), pricing: r, partial_refund: Number(r.partial_refund), non_returnable: r.non_returnable,
    }];
  });
}

/** `count` new customers, spread over PLACES, with one password hash between them (they are for trying the store, not for signing in one by one). */
async function insertCustomers(db: Db, rng: Random, count: number, now: Date): Promise<Customer[]> {
  const already = Number((await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const password_hash = await hashPassword(SHOPPER_PASSWORD);
  const customers: Customer[] = [];
  for (let start = 0; start < count; start += ROWS) {
    const batch = Array.from({ length: Math.min(ROWS, count - start) }, (_, k) => {
      const n = already + start + k;
      const place = weighted(rng, PLACES);
      const first_name = rng.pick(FIRST);
      const last_name = rng.pick(LAST);
      // Numbers no one else has: 6 then the running number (India), 201 555 then it (elsewhere).
      const phone = place.dial === '+91' ? `6${String(n).padStart(9, '0')}` : `201${String(n).padStart(7, '0')}`;
      return { place, first_name, last_name, phone, n };
    });
    const rows = await db
      .insertInto('users')
      .values(batch.map((c) => ({
        full_name: `${c.first_name} ${c.last_name}`, u_name: `customer.${c.n}`, country_code: c.place.dial, phone_number: c.phone, password_hash,
        u_type: '1', created_at: sqlTimestamp(new Date(now.getTime() - SPAN_DAYS * DAY_MS)), token_key: newTokenKey(),
      })))
      .returning('u_id')
      .execute();
    rows.forEach((r, k) => customers.push({ u_id: r.u_id, place: batch[k].place, first_name: batch[k].first_name, last_name: batch[k].last_name, phone: batch[k].phone }));
  }
  return customers;
}

/** `count` moments over the span, in order, denser in the busy months and growing over the two years. */
function orderTimes(rng: Random, count: number, now: Date): Date[] {
  const start = now.getTime() - SPAN_DAYS * DAY_MS;
  const times: number[] = [];
  while (times.length < count) {
    const t = start + rng.next() * SPAN_DAYS * DAY_MS;
    const month = new Date(t + 19_800_000).getUTCMonth();
    const growth = 0.7 + 0.6 * ((t - start) / (SPAN_DAYS * DAY_MS));
    if (rng.next() * 1.7 * 1.3 < MONTH_WEIGHT[month] * growth) times.push(t);
  }
  return times.sort((a, b) => a - b).map((t) => new Date(t));
}

/** The lifecycle an order placed `ageDays` ago has reached. */
function lifecycleOf(rng: Random, ageDays: number, payment: 'cod' | 'online'): DemoLifecycle {
  if (rng.chance(0.07)) {
    // Shoppers cancel within the hour, the shop from Pending or Processing.
    if (rng.chance(0.4)) return { status: ORDER_STATUS.cancelled, payment, cancelled: { by: 'shopper', from: 1 } };
    const from = ageDays > 0.5 && rng.chance(0.5) ? 2 : 1;
    return { status: ORDER_STATUS.cancelled, payment, cancelled: { by: 'shop', from } };
  }
  const status: OrderStatus = ageDays < 0.5 ? 1 : ageDays < 2 ? 2 : ageDays < 6 ? 3 : 4;
  return { status, payment };
}

/**
 * Adds `count` orders over the two years before now, with about one customer for
 * every four orders (so many come back), and the returns of some of the delivered ones.
 * Needs a catalogue (the demo's or a large one). Answers how many orders, invoices and
 * returns it added.
 */
export async function seedOrders(db: Db, count: number, options: { seller?: Seller; now?: Date } = {}): Promise<{ orders: number; invoices: number; returns: number }> {
  if (count <= 0) return { orders: 0, invoices: 0, returns: 0 };
  const now = options.now ?? new Date();
  const seller = options.seller ?? sellerFrom({});
  const rng = createRandom(count * 7 + 11);
  // The returns draw from their own source, so the orders come out as they did before returns were seeded.
  const returnsRng = createRandom(count * 13 + 5);
  const returnable: ReturnableOrder[] = [];
  const rows = await readCaratRows(db);
  if (rows.length === 0) throw new Error('seed orders: the catalogue has no active products with a price; seed the demo or --products first');
  const usd_inr = (await currentUsdInr(db)) ?? 8_350;
  const rates = await shippingRates(db);
  const customers = await insertCustomers(db, rng, Math.max(1, Math.round(count / 4)), now);
  const times = orderTimes(rng, count, now);
  const counters = new Map<number, number>(
    (await db.selectFrom('invoice_counters').select(['financial_year', 'last_number']).execute()).map((c) => [Number(c.financial_year), Number(c.last_number)]),
  );
  let invoices = 0;
  for (let start = 0; start < count; start += BATCH) {
    const slice = times.slice(start, start + BATCH);
    const done = await writeTransaction(db, async (trx) => {
      const drafts = slice.map((placed) => {
        // Returning customers: a few buy often.
        const customer = rng.chance(0.3) ? customers[Math.floor(rng.next() ** 3 * customers.length)] : rng.pick(customers);
        const abroad = customer.place.country !== 'IN';
        const currency = currencyFor(customer.place.dial);
        const payment: 'cod' | 'online' = abroad || !rng.chance(0.35) ? 'online' : 'cod';
        const lines = Array.from({ length: rng.chance(0.75) ? 1 : rng.int(2, 3) }, () => {
          const row = rng.pick(rows);
          const quantity = rng.chance(0.9) ? 1 : 2;
          const price = supplyPrice(currency === 'INR' ? row.inr_price : row.usd_price, currency, customer.place.country);
          return {
            p_id: row.p_id, pc_id: row.pc_id, carat_id: row.carat_id, cate_id: row.cate_id, m_id: row.m_id, size_id: null,
            product_name: row.product_name, product_image: null, category_name: row.category_name, carat_name: row.carat_name, material_name: row.material_name, size_name: null,
            quantity, price, line_total: price * quantity, ...orderItemPricing(row.pricing), partial_refund: row.partial_refund, non_returnable: row.non_returnable,
          };
        });
        const subtotal = lines.reduce((t, l) => t + l.line_total, 0);
        const weight_g = parcelWeightGrams(lines.map((l) => ({ net_weight_g: l.net_weight_mg === null ? null : Number(l.net_weight_mg) / 1000, quantity: l.quantity })));
        const quote = shippingCharge(rates, customer.place.country, weight_g, currency);
        const shipping = quote.ok ? quote.amount : currency === 'USD' ? 4_000 : 0;
        const bp = rng.chance(0.12) ? rng.pick([1000, 1500]) : null;
        const discount = bp === null ? 0 : couponDiscount(subtotal, bp);
        const total = subtotal - discount + shipping;
        const lifecycle = lifecycleOf(rng, (now.getTime() - placed.getTime()) / DAY_MS, payment);
        const history = demoHistory(lifecycle, placed, now);
        const last = history[history.length - 1];
        const refund = history.find((s) => s.refund);
        return {
          order: {
            u_id: customer.u_id, status: lifecycle.status, currency, subtotal, discount, shipping, total, shipping_weight_g: weight_g, usd_inr,
            coupon_name: bp === null ? null : bp === 1000 ? 'WELCOME10' : 'FESTIVE15', coupon_discount_bp: bp,
            first_name: customer.first_name, last_name: customer.last_name, email: `${customer.first_name.toLowerCase()}.${customer.u_id}@example.com`,
            phone_number: `${customer.place.dial}${customer.phone}`, address: `${rng.int(1, 400)} Main Road`, apartment: '', city: customer.place.city,
            state: customer.place.state, zip_code: customer.place.zip, country: customer.place.country,
            payment_method: payment, payment_status: last.payment_status, provider_order_id: null, pan: null,
            refund_amount: history.some((s) => s.payment_status === 'refund_pending') ? total : null,
            refunded_at: refund ? sqlTimestamp(refund.at) : null,
            created_at: sqlTimestamp(placed), updated_at: sqlTimestamp(last.at),
          },
          lines,
          history,
        };
      });
      const ids: number[] = [];
      for (let i = 0; i < drafts.length; i += ROWS) {
        const made = await trx.insertInto('orders').values(drafts.slice(i, i + ROWS).map((d) => d.order)).returning('o_id').execute();
        ids.push(...made.map((m) => m.o_id));
      }
      const lineRows = drafts.flatMap((d, k) => d.lines.map((l) => ({ o_id: ids[k], ...l })));
      const itemIds: number[] = [];
      for (let i = 0; i < lineRows.length; i += ROWS) {
        const made = await trx.insertInto('order_items').values(lineRows.slice(i, i + ROWS)).returning('oi_id').execute();
        itemIds.push(...made.map((m) => m.oi_id));
      }
      await insertRows(trx, 'order_status_history', drafts.flatMap((d, k) => d.history.map((s) => ({
        o_id: ids[k], from_status: s.from_status, to_status: s.to_status, payment_status: s.payment_status, actor: s.actor, u_id: null, note: null, created_at: sqlTimestamp(s.at),
      }))));
      // Tax invoices of the orders that shipped, numbered in the order they shipped.
      let line = 0;
      const shipped = drafts.flatMap((d, k) => {
        const items = d.lines.map((l) => ({ ...l, oi_id: itemIds[line++] }));
        const step = d.history.find((s) => s.to_status === ORDER_STATUS.shipped);
        return step ? [{ k, at: step.at, items }] : [];
      }).sort((a, b) => a.at.getTime() - b.at.getTime());
      const documents = new Map<number, InvoiceDocument>();
      const invoiceRows = shipped.map(({ k, at, items }) => {
        const year = financialYearStart(at);
        const sequence = (counters.get(year) ?? 0) + 1;
        counters.set(year, sequence);
        const invoice_no = invoiceNumber(seller.invoicePrefix, year, sequence);
        const order = { ...drafts[k].order, o_id: ids[k], apartment: '' };
        const document = buildInvoice({ invoice_no, issuedAt: at, financialYear: year, order, items, huids: new Map(), seller });
        documents.set(k, document);
        return { invoice_no, o_id: ids[k], financial_year: year, sequence, issued_at: sqlTimestamp(at), document: JSON.stringify(document) };
      });
      await insertRows(trx, 'invoices', invoiceRows);
      await saveCounters(trx, 'invoice_counters', counters);
      // The delivered orders that will come back (db/seed/order-returns.ts).
      const back: ReturnableOrder[] = [];
      let first = 0;
      for (const [k, d] of drafts.entries()) {
        const delivered = d.history.find((s) => s.to_status === ORDER_STATUS.delivered);
        if (delivered && d.order.status === ORDER_STATUS.delivered && returnsRng.chance(RETURN_RATE)) {
          back.push({
            o_id: ids[k], u_id: d.order.u_id, currency: d.order.currency, usd_inr: d.order.usd_inr, payment: d.order.payment_method, discount: d.order.discount, shipping: d.order.shipping,
            deliveredAt: delivered.at, invoice: documents.get(k) ?? null,
            lines: d.lines.map((l, n) => ({
              oi_id: itemIds[first + n], product_name: l.product_name, carat_name: l.carat_name, quantity: l.quantity, line_total: l.line_total, partial_refund: l.partial_refund === 1, non_returnable: l.non_returnable, carat_id: l.carat_id,
              net_weight_mg: l.net_weight_mg === null ? null : Number(l.net_weight_mg), stones_inr: l.stones_inr === null ? null : Number(l.stones_inr), making_inr: l.making_inr === null ? null : Number(l.making_inr),
            })),
          });
        }
        first += d.lines.length;
      }
      return { invoices: invoiceRows.length, back };
    }, { audit: 'none' });
    invoices += done.invoices;
    returnable.push(...done.back);
  }
  const returns = await seedReturns(db, returnable, { rng: returnsRng, now, invoicePrefix: seller.invoicePrefix });
  return { orders: count, invoices, returns };
}
