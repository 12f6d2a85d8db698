import { exportPrice } from '../../rules/pricing.ts';
import type { InvoiceDocument } from '../../rules/invoice.ts';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../api/env.ts';
import { verifyPassword } from '../../db/passwords.ts';
import { type DB, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { timestampMs } from '../../db/time.ts';
import type { Database } from '../../db/schema.ts';
import { ORDERS, SHOPPER_PASSWORD } from '../../db/seed/customers.ts';
import { transitionRefusal } from '../../rules/orders.ts';
import { type PaymentMethod, type PaymentStatus, paymentStatusAfter, paymentStatusOnPlacement } from '../../rules/payments.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { seedLargeCatalogue } from '../../db/seed/large.ts';

let dir: string;
let config: Config;
let db: DB;
let seeded: boolean;
let seedSeconds: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'aurum-seed-'));
  config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'seed-test-secret-that-is-long-enough!!', ADMIN_PHONE: '9000000001', ADMIN_PASSWORD: 'Admin@Seed1' });
  db = openDatabase(config.database);
  await migrateToLatest(db);
  const started = performance.now();
  seeded = await seedDemo(db, config);
  seedSeconds = (performance.now() - started) / 1000;
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

async function count(table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

function mediaFile(folder: string, name: string): string {
  return path.join(config.mediaDir, folder, name);
}

async function expectImage(file: string, width: number, height: number) {
  expect(existsSync(file), file).toBe(true);
  const meta = await sharp(file).metadata();
  expect(meta.format).toBe('jpeg');
  expect([meta.width, meta.height]).toEqual([width, height]);
}

describe('seedDemo on an empty database', () => {
  it('seeds, in reasonable time', () => {
    expect(seeded).toBe(true);
    // Generous for a busy CI machine; on two idle cores it takes about ten seconds.
    expect(seedSeconds).toBeLessThan(60);
  });

  it('creates the administrator from the configuration, with a real password hash', async () => {
    const admin = await db.selectFrom('users').selectAll().where('u_type', '=', '0').executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ u_name: 'admin', full_name: 'Store Administrator', country_code: '+91', phone_number: '9000000001' });
    expect(admin.password_hash).not.toContain('Admin@Seed1');
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin.password_hash, 'Admin@Seed1')).toBe(true);
  });

  it('creates shoppers who sign in with the documented password', async () => {
    const shoppers = await db.selectFrom('users').select(['country_code', 'password_hash']).where('u_type', '!=', '0').execute();
    expect(shoppers.length).toBeGreaterThanOrEqual(3);
    expect(new Set(shoppers.map((s) => s.country_code)).size).toBeGreaterThanOrEqual(3);
    expect(await verifyPassword(shoppers[0].password_hash, SHOPPER_PASSWORD)).toBe(true);
  });

  it('has 8+ categories, each with a tile on disk', async () => {
    const categories = await db.selectFrom('categories').select(['cate_name', 'cate_image']).execute();
    expect(categories.length).toBeGreaterThanOrEqual(8);
    for (const c of categories) await expectImage(mediaFile('Category', c.cate_image), 800, 800);
  });

  it('has 60+ active products, each with real photos on disk, sizes, materials and 2-4 key points', async () => {
    const products = await db.selectFrom('products').select(['p_id', 'name', 'description', 'specifications', 'offer']).where('p_status', '=', 1).execute();
    expect(products.length).toBeGreaterThanOrEqual(60);
    const media = await db.selectFrom('product_media').select(['p_id', 'file_name', 'kind']).where('kind', '=', 'image').execute();
    const sizes = await db.selectFrom('product_sizes').select('p_id').execute();
    const materials = await db.selectFrom('product_materials').select('p_id').execute();
    const keyPoints = await db.selectFrom('product_key_points').select('p_id').execute();
    for (const p of products) {
      const photos = media.filter((m) => m.p_id === p.p_id);
      expect(photos.length, p.name).toBeGreaterThanOrEqual(2);
      for (const photo of photos) await expectImage(mediaFile('Products', photo.file_name), 1000, 1000);
      expect(sizes.some((s) => s.p_id === p.p_id), p.name).toBe(true);
      expect(materials.some((m) => m.p_id === p.p_id), p.name).toBe(true);
      const points = keyPoints.filter((k) => k.p_id === p.p_id).length;
      expect(points, p.name).toBeGreaterThanOrEqual(2);
      expect(points, p.name).toBeLessThanOrEqual(4);
      expect(p.specifications.split('\n').length, p.name).toBeGreaterThanOrEqual(4);
      expect(p.description.length).toBeGreaterThan(40);
      expect(p.offer).not.toBe('');
    }
    const names = new Set(products.map((p) => p.name));
    expect(names.size).toBe(products.length);
  });

  it('prices every product in 18K and 22K, 22K dearer, dollars about rupees without GST / 83', async () => {
    const rows = await db
      .selectFrom('product_carats')
      .innerJoin('carats', 'carats.carat_id', 'product_carats.carat_id')
      .select(['p_id', 'carats.name', 'inr_price', 'usd_price'])
      .execute();
    const productIds = (await db.selectFrom('products').select('p_id').execute()).map((p) => p.p_id);
    for (const p_id of productIds) {
      const k18 = rows.find((r) => r.p_id === p_id && r.name === '18K');
      const k22 = rows.find((r) => r.p_id === p_id && r.name === '22K');
      expect(k18 && k22, `product ${p_id}`).toBeTruthy();
      for (const row of [k18!, k22!]) {
        expect(row.inr_price).toBeGreaterThan(0);
        expect(Number.isInteger(row.inr_price) && Number.isInteger(row.usd_price)).toBe(true);
        // The dollar price is the export price: the rupee price less its 3% GST (x 100/103), at ₹83 a dollar.
        expect(Math.abs(row.usd_price - exportPrice(row.inr_price) / 83)).toBeLessThanOrEqual(100);
      }
      expect(k22!.inr_price).toBeGreaterThan(k18!.inr_price);
    }
  });

  it('has reels: 2+ with a video first, 6 in all', async () => {
    const reels = await db.selectFrom('products').select('p_id').where('is_reel', '=', 1).execute();
    expect(reels.length).toBe(6);
    const videos = await db.selectFrom('product_media').select(['p_id', 'file_name', 'position']).where('kind', '=', 'video').execute();
    expect(videos.length).toBeGreaterThanOrEqual(2);
    for (const v of videos) {
      expect(v.position).toBe(0);
      expect(reels.map((r) => r.p_id)).toContain(v.p_id);
      expect(v.file_name).toMatch(/\.(mp4|webm)$/);
      expect(existsSync(mediaFile('Products', v.file_name))).toBe(true);
    }
    expect(await db.selectFrom('products').select('p_id').where('is_bestseller', '=', 1).execute()).toHaveLength(12);
  });

  it('has slider banners and testimonials with portraits', async () => {
    const sliders = await db.selectFrom('slider_images').select('image').execute();
    expect(sliders.length).toBeGreaterThanOrEqual(3);
    for (const s of sliders) await expectImage(mediaFile('Sliders', s.image), 1600, 640);
    const testimonials = await db
      .selectFrom('reviews')
      .innerJoin('review_images', 'review_images.r_id', 'reviews.r_id')
      .select(['reviews.rating', 'reviews.u_id', 'review_images.file_name'])
      .where('reviews.p_id', 'is', null)
      .execute();
    expect(testimonials.length).toBeGreaterThanOrEqual(6);
    const admin = await db.selectFrom('users').select('u_id').where('u_type', '=', '0').executeTakeFirstOrThrow();
    for (const t of testimonials) {
      expect(t.u_id).toBe(admin.u_id);
      expect(t.rating).toBeGreaterThanOrEqual(4);
      await expectImage(mediaFile('Reviews', t.file_name), 400, 400);
    }
  });

  it('gives every demo order a true history: placed as Pending, then allowed changes only, ending at its status', async () => {
    const admin = await db.selectFrom('users').select('u_id').where('u_type', '=', '0').executeTakeFirstOrThrow();
    const orders = await db.selectFrom('orders').selectAll().orderBy('o_id').execute();
    const history = await db.selectFrom('order_status_history').selectAll().orderBy('osh_id').execute();
    expect(orders).toHaveLength(ORDERS.length);
    let refunds = 0;
    for (const order of orders) {
      const rows = history.filter((h) => h.o_id === order.o_id);
      const [placed, ...changes] = rows;
      expect(placed).toMatchObject({ from_status: null, to_status: 1, actor: 'shopper', u_id: order.u_id, created_at: order.created_at });
      expect(placed.payment_status).toBe(paymentStatusOnPlacement(order.payment_method as PaymentMethod));
      let status = 1;
      let payment = placed.payment_status as PaymentStatus;
      let at = placed.created_at;
      for (const row of changes) {
        expect(row.created_at >= at).toBe(true);
        at = row.created_at;
        if (row.actor === 'system') {
          // The provider accepting a refund: no status change, only the payment's.
          expect(row).toMatchObject({ from_status: 5, to_status: 5, payment_status: 'refunded', u_id: null });
          expect(payment).toBe('refund_pending');
          expect(row.note).toMatch(/^Refund of .+ accepted by the payment provider\.$/);
          payment = 'refunded';
          refunds += 1;
          continue;
        }
        expect(row.from_status).toBe(status);
        const refusal = transitionRefusal({
          from: status, to: row.to_status, actor: row.actor, placedAt: timestampMs(order.created_at), now: timestampMs(row.created_at),
        });
        expect(refusal, `order ${order.o_id}: ${status} -> ${row.to_status} by the ${row.actor}`).toBeNull();
        expect(row.u_id).toBe(row.actor === 'shop' ? admin.u_id : order.u_id);
        payment = paymentStatusAfter(row.to_status, payment);
        expect(row.payment_status).toBe(payment);
        status = row.to_status;
      }
      expect(status).toBe(order.status);
      expect(payment).toBe(order.payment_status);
      expect(order.updated_at).toBe(rows[rows.length - 1].created_at);
      // A refund is the order's whole total, dated when the provider accepted it; nothing else carries one.
      const refunded = rows.find((r) => r.actor === 'system');
      expect(order.refund_amount).toBe(refunded ? order.total : null);
      expect(order.refunded_at).toBe(refunded ? refunded.created_at : null);
    }
    // Both ways of cancelling are in the demo: the shopper's own (cash on delivery, nothing to refund) and the shop's, refunded.
    const cancels = history.filter((h) => h.to_status === 5 && h.from_status !== 5);
    expect(new Set(cancels.map((h) => h.actor))).toEqual(new Set(['shopper', 'shop']));
    expect(refunds).toBe(1);
    const payments = await db.selectFrom('payments').select(['o_id', 'status', 'amount']).execute();
    const refundedOrder = orders.find((o) => o.payment_status === 'refunded');
    expect(payments.find((p) => p.o_id === refundedOrder?.o_id)).toMatchObject({ status: 'refunded', amount: refundedOrder?.total });
  });

  it('has orders in every status whose totals add up from their items', async () => {
    const orders = await db.selectFrom('orders').selectAll().execute();
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set([1, 2, 3, 4, 5]));
    const items = await db.selectFrom('order_items').selectAll().execute();
    for (const order of orders) {
      const lines = items.filter((i) => i.o_id === order.o_id);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line.line_total).toBe(line.price * line.quantity);
        expect(line.product_image && existsSync(mediaFile('Products', line.product_image))).toBe(true);
        expect([line.product_name, line.category_name, line.carat_name, line.material_name, line.size_name].every(Boolean)).toBe(true);
      }
      expect(order.subtotal).toBe(lines.reduce((sum, l) => sum + l.line_total, 0));
      expect(order.total).toBe(order.subtotal - order.discount + order.shipping);
      expect(order.discount).toBe(order.coupon_discount_bp ? Math.floor((order.subtotal * order.coupon_discount_bp + 5000) / 10000) : 0);
      const paid = order.payment_method === 'online' || order.status === 4;
      expect(order.payment_status).toBe(order.status === 5 ? (order.payment_method === 'online' ? 'refunded' : 'unpaid') : paid ? 'paid' : 'unpaid');
    }
    const currencies = await db
      .selectFrom('orders')
      .innerJoin('users', 'users.u_id', 'orders.u_id')
      .select(['orders.currency', 'users.country_code'])
      .execute();
    for (const c of currencies) expect(c.currency).toBe(c.country_code === '+91' ? 'INR' : 'USD');
  });

  it('hallmarks every piece of its shipped and delivered orders and issues their tax invoices, numbered without gaps in the order they shipped', async () => {
    const sent = await db.selectFrom('orders').select(['o_id', 'created_at', 'currency', 'total']).where('status', 'in', [3, 4]).orderBy('created_at').orderBy('o_id').execute();
    expect(sent.length).toBeGreaterThanOrEqual(2);
    const huids = await db.selectFrom('order_item_huids').innerJoin('order_items', 'order_items.oi_id', 'order_item_huids.oi_id').select(['order_items.o_id', 'order_item_huids.huid']).execute();
    for (const order of sent) {
      const pieces = await db.selectFrom('order_items').select((eb) => eb.fn.sum<number>('quantity').as('n')).where('o_id', '=', order.o_id).executeTakeFirstOrThrow();
      const own = huids.filter((h) => h.o_id === order.o_id);
      expect(own.length, `order ${order.o_id}`).toBe(Number(pieces.n));
      for (const h of own) expect(h.huid).toMatch(/^[A-Z0-9]{6}$/);
    }
    expect(new Set(huids.map((h) => h.huid)).size).toBe(huids.length);
    const invoices = await db.selectFrom('invoices').selectAll().orderBy('financial_year').orderBy('sequence').execute();
    expect(invoices.map((i) => i.o_id).sort()).toEqual(sent.map((o) => o.o_id).sort());
    // Per financial year 1, 2, 3, ... with no gap, dated as they shipped.
    for (const year of new Set(invoices.map((i) => i.financial_year))) {
      const numbers = invoices.filter((i) => i.financial_year === year).map((i) => i.sequence);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => k + 1));
    }
    // The numbers as printed: PREFIX/YY-YY/000001, ... (db/invoices.ts, the path shipping takes).
    expect(invoices[0].invoice_no).toMatch(/^[A-Z0-9]{1,3}\/\d{2}-\d{2}\/000001$/);
    expect(invoices.map((i) => Number(i.invoice_no.slice(-6)))).toEqual(invoices.map((i) => i.sequence));
    const issued = invoices.map((i) => i.issued_at);
    expect([...issued].sort()).toEqual(issued);
    // Issued when the order's history says it shipped: the invoice date and the timeline agree.
    const shippedRows = await db.selectFrom('order_status_history').select(['o_id', 'created_at']).where('to_status', '=', 3).execute();
    for (const invoice of invoices) expect(invoice.issued_at, `order ${invoice.o_id}`).toBe(shippedRows.find((r) => r.o_id === invoice.o_id)?.created_at);
    for (const invoice of invoices) {
      const document = JSON.parse(invoice.document) as InvoiceDocument;
      const order = sent.find((o) => o.o_id === invoice.o_id)!;
      expect(document.invoice_no).toBe(invoice.invoice_no);
      expect(document.figures.totals.gross).toBe(order.total);
      expect(document.figures.lines.every((l) => l.huids.length === l.quantity)).toBe(true);
      if (document.figures.supply === 'export') expect(document.figures.totals.taxable).toBe(order.total);
    }
  });

  it('has coupons, contact messages and newsletter subscribers', async () => {
    const coupons = await db.selectFrom('coupons').selectAll().execute();
    expect(coupons.find((c) => c.coupon_name === 'WELCOME10')).toMatchObject({ discount_bp: 1000, c_status: 1 });
    expect(coupons.find((c) => c.coupon_name === 'FESTIVE15')).toMatchObject({ discount_bp: 1500, c_status: 1 });
    const messages = await db.selectFrom('contact_messages').select('status').execute();
    expect(messages.length).toBeGreaterThanOrEqual(4);
    expect(messages.filter((m) => m.status === 'handled')).toHaveLength(1);
    expect(await count('newsletter_subscribers')).toBeGreaterThanOrEqual(2);
    expect(await count('reviews')).toBeGreaterThan(6);
  });
});

describe('seedDemo on a database that is not empty', () => {
  it('returns false and changes nothing', async () => {
    const tables: (keyof Database)[] = ['users', 'products', 'product_media', 'orders', 'reviews', 'categories', 'slider_images'];
    const before = await Promise.all(tables.map(count));
    const files = readdirSync(path.join(config.mediaDir, 'Products')).length;
    expect(await seedDemo(db, config)).toBe(false);
    expect(await Promise.all(tables.map(count))).toEqual(before);
    expect(readdirSync(path.join(config.mediaDir, 'Products'))).toHaveLength(files);
  });
});

describe('seedLargeCatalogue', () => {
  it('adds the requested number of products with prices, sizes and photos on disk', async () => {
    const before = await count('products');
    const added = await seedLargeCatalogue(db, config, 500);
    expect(added).toBe(500);
    expect(await count('products')).toBe(before + 500);
    const newest = await db.selectFrom('products').select('p_id').orderBy('p_id', 'desc').limit(500).execute();
    const ids = newest.map((p) => p.p_id);
    const carats = await db.selectFrom('product_carats').select('p_id').where('p_id', 'in', ids).execute();
    expect(carats).toHaveLength(1000);
    const sizes = await db.selectFrom('product_sizes').select('p_id').where('p_id', 'in', ids).execute();
    expect(new Set(sizes.map((s) => s.p_id)).size).toBe(500);
    const photos = await db.selectFrom('product_media').select('file_name').where('p_id', 'in', ids).execute();
    expect(photos.length).toBeGreaterThanOrEqual(500);
    for (const photo of photos.slice(0, 20)) await expectImage(mediaFile('Products', photo.file_name), 1000, 1000);
    const categories = await db.selectFrom('products').select('cate_id').distinct().where('p_id', 'in', ids).execute();
    expect(categories.length).toBeGreaterThanOrEqual(8);
  });
});
