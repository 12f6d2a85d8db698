/**
 * The CSV exports' rows (issue 37), read a page at a time in key order (keyset pages, never
 * OFFSET), so any number of orders is written out with one page in memory. Each generator
 * yields rows as the file writes them (rules/csv.ts columns): money in rupees or dollars with
 * 2 decimals, times in ISO 8601. No PAN, no password, no token ever leaves here.
 */
import { sql } from 'kysely';
import { CARAT_COLUMNS, type CUSTOMER_CSV_COLUMNS, type INVOICE_CSV_COLUMNS, type ORDER_CSV_COLUMNS, type ProductCsvRow, listCell, moneyCell, stockCell, unitsCell, updatedAtCell } from '../../rules/csv.ts';
import type { CreditNoteDocument } from '../../rules/credit-note.ts';
import { type InvoiceDocument, financialYearLabel } from '../../rules/invoice.ts';
import { statusLabel } from '../../rules/orders.ts';
import type { DB } from '../connection.ts';
import { isoTimestamp } from '../time.ts';

/** Orders (and their lines) read per page. */
export const EXPORT_PAGE = 500;

type Row<C extends readonly string[]> = Record<C[number], string | number>;

/** Times as stored ('YYYY-MM-DD HH:MM:SS', UTC), inclusive. */
export interface ExportPeriod {
  from?: string;
  to?: string;
}

const iso = (value: string | null | undefined) => (value ? isoTimestamp(value) : '');

/** Orders placed in the period, oldest first, one row per line (an order without lines, never in practice, gets one row). */
export async function* orderRows(db: DB, period: ExportPeriod): AsyncGenerator<Row<typeof ORDER_CSV_COLUMNS>> {
  let after: { created_at: string; o_id: number } | undefined;
  for (;;) {
    let query = db
      .selectFrom('orders')
      .select([
        'o_id', 'created_at', 'status', 'payment_method', 'payment_status', 'currency', 'first_name', 'last_name', 'email', 'phone_number',
        'city', 'state', 'zip_code', 'country', 'coupon_name', 'subtotal', 'discount', 'shipping', 'total', 'store_credit', 'refund_amount',
      ]);
    if (period.from) query = query.where('created_at', '>=', period.from);
    if (period.to) query = query.where('created_at', '<=', period.to);
    if (after) {
      const { created_at, o_id } = after;
      query = query.where((eb) => eb.or([eb('created_at', '>', created_at), eb.and([eb('created_at', '=', created_at), eb('o_id', '>', o_id)])]));
    }
    const orders = await query.orderBy('created_at').orderBy('o_id').limit(EXPORT_PAGE).execute();
    if (orders.length === 0) return;
    const items = await db
      .selectFrom('order_items')
      .select([
        'oi_id', 'o_id', 'product_name', 'category_name', 'carat_name', 'material_name', 'size_name', 'quantity', 'price', 'line_total',
        'net_weight_mg', 'metal_inr', 'making_inr', 'stones_inr', 'gst_inr',
      ])
      .where('o_id', 'in', orders.map((o) => o.o_id))
      .orderBy('oi_id')
      .execute();
    const linesOf = Map.groupBy(items, (item) => item.o_id);
    for (const order of orders) {
      const head = {
        o_id: order.o_id,
        placed_at: iso(order.created_at),
        status: statusLabel(order.status),
        payment_method: order.payment_method,
        payment_status: order.payment_status,
        currency: order.currency,
        customer_name: `${order.first_name} ${order.last_name}`.trim(),
        email: order.email,
        phone: order.phone_number,
        city: order.city,
        state: order.state,
        zip_code: order.zip_code,
        country: order.country,
        coupon: order.coupon_name ?? '',
        subtotal: moneyCell(order.subtotal),
        discount: moneyCell(order.discount),
        shipping: moneyCell(order.shipping),
        total: moneyCell(order.total),
        store_credit: moneyCell(order.store_credit),
        refund_amount: moneyCell(order.refund_amount),
      };
      const lines = linesOf.get(order.o_id) ?? [];
      if (lines.length === 0) yield { ...head, order_line: 1, ...emptyLine };
      for (const [i, line] of lines.entries()) {
        yield {
          ...head,
          order_line: i + 1,
          oi_id: line.oi_id,
          product_name: line.product_name,
          category: line.category_name ?? '',
          carat: line.carat_name ?? '',
          material: line.material_name ?? '',
          size: line.size_name ?? '',
          quantity: line.quantity,
          unit_price: moneyCell(line.price),
          line_total: moneyCell(line.line_total),
          net_weight_g: unitsCell(line.net_weight_mg, 3),
          metal_inr: moneyCell(line.metal_inr),
          making_inr: moneyCell(line.making_inr),
          stones_inr: moneyCell(line.stones_inr),
          gst_inr: moneyCell(line.gst_inr),
        };
      }
    }
    const last = orders[orders.length - 1];
    after = { created_at: last.created_at, o_id: last.o_id };
  }
}

const emptyLine = {
  oi_id: '', product_name: '', category: '', carat: '', material: '', size: '', quantity: '', unit_price: '', line_total: '',
  net_weight_g: '', metal_inr: '', making_inr: '', stones_inr: '', gst_inr: '',
};

/** Where a document numbered per financial year (an invoice, a credit note) sits in number order. */
interface NumberedKey {
  financial_year: number;
  sequence: number;
}

/** Documents after `key` in number order (the columns invoices and credit_notes share). */
const afterNumber = (key: NumberedKey) =>
  sql<boolean>`(financial_year > ${key.financial_year} or (financial_year = ${key.financial_year} and sequence > ${key.sequence}))`;

/** Numbered documents a page at a time (keyset pages on financial_year, sequence): `read` answers the page after a key. */
async function* numberedPages<R extends NumberedKey>(read: (after: NumberedKey | undefined) => Promise<R[]>): AsyncGenerator<R[]> {
  let after: NumberedKey | undefined;
  for (;;) {
    const page = await read(after);
    if (page.length === 0) return;
    yield page;
    const last = page[page.length - 1];
    after = { financial_year: last.financial_year, sequence: last.sequence };
  }
}

/** Tax invoices issued in the period, in number order within each financial year; figures as the invoice was issued. */
export async function* invoiceRows(db: DB, period: ExportPeriod): AsyncGenerator<Row<typeof INVOICE_CSV_COLUMNS>> {
  const pages = numberedPages((after) => {
    let query = db.selectFrom('invoices').select(['invoice_no', 'financial_year', 'sequence', 'issued_at', 'o_id', 'document']);
    if (period.from) query = query.where('issued_at', '>=', period.from);
    if (period.to) query = query.where('issued_at', '<=', period.to);
    if (after) query = query.where(afterNumber(after));
    return query.orderBy('financial_year').orderBy('sequence').limit(EXPORT_PAGE / 5).execute();
  });
  for await (const invoices of pages) {
    for (const invoice of invoices) {
      const doc = JSON.parse(invoice.document) as InvoiceDocument;
      const totals = doc.figures.totals;
      yield {
        invoice_no: invoice.invoice_no,
        issued_at: iso(invoice.issued_at),
        financial_year: doc.financial_year,
        o_id: invoice.o_id,
        order_date: doc.order_date,
        currency: doc.currency,
        buyer_name: doc.buyer.name,
        buyer_state: doc.buyer.state,
        buyer_country: doc.buyer.country,
        place_of_supply: doc.place_of_supply,
        supply: doc.figures.supply,
        taxable_value: moneyCell(totals.taxable),
        cgst: moneyCell(totals.cgst),
        sgst: moneyCell(totals.sgst),
        igst: moneyCell(totals.igst),
        discount: moneyCell(totals.discount),
        total: moneyCell(totals.gross),
        total_inr: moneyCell(doc.currency === 'INR' ? totals.gross : (doc.exchange?.total_inr ?? null)),
      };
    }
  }
}

/** The credit notes export's columns: each note beside the invoice it refers to, with its tax split as issued. */
export const CREDIT_NOTE_CSV_COLUMNS = [
  'credit_note_no', 'issued_at', 'financial_year', 'invoice_no', 'invoice_date', 'o_id', 'r_id', 'reason', 'currency', 'buyer_name', 'buyer_state', 'buyer_country',
  'place_of_supply', 'supply', 'taxable_value', 'cgst', 'sgst', 'igst', 'total', 'total_inr',
] as const;

/**
 * GST credit notes issued in the period (issue 36's credit_notes), in number order within each
 * financial year: the invoice each refers to (and when that was issued), the return, and the
 * figures as the note was issued (taxable value, CGST, SGST, IGST, total; a dollar note's rupee
 * total at its order's rate).
 */
export async function* creditNoteRows(db: DB, period: ExportPeriod): AsyncGenerator<Row<typeof CREDIT_NOTE_CSV_COLUMNS>> {
  const pages = numberedPages((after) => {
    let query = db
      .selectFrom('credit_notes')
      .select(['credit_note_no', 'financial_year', 'sequence', 'issued_at', 'invoice_no', 'o_id', 'r_id', 'currency', 'supply', 'place_of_supply', 'gross', 'taxable', 'cgst', 'sgst', 'igst', 'document']);
    if (period.from) query = query.where('issued_at', '>=', period.from);
    if (period.to) query = query.where('issued_at', '<=', period.to);
    if (after) query = query.where(afterNumber(after));
    return query.orderBy('financial_year').orderBy('sequence').limit(EXPORT_PAGE / 5).execute();
  });
  for await (const notes of pages) {
    const invoices = await db.selectFrom('invoices').select(['invoice_no', 'issued_at']).where('invoice_no', 'in', [...new Set(notes.map((n) => n.invoice_no))]).execute();
    const issuedOf = new Map(invoices.map((i) => [i.invoice_no, i.issued_at]));
    for (const note of notes) {
      const doc = JSON.parse(note.document) as Partial<CreditNoteDocument>;
      yield {
        credit_note_no: note.credit_note_no,
        issued_at: iso(note.issued_at),
        financial_year: financialYearLabel(note.financial_year),
        invoice_no: note.invoice_no,
        invoice_date: iso(issuedOf.get(note.invoice_no)),
        o_id: note.o_id,
        r_id: note.r_id,
        reason: doc.reason ?? '',
        currency: note.currency,
        buyer_name: doc.buyer?.name ?? '',
        buyer_state: doc.buyer?.state ?? '',
        buyer_country: doc.buyer?.country ?? '',
        place_of_supply: doc.place_of_supply ?? note.place_of_supply ?? '',
        supply: note.supply,
        taxable_value: moneyCell(note.taxable),
        cgst: moneyCell(note.cgst),
        sgst: moneyCell(note.sgst),
        igst: moneyCell(note.igst),
        total: moneyCell(note.gross),
        total_inr: moneyCell(note.currency === 'INR' ? note.gross : (doc.exchange?.total_inr ?? null)),
      };
    }
  }
}

/**
 * The people who consented to the shop's news: newsletter addresses whose owner confirmed
 * the subscription (double opt-in) and has not unsubscribed. Where a shopper's account
 * keeps the same address, its name, phone (as stored), city and orders are added.
 */
export async function* consentedCustomerRows(db: DB): AsyncGenerator<Row<typeof CUSTOMER_CSV_COLUMNS>> {
  let after = 0;
  for (;;) {
    const subscribers = await db
      .selectFrom('newsletter_subscribers')
      .select(['n_id', 'email', 'created_at', 'confirmed_at'])
      .where('status', '=', 'confirmed')
      .where('n_id', '>', after)
      .orderBy('n_id')
      .limit(EXPORT_PAGE)
      .execute();
    if (subscribers.length === 0) return;
    const emails = subscribers.map((s) => s.email.toLowerCase());
    const accounts = await db
      .selectFrom('saved_addresses as a')
      .innerJoin('users as u', 'u.u_id', 'a.u_id')
      .select(['u.u_id', 'u.full_name', 'u.country_code', 'u.phone_number', 'a.email', 'a.city', 'a.state', 'a.country'])
      .where((eb) => eb(eb.fn('lower', ['a.email']), 'in', emails))
      .execute();
    const accountOf = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
    const ids = accounts.map((a) => a.u_id);
    const orders = ids.length
      ? await db
          .selectFrom('orders')
          .select((eb) => ['u_id', eb.fn.countAll<number | string>().as('orders'), eb.fn.max('created_at').as('last')])
          .where('u_id', 'in', ids)
          .groupBy('u_id')
          .execute()
      : [];
    const ordersOf = new Map(orders.map((o) => [o.u_id, o]));
    for (const subscriber of subscribers) {
      const account = accountOf.get(subscriber.email.toLowerCase());
      const placed = account ? ordersOf.get(account.u_id) : undefined;
      yield {
        email: subscriber.email,
        subscribed_at: iso(subscriber.confirmed_at ?? subscriber.created_at),
        u_id: account?.u_id ?? '',
        full_name: account?.full_name ?? '',
        country_code: account?.country_code ?? '',
        phone: account?.phone_number ?? '',
        city: account?.city ?? '',
        state: account?.state ?? '',
        country: account?.country ?? '',
        orders: placed ? Number(placed.orders) : 0,
        last_order_at: iso(placed?.last as string | null | undefined),
      };
    }
    after = subscribers[subscribers.length - 1].n_id;
  }
}

/** Products read per page (each with its carat rows, options, key points and media). */
const PRODUCT_PAGE = 100;

/**
 * Every product, active or not, in p_id order: one row per carat row, as the import reads it
 * back; with its return flags and when it was last changed (updated_at, which the import checks).
 */
export async function* productRows(db: DB, only?: number[]): AsyncGenerator<ProductCsvRow> {
  let after = 0;
  for (;;) {
    let query = db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.cate_id', 'p.cate_id')
      .select(['p.p_id', 'p.name', 'c.cate_name', 'p.offer', 'p.description', 'p.specifications', 'p.is_bestseller', 'p.is_reel', 'p.partial_refund', 'p.non_returnable', 'p.updated_at'])
      .where('p.p_id', '>', after);
    if (only) query = query.where('p.p_id', 'in', only.length ? only : [0]);
    const products = await query.orderBy('p.p_id').limit(PRODUCT_PAGE).execute();
    if (products.length === 0) return;
    const ids = products.map((p) => p.p_id);
    const [carats, materials, sizes, points, media] = await Promise.all([
      db
        .selectFrom('product_carats as pc')
        .innerJoin('carats as k', 'k.carat_id', 'pc.carat_id')
        .select(['pc.p_id', 'k.name as carat', 'pc.pricing', 'pc.inr_price', 'pc.usd_price', 'pc.net_weight_mg', 'pc.making_type', 'pc.making_value', 'pc.stone_value', 'pc.stock', 'pc.lead_time_days'])
        .where('pc.p_id', 'in', ids)
        .orderBy('pc.p_id')
        .orderBy('pc.position')
        .orderBy('pc.pc_id')
        .execute(),
      db.selectFrom('product_materials as pm').innerJoin('materials as m', 'm.m_id', 'pm.m_id').select(['pm.p_id', 'm.name']).where('pm.p_id', 'in', ids).orderBy('pm.position').orderBy('m.m_id').execute(),
      db.selectFrom('product_sizes as ps').innerJoin('sizes as s', 's.size_id', 'ps.size_id').select(['ps.p_id', 's.size_name as name']).where('ps.p_id', 'in', ids).orderBy('ps.position').orderBy('s.size_id').execute(),
      db.selectFrom('product_key_points').select(['p_id', 'text']).where('p_id', 'in', ids).orderBy('position').orderBy('kp_id').execute(),
      db.selectFrom('product_media').select(['p_id', 'file_name']).where('p_id', 'in', ids).orderBy('position').orderBy('pm_id').execute(),
    ]);
    const group = <T extends { p_id: number }>(rows: T[]) => Map.groupBy(rows, (r) => r.p_id);
    const [caratsOf, materialsOf, sizesOf, pointsOf, mediaOf] = [group(carats), group(materials), group(sizes), group(points), group(media)];
    for (const product of products) {
      const head = {
        p_id: String(product.p_id),
        name: product.name,
        category: product.cate_name,
        offer: product.offer,
        description: product.description,
        specifications: product.specifications,
        materials: listCell((materialsOf.get(product.p_id) ?? []).map((m) => m.name)),
        sizes: listCell((sizesOf.get(product.p_id) ?? []).map((s) => s.name)),
        key_points: (pointsOf.get(product.p_id) ?? []).map((k) => k.text).join('\n'),
        is_bestseller: String(product.is_bestseller),
        is_reel: String(product.is_reel),
        partial_refund: String(Number(product.partial_refund)),
        non_returnable: product.non_returnable ?? '',
        images: listCell((mediaOf.get(product.p_id) ?? []).map((m) => m.file_name)),
        updated_at: updatedAtCell(product.updated_at),
      };
      const rows = caratsOf.get(product.p_id) ?? [];
      if (rows.length === 0) yield { ...head, ...(Object.fromEntries(CARAT_COLUMNS.map((c) => [c, ''])) as Omit<ProductCsvRow, keyof typeof head>) };
      for (const pc of rows) {
        const rate = pc.pricing === 'rate';
        yield {
          ...head,
          carat: pc.carat,
          pricing: pc.pricing,
          inr_price: moneyCell(pc.inr_price),
          usd_price: moneyCell(pc.usd_price),
          net_weight_g: unitsCell(pc.net_weight_mg, 3),
          making_type: rate ? (pc.making_type ?? '') : '',
          making_value: rate ? unitsCell(pc.making_value, 2) : '',
          stone_value: rate ? unitsCell(pc.stone_value, 2) : '',
          stock: stockCell(pc.stock),
          stock_at_export: stockCell(pc.stock),
          lead_time_days: pc.lead_time_days === null ? '' : String(pc.lead_time_days),
        };
      }
    }
    after = products[products.length - 1].p_id;
  }
}
