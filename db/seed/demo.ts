/**
 * The demo store: on an empty database, the administrator, the catalogue with
 * its pictures and reels, and a few shoppers with orders in every status, so a
 * fresh `npm start` opens on a shop that looks lived in.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { currencyFor } from '../../rules/currency.ts';
import { couponDiscount } from '../../rules/money.ts';
import { refundAcceptedNote } from '../../rules/payments.ts';
import { hashPassword } from '../passwords.ts';
import { priceRow, supplyPrice } from '../../rules/pricing.ts';
import { normalisePan } from '../../rules/compliance.ts';
import { ORDER_STATUS } from '../../rules/orders.ts';
import { accountPhone, nationalNumber } from '../../rules/phone.ts';
import { type Seller, sellerFrom } from '../../rules/seller.ts';
import { parcelWeightGrams, shippingCharge } from '../../rules/shipping.ts';
import { CARAT_PRICING_COLUMNS, orderItemPricing } from '../queries/carat-pricing.ts';
import { replaceItemHuids } from '../queries/hallmarks-invoices.ts';
import { currentUsdInr } from '../queries/metal-rates.ts';
import { findOrder } from '../queries/orders.ts';
import { shippingRates } from '../queries/shop-settings.ts';
import { isoTimestamp } from '../time.ts';
import { newTokenKey } from '../queries/users.ts';
import { type MediaLocation, type MediaStore, mediaStore } from '../media-store.ts';
import { recordMediaFiles } from '../queries/media-files.ts';
import type { Currency, Database } from '../schema.ts';
import {
  CARATS, CATEGORIES, type CaratName, categoryOf, descriptionOf, designOf, keyPointsOf, MATERIALS, materialsOf,
  GOLD_RATE_INR, gramsIn, INR_PER_USD, PRODUCTS, type ProductSeed, priceOf, SIZES, sizesOf, specificationsOf,
} from './catalogue.ts';
import { daysBefore, sqlTimestamp } from './clock.ts';
import { demoHistory } from './order-history.ts';
import {
  CONTACT_MESSAGES, COUPONS, NEWSLETTER_SUBSCRIBERS, ORDERS, PRODUCT_REVIEWS, SHOPPER_PASSWORD, SHOPPERS, TESTIMONIALS,
} from './customers.ts';
import {
  copyReelVideos, MediaWriter, REEL_ASSETS, renderCategoryTiles, renderProductPhotos, renderReviewerPortraits,
  renderSliderBanners,
} from './media.ts';
import { insertProducts, type ProductDraft } from './products.ts';
import { BANNERS } from './art/scenes.ts';
import { createRandom } from './random.ts';
import { writeTransaction } from '../transaction.ts';
import { issueInvoice } from '../invoices.ts';
import { openPan, sealPan } from '../queries/pan.ts';

/**
 * What seeding needs from the configuration (the server's Config has it; tests pass just
 * this; without media, the local folders under mediaDir).
 */
export interface SeedConfig {
  mediaDir: string;
  /** The administrator to create (ADMIN_* in the environment). */
  admin: { countryCode: string; phoneNumber: string; password: string };
  media?: MediaLocation;
  /** The seller on the invoices of the demo's shipped orders; the demo seller of rules/seller.ts when absent. */
  seller?: Seller;
  /** PAN_KEY: the demo orders' PANs are sealed with it, as the store's own are (db/queries/pan.ts). */
  panKey: Uint8Array;
}

/** The media store seeding writes to: the configured one, or local folders under mediaDir. */
export function seedMediaStore(config: SeedConfig): MediaStore {
  return mediaStore(config.media ?? { kind: 'local', root: path.dirname(config.mediaDir) });
}

type Db = Kysely<Database>;

/** True when the store has neither accounts nor products: the only state the demo is ever added to. */
export async function isEmptyStore(db: Db): Promise<boolean> {
  const user = await db.selectFrom('users').select('u_id').limit(1).executeTakeFirst();
  const product = await db.selectFrom('products').select('p_id').limit(1).executeTakeFirst();
  return !user && !product;
}

/**
 * Seeds the demo store when the database is empty (no users and no products).
 * Media files are written first, then everything else in one transaction; if
 * that fails, or another process seeded meanwhile, the files are removed again.
 * Returns true when it seeded, false when the database was not empty.
 */
export async function seedDemo(db: Db, config: SeedConfig): Promise<boolean> {
  if (!(await isEmptyStore(db))) return false;
  const writer = new MediaWriter(seedMediaStore(config));
  try {
    const [media, hashes] = await Promise.all([renderDemoMedia(writer), hashPasswords(config.admin.password)]);
    const seeded = await writeTransaction(db, async (trx) => {
      if (!(await isEmptyStore(trx))) return false;
      await insertDemo(trx, config, media, hashes, new Date());
      await recordMediaFiles(trx, writer.sizes);
      return true;
    });
    if (!seeded) await writer.discard();
    return seeded;
  } catch (error) {
    await writer.discard();
    throw error;
  }
}

interface DemoMedia {
  categoryTiles: string[];
  productPhotos: string[][];
  reels: Record<(typeof REEL_ASSETS)[number], string>;
  sliders: string[];
  portraits: string[];
}

/** Best sellers and reels get a third photo, a close-up. */
function photoCount(product: ProductSeed): number {
  return product.bestseller || product.reel ? 3 : 2;
}

async function renderDemoMedia(writer: MediaWriter): Promise<DemoMedia> {
  const categoryTiles = await renderCategoryTiles(writer, CATEGORIES.map((c) => c.tile));
  const productPhotos = await renderProductPhotos(
    writer,
    PRODUCTS.map((product, i) => ({ design: designOf(product), seed: 1000 + i * 7, photos: photoCount(product) })),
  );
  const sliders = await renderSliderBanners(writer);
  const portraits = await renderReviewerPortraits(writer, TESTIMONIALS.length);
  const [mp4, webm] = await copyReelVideos(writer);
  return { categoryTiles, productPhotos, reels: { 'reel-1.mp4': mp4, 'reel-2.webm': webm }, sliders, portraits };
}

/** argon2 is deliberately slow, so the hashes are made before the transaction opens. */
async function hashPasswords(adminPassword: string): Promise<{ admin: string; shoppers: string[] }> {
  const [admin, ...shoppers] = await Promise.all([adminPassword, ...SHOPPERS.map(() => SHOPPER_PASSWORD)].map((p) => hashPassword(p)));
  return { admin, shoppers };
}

async function insertDemo(db: Db, config: SeedConfig, media: DemoMedia, hashes: { admin: string; shoppers: string[] }, now: Date): Promise<void> {
  const adminId = await insertAdministrator(db, config.admin, hashes.admin, now);
  const lookups = await insertLookups(db, media.categoryTiles, now);
  const rates = await insertRates(db, lookups, now);
  const products = await insertDemoProducts(db, lookups, media, now, rates);
  await insertSliders(db, media.sliders, now);
  await insertCoupons(db, now);
  const shoppers = await insertShoppers(db, hashes.shoppers, now);
  await insertOrders(db, lookups, shoppers, products, adminId, now, config.seller ?? sellerFrom({}), config.panKey);
  await insertProductReviews(db, shoppers, products, now);
  await insertTestimonials(db, adminId, media.portraits, now);
  await insertInbox(db, now);
}

async function insertAdministrator(db: Db, admin: SeedConfig['admin'], passwordHash: string, now: Date): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      full_name: 'Store Administrator',
      u_name: 'admin',
      country_code: admin.countryCode,
      // As sign-up keeps it: the national number under its code (ADMIN_PHONE may be typed "099999 99999").
      phone_number: nationalNumber(admin.phoneNumber, admin.countryCode) ?? admin.phoneNumber,
      password_hash: passwordHash,
      u_type: '0',
      created_at: sqlTimestamp(daysBefore(now, 200)),
      token_key: newTokenKey(),
    })
    .returning('u_id')
    .executeTakeFirstOrThrow();
  return row.u_id;
}

/** Ids of the catalogue's named rows. */
export interface Lookups {
  categories: Map<string, number>;
  carats: Map<string, number>;
  materials: Map<string, number>;
  sizes: Map<string, number>;
}

async function insertLookups(db: Db, categoryTiles: string[], now: Date): Promise<Lookups> {
  const created_at = sqlTimestamp(daysBefore(now, 180));
  const categories = await db
    .insertInto('categories')
    .values(CATEGORIES.map((c, i) => ({ cate_name: c.name, cate_image: categoryTiles[i], created_at })))
    .returning(['cate_id', 'cate_name'])
    .execute();
  const carats = await db.insertInto('carats').values(CARATS.map((name) => ({ name, created_at }))).returning(['carat_id', 'name']).execute();
  const materials = await db.insertInto('materials').values(MATERIALS.map((name) => ({ name, created_at }))).returning(['m_id', 'name']).execute();
  const sizes = await db.insertInto('sizes').values(SIZES.map((size_name) => ({ size_name, created_at }))).returning(['size_id', 'size_name']).execute();
  return {
    categories: new Map(categories.map((c) => [c.cate_name, c.cate_id])),
    carats: new Map(carats.map((c) => [c.name, c.carat_id])),
    materials: new Map(materials.map((m) => [m.name, m.m_id])),
    sizes: new Map(sizes.map((s) => [s.size_name, s.size_id])),
  };
}

function idOf(map: Map<string, number>, name: string): number {
  const id = map.get(name);
  if (id === undefined) throw new Error(`demo seed: "${name}" is not in the catalogue`);
  return id;
}

/**
 * The carat rows in the order the storefront offers them (its default is the
 * first): 22K first for plain gold, 18K first where stones lead, as diamonds
 * are usually set in 18K.
 */
function caratOrder(product: Pick<ProductSeed, 'stones'>): CaratName[] {
  return product.stones && /diamond/i.test(product.stones.text) ? ['18K', '22K'] : ['22K', '18K'];
}

/** The demo's rates, set when the catalogue is seeded: every rate-priced row was priced at them. */
export interface SeedRates {
  /** ISO time the rates were set. */
  at: string;
}

/** A small stable number from a name, so the same product always gets the same stock. */
function nameHash(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/**
 * How a demo row is priced and stocked: most rows by the day's rate (chains by
 * rupees per gram of making, the rest by a percentage), one design in nine at a
 * fixed price; one in five one-of-a-kind, one in four made to order, the others
 * a few pieces. The large catalogue is made to order throughout (`madeToOrder`).
 */
function caratRow(product: ProductSeed, name: string, carat: CaratName, rates: SeedRates, options: { madeToOrder?: boolean }) {
  const making = categoryOf(product).making;
  const h = nameHash(name);
  const stock = options.madeToOrder || h % 4 === 0 ? { stock: null, lead_time_days: 14 + (h % 3) * 7 } : { stock: h % 5 === 1 ? 1 : 2 + (h % 6), lead_time_days: null };
  const net_weight_mg = Math.round(gramsIn(product, carat) * 1000);
  if (h % 9 === 4) {
    const price = priceOf(product, making, carat);
    return { inr_price: price.inr, usd_price: price.usd, pricing: 'fixed' as const, net_weight_mg, ...stock };
  }
  const rate = GOLD_RATE_INR[carat] * 100;
  const recipe =
    product.category === 'Chains'
      ? { netWeightMg: net_weight_mg, makingType: 'per_gram' as const, makingValue: Math.round(GOLD_RATE_INR[carat] * making) * 100, stoneValue: 0 }
      : { netWeightMg: net_weight_mg, makingType: 'percent' as const, makingValue: Math.round(making * 10_000), stoneValue: (product.stones?.inr ?? 0) * 100 };
  const priced = priceRow(recipe, rate, INR_PER_USD * 100);
  return {
    inr_price: priced.inr_price,
    usd_price: priced.usd_price,
    pricing: 'rate' as const,
    net_weight_mg,
    making_type: recipe.makingType,
    making_value: recipe.makingValue,
    stone_value: recipe.stoneValue,
    rate_per_gram: rate,
    rate_at: rates.at,
    ...stock,
  };
}

/** A product's draft for insertProducts, from its seed and its media file names. */
export function productDraft(
  product: ProductSeed,
  lookups: Lookups,
  media: ProductDraft['media'],
  created: Date,
  rates: SeedRates,
  name = product.name,
  options: { madeToOrder?: boolean } = {},
): ProductDraft {
  return {
    name,
    cate_id: idOf(lookups.categories, product.category),
    description: descriptionOf(product),
    specifications: specificationsOf(product),
    offer: product.offer,
    is_bestseller: product.bestseller ? 1 : 0,
    // The shop policy's partial-refund collection is the documents' "Everyday Collection": the pieces named so.
    partial_refund: /\bEveryday\b/.test(product.name) ? 1 : 0,
    is_reel: product.reel ? 1 : 0,
    created_at: sqlTimestamp(created),
    media,
    m_ids: materialsOf(product).map((m) => idOf(lookups.materials, m)),
    size_ids: sizesOf(product).map((s) => idOf(lookups.sizes, s)),
    keyPoints: keyPointsOf(product),
    carats: caratOrder(product).map((carat) => ({ carat_id: idOf(lookups.carats, carat), ...caratRow(product, name, carat, rates, options) })),
  };
}

/** Sets the demo's gold rates (rupees per gram by carat) and rupees per dollar, as the back office would. */
async function insertRates(db: Db, lookups: Lookups, now: Date): Promise<SeedRates> {
  const change = await db
    .insertInto('metal_rate_changes')
    .values({ usd_inr: INR_PER_USD * 100, created_at: sqlTimestamp(now) })
    .returning(['rc_id', 'created_at'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('metal_rates')
    .values(CARATS.map((carat) => ({ rc_id: change.rc_id, carat_id: idOf(lookups.carats, carat), inr_per_gram: GOLD_RATE_INR[carat] * 100 })))
    .execute();
  return { at: isoTimestamp(change.created_at) };
}

/** The rates the store holds now, for products added on top of the demo (the large catalogue). */
export async function currentSeedRates(db: Db): Promise<SeedRates> {
  const row = await db.selectFrom('metal_rate_changes').select('created_at').orderBy('rc_id', 'desc').limit(1).executeTakeFirst();
  return { at: row ? isoTimestamp(row.created_at) : new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') };
}

interface SeededProduct {
  p_id: number;
  seed: ProductSeed;
  cate_id: number;
  image: string;
}

/** Arrival dates spread over five months in a shuffled order, so New Arrivals mixes categories. */
function arrivalDays(count: number): number[] {
  const rng = createRandom(2010);
  const ranks = Array.from({ length: count }, (_, i) => i);
  for (let i = ranks.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [ranks[i], ranks[j]] = [ranks[j], ranks[i]];
  }
  return ranks.map((rank) => 0.5 + rank * 2.3 + rng.between(0, 1.5));
}

async function insertDemoProducts(db: Db, lookups: Lookups, media: DemoMedia, now: Date, rates: SeedRates): Promise<Map<string, SeededProduct>> {
  const days = arrivalDays(PRODUCTS.length);
  const drafts = PRODUCTS.map((product, i) => {
    const photos = media.productPhotos[i].map((file_name) => ({ file_name, kind: 'image' as const }));
    // A video reel plays first in the reels strip and the product carousel; its photos follow.
    const video = product.reel && product.reel !== 'photos' ? [{ file_name: media.reels[product.reel], kind: 'video' as const }] : [];
    return productDraft(product, lookups, [...video, ...photos], daysBefore(now, days[i]), rates);
  });
  const ids = await insertProducts(db, drafts);
  return new Map(PRODUCTS.map((seed, i) => [seed.name, { p_id: ids[i], seed, cate_id: drafts[i].cate_id, image: media.productPhotos[i][0] }]));
}

async function insertSliders(db: Db, sliders: string[], now: Date): Promise<void> {
  const created_at = sqlTimestamp(daysBefore(now, 30));
  // The banners' words go in as text, shown over the picture (not drawn into it).
  await db
    .insertInto('slider_images')
    .values(sliders.map((image, position) => ({ image, position, created_at, eyebrow: BANNERS[position]?.eyebrow ?? null, headline: BANNERS[position]?.headline ?? null, subline: BANNERS[position]?.subline ?? null })))
    .execute();
}

async function insertCoupons(db: Db, now: Date): Promise<void> {
  const created_at = sqlTimestamp(daysBefore(now, 90));
  await db
    .insertInto('coupons')
    .values(COUPONS.map((c) => ({ coupon_name: c.name, discount_bp: c.bp, c_status: c.active ? 1 : 0, created_at })))
    .execute();
}

interface SeededShopper {
  u_id: number;
  currency: Currency;
}

async function insertShoppers(db: Db, passwordHashes: string[], now: Date): Promise<Map<string, SeededShopper>> {
  const rows = await db
    .insertInto('users')
    .values(SHOPPERS.map((s, i) => ({
      full_name: s.full_name,
      u_name: s.u_name,
      country_code: s.country_code,
      phone_number: s.phone_number,
      password_hash: passwordHashes[i],
      u_type: '1',
      created_at: sqlTimestamp(daysBefore(now, s.joinedDaysAgo)),
      token_key: newTokenKey(),
    })))
    .returning(['u_id', 'u_name', 'country_code'])
    .execute();
  return new Map(rows.map((r) => [r.u_name, { u_id: r.u_id, currency: currencyFor(r.country_code) }]));
}

/**
 * A demo piece's HUID: 6 capital letters or digits, one per piece of the demo
 * (order n, line l, piece k), never the same twice ("DM" and four base-36 digits).
 */
export function demoHuid(order: number, line: number, piece: number): string {
  return `DM${(order * 100 + line * 10 + piece).toString(36).toUpperCase().padStart(4, '0')}`;
}

/**
 * The demo orders with their items, payments and status history: placed by the
 * shopper, then each change the lifecycle allows on the way to the seeded status
 * (db/seed/order-history.ts), the shop's changes made by the administrator.
 * Shipped and delivered orders carry a HUID a piece and a tax invoice issued
 * when their history says they shipped.
 */
async function insertOrders(
  db: Db, lookups: Lookups, shoppers: Map<string, SeededShopper>, products: Map<string, SeededProduct>, adminId: number, now: Date, seller: Seller, panKey: Uint8Array,
): Promise<void> {
  const coupons = new Map(COUPONS.map((c) => [c.name, c.bp]));
  const usd_inr = await currentUsdInr(db);
  const rates = await shippingRates(db);
  /** Shipped and delivered orders, with when they shipped: their invoices are issued in that order below. */
  const shipped: { o_id: number; at: Date }[] = [];
  for (const [n, order] of ORDERS.entries()) {
    const shopper = SHOPPERS.find((s) => s.u_name === order.shopper);
    const account = shoppers.get(order.shopper);
    if (!shopper || !account) throw new Error(`demo seed: no shopper ${order.shopper}`);
    const lines = await Promise.all(order.items.map(async (item) => {
      const product = products.get(item.product);
      if (!product) throw new Error(`demo seed: no product ${item.product}`);
      const carat_id = idOf(lookups.carats, item.carat);
      const pc = await db
        .selectFrom('product_carats as pc')
        .select(['pc.pc_id', 'pc.inr_price', 'pc.usd_price', ...CARAT_PRICING_COLUMNS])
        .where('pc.p_id', '=', product.p_id)
        .where('pc.carat_id', '=', carat_id)
        .executeTakeFirstOrThrow();
      const material = materialsOf(product.seed)[0];
      const size = item.size ?? sizesOf(product.seed)[0];
      if (!sizesOf(product.seed).includes(size)) throw new Error(`demo seed: ${item.product} has no size ${size}`);
      // As checkout prices it (api/orders/pricing.ts): the listed price with or without GST for where it goes.
      const price = supplyPrice(account.currency === 'INR' ? pc.inr_price : pc.usd_price, account.currency, shopper.country);
      return {
        p_id: product.p_id, pc_id: pc.pc_id, carat_id, cate_id: product.cate_id, m_id: idOf(lookups.materials, material), size_id: idOf(lookups.sizes, size),
        product_name: product.seed.name, product_image: product.image, category_name: product.seed.category,
        carat_name: item.carat, material_name: material, size_name: size,
        quantity: item.quantity, price, line_total: price * item.quantity,
        ...orderItemPricing(pc),
      };
    }));
    const subtotal = lines.reduce((sum, line) => sum + line.line_total, 0);
    // Shipping as checkout charges it: free in India, by zone and parcel weight abroad.
    const weight_g = parcelWeightGrams(lines.map((l) => ({ net_weight_g: l.net_weight_mg === null ? null : l.net_weight_mg / 1000, quantity: l.quantity })));
    const quote = shippingCharge(rates, shopper.country, weight_g, account.currency);
    if (!quote.ok) throw new Error(`demo seed: no shipping to ${shopper.country}`);
    const shipping = quote.amount;
    const bp = order.coupon ? coupons.get(order.coupon) : undefined;
    if (order.coupon && bp === undefined) throw new Error(`demo seed: no coupon ${order.coupon}`);
    // The same rule as checkout (api/orders/pricing.ts): percent of the subtotal, half-up, never more than it.
    const discount = bp === undefined ? 0 : couponDiscount(subtotal, bp);
    const placed = daysBefore(now, order.daysAgo);
    const history = demoHistory(order, placed, now);
    const last = history[history.length - 1];
    const refund = history.find((step) => step.refund);
    const total = subtotal - discount + shipping;
    const provider_order_id = order.payment === 'online' ? `demo_order_${n + 1}` : null;
    const [first_name, ...rest] = shopper.full_name.split(' ');
    const { o_id } = await db
      .insertInto('orders')
      .values({
        u_id: account.u_id, status: order.status, currency: account.currency,
        subtotal, discount, shipping, total, shipping_weight_g: weight_g, usd_inr,
        coupon_name: order.coupon ?? null, coupon_discount_bp: bp ?? null,
        first_name, last_name: rest.join(' '), email: shopper.email, phone_number: accountPhone(shopper.country_code, shopper.phone_number),
        address: shopper.address, apartment: shopper.apartment, city: shopper.city, state: shopper.state, zip_code: shopper.zip_code, country: shopper.country,
        payment_method: order.payment, payment_status: last.payment_status, provider_order_id, pan: sealPan(panKey, order.pan && normalisePan(order.pan)),
        refund_amount: history.some((step) => step.payment_status === 'refund_pending') ? total : null,
        refunded_at: refund ? sqlTimestamp(refund.at) : null,
        created_at: sqlTimestamp(placed),
        updated_at: sqlTimestamp(last.at),
      })
      .returning('o_id')
      .executeTakeFirstOrThrow();
    const items = await db.insertInto('order_items').values(lines.map((line) => ({ o_id, ...line }))).returning(['oi_id', 'quantity']).execute();
    await db
      .insertInto('order_status_history')
      .values(history.map((step) => ({
        o_id, from_status: step.from_status, to_status: step.to_status, payment_status: step.payment_status, actor: step.actor,
        u_id: step.actor === 'shopper' ? account.u_id : step.actor === 'shop' ? adminId : null,
        // The words the live refund writes (api/orders/refund.ts).
        note: step.refund ? refundAcceptedNote(total, account.currency) : null,
        created_at: sqlTimestamp(step.at),
      })))
      .execute();
    const shippedStep = history.find((step) => step.to_status === ORDER_STATUS.shipped);
    if (shippedStep) {
      // Hallmarked when packed, as the desk records them (PUT /orderhuid): one HUID a piece.
      await replaceItemHuids(db, new Map(items.map((item, l) => [item.oi_id, Array.from({ length: item.quantity }, (_, k) => demoHuid(n + 1, l + 1, k + 1))])));
      shipped.push({ o_id, at: shippedStep.at });
    }
    if (provider_order_id) {
      // An online order exists only once the provider confirmed the payment; the payment row says so.
      await db
        .insertInto('payments')
        .values({
          provider: 'sandbox', provider_order_id, payment_session_id: `demo_session_${n + 1}`, u_id: account.u_id,
          currency: account.currency, amount: total, status: refund ? 'refunded' : 'used', o_id, checkout: null,
          created_at: sqlTimestamp(placed), updated_at: sqlTimestamp(refund?.at ?? placed),
        })
        .execute();
    }
  }
  // Their tax invoices, issued as shipping issues them (db/invoices.ts, in the seed's transaction), in the order they shipped: numbered without gaps.
  shipped.sort((a, b) => a.at.getTime() - b.at.getTime() || a.o_id - b.o_id);
  for (const { o_id, at } of shipped) {
    const order = await findOrder(db, o_id);
    if (!order) throw new Error(`demo seed: order ${o_id} vanished`);
    await issueInvoice(db, { ...order, pan: openPan(panKey, order.pan) }, seller, at);
  }
}

async function insertProductReviews(db: Db, shoppers: Map<string, SeededShopper>, products: Map<string, SeededProduct>, now: Date): Promise<void> {
  for (const review of PRODUCT_REVIEWS) {
    const bought = ORDERS.some((o) => o.shopper === review.shopper && o.status !== 5 && o.items.some((i) => i.product === review.product));
    const shopper = SHOPPERS.find((s) => s.u_name === review.shopper);
    const product = products.get(review.product);
    const account = shoppers.get(review.shopper);
    // The store's rule: only a buyer of the product (order not cancelled) may review it.
    if (!bought || !shopper || !product || !account) throw new Error(`demo seed: ${review.shopper} did not buy ${review.product}`);
    await db
      .insertInto('reviews')
      .values({ u_id: account.u_id, u_name: shopper.full_name, p_id: product.p_id, message: review.message, rating: review.rating, created_at: sqlTimestamp(daysBefore(now, review.daysAgo)) })
      .execute();
  }
}

async function insertTestimonials(db: Db, adminId: number, portraits: string[], now: Date): Promise<void> {
  for (const [i, t] of TESTIMONIALS.entries()) {
    const { r_id } = await db
      .insertInto('reviews')
      .values({ u_id: adminId, u_name: t.name, p_id: null, message: t.message, rating: t.rating, created_at: sqlTimestamp(daysBefore(now, t.daysAgo)) })
      .returning('r_id')
      .executeTakeFirstOrThrow();
    await db.insertInto('review_images').values({ r_id, file_name: portraits[i], position: 0 }).execute();
  }
}

async function insertInbox(db: Db, now: Date): Promise<void> {
  await db
    .insertInto('contact_messages')
    .values(CONTACT_MESSAGES.map((m) => ({ name: m.name, email: m.email, message: m.message, mo_no: m.mo_no, status: m.status, created_at: sqlTimestamp(daysBefore(now, m.daysAgo)) })))
    .execute();
  await db
    .insertInto('newsletter_subscribers')
    // Demo subscribers have confirmed their sign-up (double opt-in, issue 35), each with its own link token.
    .values(
      NEWSLETTER_SUBSCRIBERS.map((s) => ({
        email: s.email,
        status: 'confirmed' as const,
        token: randomBytes(24).toString('base64url'),
        created_at: sqlTimestamp(daysBefore(now, s.daysAgo)),
        confirmed_at: sqlTimestamp(daysBefore(now, s.daysAgo)),
      })),
    )
    .execute();
}
