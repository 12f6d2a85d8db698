/**
 * What shoppers and the administrator do before an attacker arrives, done the
 * way they do it: over HTTP, through the API the storefront calls.
 */

import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { LEGAL_CASH_LIMIT, PAN_THRESHOLD } from '../../../rules/compliance.ts';
import type { StoredSelection } from '../../../db/queries/cart.ts';
import { deliveryPhone } from '../../helpers/orders.ts';
import { DEMO_ADMIN, type ProbeServer, type Session, startProbeServer } from './server.ts';

/** A product selection as the storefront sends it to /createcart, /createwishlist and Buy Now: the ids a cart line stores. */
export type Selection = StoredSelection;

export interface ProductView {
  p_id: number;
  cate_id: number;
  materials: number[];
  size: number[];
  productcarats: { pc_id: number; carat_id: number; inr_price: number; usd_price: number; stock: number | null }[];
  images: { imageUrl: string }[];
}

/** Active products as the storefront lists them. */
export async function listProducts(server: ProbeServer, perPage = 12): Promise<ProductView[]> {
  const res = await server.send('POST', '/getproducts', { body: { isReel: 0, page: 1, perPage } });
  if (res.status !== 200) throw new Error(`/getproducts answered ${res.status}`);
  return res.body.data.productData;
}

/**
 * Products a probe can buy as often as it likes, so that a refusal can only come
 * from the attack: the default carat row is made to order (stock null: it never
 * sells out, whatever earlier probes bought) and `pieces` of it cost less than
 * ₹2,00,000, under the cash-on-delivery cap and the PAN threshold. Throws when
 * the catalogue listed has none (a probe must not quietly test nothing).
 */
export function buyableProducts(products: ProductView[], pieces = 1): ProductView[] {
  const limit = Math.min(LEGAL_CASH_LIMIT, PAN_THRESHOLD);
  const found = products.filter((p) => {
    const row = p.productcarats[0];
    return row !== undefined && row.stock === null && Math.round(row.inr_price * 100) * pieces < limit;
  });
  if (found.length === 0) throw new Error(`no made-to-order product under ₹2,00,000 for ${pieces} piece(s) among ${products.length} listed`);
  return found;
}

/**
 * Products cheapest first (by the default carat row's rupee price). The law's limits count a
 * buyer's whole day (rules/compliance.ts: cash on delivery below ₹2,00,000, a PAN from ₹2,00,000
 * of purchases), so a probe that buys several times picks the cheapest pieces: its rightful
 * requests stay lawful and a refusal can only come from the attack.
 */
export function cheapestFirst(products: ProductView[]): ProductView[] {
  return [...products].sort((a, b) => a.productcarats[0].inr_price - b.productcarats[0].inr_price);
}

/** The storefront's default choice for a product: first carat, material and size. */
export function defaultSelection(product: ProductView, carat = 0): Selection {
  const pc = product.productcarats[carat];
  return { p_id: product.p_id, pc_id: pc.pc_id, carat_id: pc.carat_id, cate_id: product.cate_id, m_id: product.materials[0], size_id: product.size[0] ?? null };
}

let registered = 0;

/** Registers a new shopper through /registeruser and signs them in: the outsider's own account. */
export async function registerShopper(server: ProbeServer, countryCode = '+91'): Promise<Session & { phoneNumber: string; password: string }> {
  registered += 1;
  const phoneNumber = `8${String(randomInt(1e8)).padStart(8, '0')}${registered % 10}`;
  const password = 'Attacker@123';
  const res = await server.send('POST', '/registeruser', {
    body: { full_name: 'Mallory Outsider', u_name: `mallory${registered}`, countryCode, phoneNumber, password, repeatPassword: password },
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${res.text}`);
  return { ...(await server.login({ countryCode, phoneNumber, password })), phoneNumber, password };
}

/** A probe server with the demo administrator logged in and a shopper registered through /registeruser, as anyone would be. */
export async function startProbeShop() {
  const server = await startProbeServer();
  return { server, admin: await server.login(DEMO_ADMIN), shopper: await registerShopper(server) };
}

/** Adds a selection to a shopper's cart and answers the line's c_id. */
export async function addToCart(server: ProbeServer, session: Session, selection: Selection, quantity = 1): Promise<number> {
  const res = await server.send('POST', '/createcart', { token: session.token, body: { ...selection, quantity } });
  if (res.body?.status !== 1) throw new Error(`/createcart failed: ${res.status} ${res.text}`);
  return res.body.data.c_id;
}

export async function addToWishlist(server: ProbeServer, session: Session, selection: Selection): Promise<number> {
  const res = await server.send('POST', '/createwishlist', { token: session.token, body: selection });
  if (res.body?.status !== 1) throw new Error(`/createwishlist failed: ${res.status} ${res.text}`);
  return res.body.data.w_id;
}

/**
 * The demo shopper Priya Sharma's delivery address (her own phone): an order sent with it counts
 * towards her day (the law's limits count a delivery phone as one buyer). A shopper's own orders
 * and payments go to `addressOf(session)`, which has the shopper's own phone.
 */
export const ADDRESS = {
  first_name: 'Priya',
  last_name: 'Sharma',
  email: 'priya.sharma@example.com',
  phone_number: '9876543210',
  address: '14 Sea Breeze Apartments, Carter Road',
  apartment: 'Flat 602',
  city: 'Mumbai',
  state: 'Maharashtra',
  zip_code: '400050',
} as const;

/** A shopper's own delivery phone (ten digits from the u_id, as tests/helpers/orders.ts gives it): one buyer per shopper. */
export function phoneOf(session: { u_id: number }): string {
  return deliveryPhone(session.u_id);
}

/** The address a shopper's orders go to: ADDRESS with the shopper's own phone, so no two shoppers are one buyer. */
export function addressOf(session: { u_id: number }) {
  return { ...ADDRESS, phone_number: phoneOf(session) };
}

/** The figures the storefront sends with an order for a cart worth `subtotal` (rupees or dollars). */
export function totals(subtotal: number, discount = 0) {
  return { shipping: 0, subtotal, discount, total: Math.round((subtotal - discount) * 100) / 100 };
}

/**
 * Places a cash-on-delivery order, priced as the server prices it: for the cart
 * lines named (or the whole cart), or with `buyNow` for one selection.
 */
export async function placeCodOrder(
  server: ProbeServer,
  session: Session,
  subtotal: number,
  lines: { c_ids?: number[]; buyNow?: Selection & { quantity: number } } = {},
): Promise<number> {
  const cartItems = lines.buyNow ? [lines.buyNow] : lines.c_ids?.map((c_id) => ({ c_id }));
  const res = await server.send('POST', '/createorder', {
    token: session.token,
    body: { ...addressOf(session), ...totals(subtotal), cartItems, payment_method: 'cod', priceType: session.countryCode === '+91' ? 'inr_price' : 'usd_price' },
  });
  if (res.body?.status !== 1) throw new Error(`/createorder failed: ${res.status} ${res.text}`);
  return res.body.data.o_id;
}

/** A small real image (decodes completely), as a browser would upload it. */
export function realImage(format: 'png' | 'jpeg' = 'png', size = 8): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: '#c9a227' } })[format]().toBuffer();
}

export type FormEntry = string | { bytes: Uint8Array; name: string; type?: string };

/** A multipart form as a browser's FormData sends it; arrays repeat a field. */
export function form(entries: Record<string, FormEntry | FormEntry[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === 'string') data.append(key, v);
      else data.append(key, new Blob([new Uint8Array(v.bytes)], { type: v.type ?? 'application/octet-stream' }), v.name);
    }
  }
  return data;
}

/** Sends a multipart form (encoded first, so the request carries a Content-Length like a browser's). */
export async function sendForm(server: ProbeServer, method: string, url: string, data: FormData, token?: string) {
  const encoded = new Response(data);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  return server.send(method, url, { raw: bytes, token, headers: { 'Content-Type': encoded.headers.get('content-type')! } });
}
