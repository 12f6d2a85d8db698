/**
 * Authorization probes against the running store: another shopper's cart,
 * wishlist, orders, reviews and account (by u_id in paths and bodies, and by
 * c_id, w_id, o_id), every protected operation of openapi.yaml as a visitor and
 * every back-office one as a shopper, mass assignment at registration, and
 * what the public catalogue calls show to whom.
 */

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceOrder } from '../helpers/orders.ts';
import { totpCodeAt } from '../../api/routes/totp/codes.ts';
import { expectRefused, fileListing, ProbeLedger, snapshot, expectUnchanged } from './helpers/probe.ts';
import { operationKey, operations } from './helpers/openapi.ts';
import { DEMO_ADMIN, DEMO_SHOPPERS, type HttpAnswer, type ProbeServer, type Session, startProbeServer } from './helpers/server.ts';
import {
  addressOf, addToCart, addToWishlist, buyableProducts, cheapestFirst, defaultSelection, form, listProducts, phoneOf, type ProductView,
  placeCodOrder, realImage, registerShopper, type Selection, sendForm, totals,
} from './helpers/shop.ts';

const ledger = new ProbeLedger('authorization');
let server: ProbeServer;
let admin: Session;
/** A demo shopper whose things the attacker goes after. */
let victim: Session;
/** The outsider: an account registered through /registeruser like anyone's. */
let attacker: Session;
let products: ProductView[];
/** Made-to-order pieces under ₹2,00,000, cheapest first: what the attacker buys (see `cheap`). */
let affordable: ProductView[];
let selection: Selection;
let victimCart: number;
let victimWish: number;
let victimOrder: number;
let png: Buffer;

/** The victim's things, as the database holds them. */
async function victimState(): Promise<string> {
  const { db } = server;
  const [user, cart, wishlist, orders, reviews] = await Promise.all([
    db.selectFrom('users').selectAll().where('u_id', '=', victim.u_id).execute(),
    db.selectFrom('cart_items').selectAll().where('u_id', '=', victim.u_id).orderBy('c_id').execute(),
    db.selectFrom('wishlist_items').selectAll().where('u_id', '=', victim.u_id).orderBy('w_id').execute(),
    db.selectFrom('orders').selectAll().where('u_id', '=', victim.u_id).orderBy('o_id').execute(),
    db.selectFrom('reviews').selectAll().where('u_id', '=', victim.u_id).orderBy('r_id').execute(),
  ]);
  return JSON.stringify({ user, cart, wishlist, orders, reviews });
}

const priceType = (s: Session) => (s.countryCode === '+91' ? 'inr_price' : 'usd_price');
const priceOf = (s: Session, p: ProductView, carat = 0) => p.productcarats[carat][priceType(s)];
/**
 * The n-th cheapest made-to-order product of the catalogue. The law's limits count the buyer's
 * whole day (rules/compliance.ts): everything the attacker buys across these probes stays below
 * ₹2,00,000 (cash on delivery, and purchases without a PAN), so a rightful request can only fail
 * for the probe's own reason, and made to order, no piece sells out.
 */
const cheap = (n: number) => affordable[n];

beforeAll(async () => {
  server = await startProbeServer();
  admin = await server.login(DEMO_ADMIN);
  victim = await server.login(DEMO_SHOPPERS[0]);
  attacker = await registerShopper(server);
  products = await listProducts(server);
  affordable = cheapestFirst(buyableProducts(await listProducts(server, 100)));
  expect(affordable.length, 'three made-to-order products under ₹2,00,000').toBeGreaterThanOrEqual(3);
  selection = defaultSelection(products[0]);
  png = await realImage();
  // The victim orders one piece (a fresh, cancellable order), then fills cart and wishlist again.
  victimOrder = await placeCodOrder(server, victim, priceOf(victim, products[1]), { buyNow: { ...defaultSelection(products[1]), quantity: 1 } });
  victimCart = await addToCart(server, victim, selection, 2);
  victimWish = await addToWishlist(server, victim, selection);
});

afterAll(async () => {
  ledger.report();
  await server?.close();
});

/** Sends an attack and checks it was refused with one of `codes` and left the victim (and everything) as it was. */
async function refused(label: string, attack: () => Promise<HttpAnswer>, codes: number[]) {
  await ledger.probe(async () => {
    const before = await snapshot(server.db);
    const victimBefore = await victimState();
    const res = await attack();
    expectRefused(res, codes, label);
    expect(await victimState(), `${label}: the victim's data changed`).toBe(victimBefore);
    await expectUnchanged(server.db, before, label);
  });
}

describe("another shopper's cart, wishlist and orders", () => {
  /** The victim's u_id as attackers write it (each one is still the victim). */
  const victimIds = () => [victim.u_id, String(victim.u_id), ` ${victim.u_id} `, `0${victim.u_id}`, `${victim.u_id}.0`, `${victim.u_id}e0`, [victim.u_id], [String(victim.u_id)]];

  it('reads nothing of theirs by u_id in the path', async () => {
    const pathIds = [String(victim.u_id), `0${victim.u_id}`, `${victim.u_id}.0`, `%3${victim.u_id}`, `${victim.u_id}%00`, `+${victim.u_id}`, `0x${victim.u_id.toString(16)}`, `${victim.u_id}e0`, ` ${victim.u_id}`];
    for (const base of ['/getcart', '/getwishlist', '/getorder']) {
      for (const id of pathIds) {
        await refused(`GET ${base}/${id}`, () => server.send('GET', `${base}/${id.replace(/ /g, '%20')}`, { token: attacker.token }), [400, 403, 404]);
      }
    }
  });

  it('reads nothing of theirs by u_id in the body', async () => {
    for (const u_id of victimIds()) {
      await refused(`POST /getuserorder u_id=${JSON.stringify(u_id)}`, () => server.send('POST', '/getuserorder', { token: attacker.token, body: { u_id } }), [400, 403]);
    }
  });

  it('adds nothing to their cart or wishlist', async () => {
    for (const u_id of victimIds()) {
      await refused(`POST /createcart u_id=${JSON.stringify(u_id)}`, () => server.send('POST', '/createcart', { token: attacker.token, body: { ...selection, u_id, quantity: 1 } }), [400, 403]);
      await refused(`POST /createwishlist u_id=${JSON.stringify(u_id)}`, () => server.send('POST', '/createwishlist', { token: attacker.token, body: { ...defaultSelection(products[2]), u_id } }), [400, 403]);
    }
    // Duplicate keys: JSON.parse keeps the last, which is the victim.
    const raw = `{"u_id":${attacker.u_id},"p_id":${selection.p_id},"pc_id":${selection.pc_id},"carat_id":${selection.carat_id},"m_id":${selection.m_id},"size_id":${selection.size_id},"u_id":${victim.u_id}}`;
    await refused('POST /createcart with the u_id key twice', () => server.send('POST', '/createcart', { token: attacker.token, raw, headers: { 'Content-Type': 'application/json' } }), [403]);
  });

  it('changes and removes nothing of theirs by c_id or w_id', async () => {
    await refused('PUT /updatecart their c_id', () => server.send('PUT', '/updatecart', { token: attacker.token, body: { c_id: victimCart, quantity: 9 } }), [404]);
    await refused('DELETE /removecart their c_id', () => server.send('DELETE', '/removecart', { token: attacker.token, body: { c_id: victimCart, u_id: attacker.u_id } }), [404]);
    await refused('DELETE /removewishlist their w_id', () => server.send('DELETE', '/removewishlist', { token: attacker.token, body: { w_id: victimWish, u_id: attacker.u_id } }), [404]);
    await refused('DELETE /removewishlist their w_id, no u_id', () => server.send('DELETE', '/removewishlist', { token: attacker.token, body: { w_id: victimWish } }), [404]);
    for (const u_id of victimIds()) {
      await refused(`PUT /updatecart naming ${JSON.stringify(u_id)}`, () => server.send('PUT', '/updatecart', { token: attacker.token, body: { u_id, c_id: victimCart, quantity: 9 } }), [400, 403]);
      await refused(`DELETE /removecart naming ${JSON.stringify(u_id)}`, () => server.send('DELETE', '/removecart', { token: attacker.token, body: { u_id, c_id: victimCart } }), [400, 403]);
      await refused(`DELETE /removewishlist naming ${JSON.stringify(u_id)}`, () => server.send('DELETE', '/removewishlist', { token: attacker.token, body: { u_id, w_id: victimWish } }), [400, 403]);
    }
  });

  it("a c_id of theirs sent to /createcart does not reach their line", async () => {
    await ledger.probe(async () => {
      const before = await victimState();
      const res = await server.send('POST', '/createcart', { token: attacker.token, body: { ...selection, c_id: victimCart, quantity: 5 } });
      expect(res.status).toBeLessThan(500);
      expect(await victimState()).toBe(before);
      // Whatever it did, it did to the attacker's own cart.
      if (res.body.status === 1) {
        const line = await server.db.selectFrom('cart_items').select('u_id').where('c_id', '=', res.body.data.c_id).executeTakeFirstOrThrow();
        expect(line.u_id).toBe(attacker.u_id);
      }
    });
  });

  it('orders, pays for and cancels nothing of theirs', async () => {
    const price = priceOf(attacker, products[0]);
    const order = (extra: object) => ({ ...addressOf(attacker), ...totals(price * 2), payment_method: 'cod', priceType: 'inr_price', ...extra });
    for (const u_id of victimIds()) {
      await refused(`POST /createorder naming ${JSON.stringify(u_id)}`, () => server.send('POST', '/createorder', { token: attacker.token, body: order({ u_id }) }), [400, 403]);
      await refused(`PUT /cancelorder naming ${JSON.stringify(u_id)}`, () => server.send('PUT', '/cancelorder', { token: attacker.token, body: { u_id, o_id: victimOrder } }), [400, 403]);
    }
    await refused('POST /createorder with their c_id', () => server.send('POST', '/createorder', { token: attacker.token, body: order({ cartItems: [{ c_id: victimCart }] }) }), [409]);
    await refused('PUT /cancelorder their o_id', () => server.send('PUT', '/cancelorder', { token: attacker.token, body: { o_id: victimOrder } }), [404]);
    const pay = (extra: object) => ({ order_amount: price * 2, customer_name: 'M', customer_email: 'm@example.com', customer_phone: phoneOf(attacker), ...extra });
    await refused('POST /payment as them', () => server.send('POST', '/payment', { token: attacker.token, body: pay({ customer_id: victim.u_id }) }), [403]);
    await refused('POST /payment for their c_id', () => server.send('POST', '/payment', { token: attacker.token, body: pay({ cartItems: [{ c_id: victimCart }] }) }), [409]);
  });

  it('writes no review in their name and deletes no account but their own', async () => {
    for (const u_id of [victim.u_id, String(victim.u_id)]) {
      const data = form({ u_id: String(u_id), p_id: String(products[1].p_id), message: 'Lovely', rating: '5', userReviewImages: { bytes: png, name: 'a.png', type: 'image/png' } });
      await refused(`POST /adduserreviews as u_id ${u_id}`, () => sendForm(server, 'POST', '/adduserreviews', data, attacker.token), [403]);
    }
    for (const id of [String(victim.u_id), String(admin.u_id), `0${victim.u_id}`]) {
      await refused(`DELETE /user/delete/${id}`, () => server.send('DELETE', `/user/delete/${id}`, { token: attacker.token }), [400, 403]);
    }
    await refused("POST /getreviews with a u_id (the back office's list)", () => server.send('POST', '/getreviews', { token: attacker.token, body: { u_id: attacker.u_id } }), [403]);
  });

  it('the victim still sees their own things (the probes above aimed at live data)', async () => {
    const cart = await server.send('GET', `/getcart/${victim.u_id}`, { token: victim.token });
    expect(cart.body.data.map((l: { c_id: number; quantity: number }) => [l.c_id, l.quantity])).toEqual([[victimCart, 2]]);
    const wishlist = await server.send('GET', `/getwishlist/${victim.u_id}`, { token: victim.token });
    expect(wishlist.body.data.map((l: { w_id: number }) => l.w_id)).toEqual([victimWish]);
    const orders = await server.send('GET', `/getorder/${victim.u_id}`, { token: victim.token });
    expect(orders.body.data.find((o: { o_id: number }) => o.o_id === victimOrder)?.status).toBe(1);
  });
});

/* ------------------------------------------------------------------------- */

interface Attempt {
  path: string;
  body?: unknown;
  form?: () => FormData;
  /** The rightful caller's token, when it is not the attacker's (a call that ends the caller's session). */
  token?: string;
}

type Role = 'admin' | 'user';

const adminSend = (method: string, path: string, body?: unknown) => server.send(method, path, { token: admin.token, body });
const adminForm = (path: string, data: FormData) => sendForm(server, 'POST', path, data, admin.token);
let fixtureCount = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++fixtureCount}`;

async function newCategory(): Promise<number> {
  const res = await adminForm('/addcategory', form({ cate_name: unique('Probe category'), categoryImage: { bytes: png, name: 'c.png' } }));
  return res.body.data.cate_id;
}
async function newLookup(kind: 'material' | 'size' | 'carat'): Promise<number> {
  const field = kind === 'size' ? 'size_name' : 'name';
  const res = await adminSend('POST', `/add${kind}`, { [field]: unique(`Probe ${kind}`) });
  return res.body.data[kind === 'material' ? 'm_id' : kind === 'size' ? 'size_id' : 'carat_id'];
}
const productForm = (extra: Record<string, string> = {}) =>
  form({
    name: unique('Probe ring'),
    cate_id: String(products[0].cate_id),
    offer: 'None',
    description: 'A ring.',
    specifications: 'Gold.',
    materials: JSON.stringify([products[0].materials[0]]),
    size: '[]',
    caratPrices: JSON.stringify([{ carat_id: products[0].productcarats[0].carat_id, inr_price: 1000, usd_price: 12 }]),
    images: { bytes: png, name: 'p.png' },
    ...extra,
  });
async function newProduct(): Promise<number> {
  return (await adminForm('/insertproduct', productForm())).body.data.p_id;
}
async function newTestimonial(): Promise<number> {
  const res = await adminForm('/addreviews', form({ message: 'Beautiful work', u_name: 'Asha', rating: '5', reviewsImage: { bytes: png, name: 'r.png' } }));
  return res.body.data.r_id;
}
/** The demo administrator's two-factor sign-in while the TOTP probes turn it on and off. */
let adminTotp: { secret: string; recovery_codes: string[] } | null = null;

/** Sets up the administrator's two-factor sign-in (not on yet): the secret and recovery codes. */
async function setUpAdminTotp(): Promise<{ secret: string; recovery_codes: string[] }> {
  adminTotp = (await adminSend('POST', '/totp/setup')).body.data;
  return adminTotp!;
}

/** The administrator's two-factor sign-in turned on (by the enable probe, or here). */
async function adminTotpOn(): Promise<{ secret: string; recovery_codes: string[] }> {
  if (adminTotp && (await adminSend('GET', '/totp/status')).body.data.totp_enabled) return adminTotp;
  const { secret } = await setUpAdminTotp();
  await adminSend('POST', '/totp/enable', { code: totpCodeAt(secret, Date.now()) });
  return adminTotp!;
}

async function newCoupon(): Promise<number> {
  const res = await adminSend('POST', '/addcoupon', { coupon_name: `PROBE${++fixtureCount}${Date.now() % 1e6}`, discount: '5' });
  return res.body.data.coupon_id;
}

/**
 * A request for every protected operation that its rightful caller would have
 * answered with success: the refusals below are for the caller alone. A new
 * protected operation in openapi.yaml fails the coverage test until it is here.
 */
const PROTECTED: Record<string, { role: Role; build: () => Promise<Attempt> }> = {
  'POST /adduserreviews': {
    role: 'user',
    build: async () => {
      // The attacker buys a piece first: a buyer may review it.
      const bought = cheap(0);
      const o_id = await placeCodOrder(server, attacker, priceOf(attacker, bought), { buyNow: { ...defaultSelection(bought), quantity: 1 } });
      // Delivered through the lifecycle, as the shop does it (HUIDs, Processing, Shipped, Delivered): only a delivered piece may be reviewed.
      await advanceOrder(server, admin, o_id, 4);
      return { path: '/adduserreviews', form: () => form({ p_id: String(bought.p_id), message: 'Fine', rating: '4', userReviewImages: { bytes: png, name: 'u.png' } }) };
    },
  },
  'POST /createcart': { role: 'user', build: async () => ({ path: '/createcart', body: { ...defaultSelection(products[4]), quantity: 1 } }) },
  'GET /getcart/{u_id}': { role: 'user', build: async () => ({ path: `/getcart/${attacker.u_id}` }) },
  'PUT /updatecart': {
    role: 'user',
    build: async () => ({ path: '/updatecart', body: { c_id: await addToCart(server, attacker, defaultSelection(products[5])), quantity: 3 } }),
  },
  'DELETE /removecart': {
    role: 'user',
    build: async () => ({ path: '/removecart', body: { c_id: await addToCart(server, attacker, defaultSelection(products[6])), u_id: attacker.u_id } }),
  },
  'POST /createwishlist': { role: 'user', build: async () => ({ path: '/createwishlist', body: defaultSelection(products[7]) }) },
  'GET /getwishlist/{u_id}': { role: 'user', build: async () => ({ path: `/getwishlist/${attacker.u_id}` }) },
  'DELETE /removewishlist': {
    role: 'user',
    build: async () => ({ path: '/removewishlist', body: { w_id: await addToWishlist(server, attacker, defaultSelection(products[8])), u_id: attacker.u_id } }),
  },
  'POST /createorder': {
    role: 'user',
    build: async () => {
      const cart = await server.send('GET', `/getcart/${attacker.u_id}`, { token: attacker.token });
      for (const line of cart.body.data) await server.send('DELETE', '/removecart', { token: attacker.token, body: { c_id: line.c_id } });
      // The cheapest piece: two of it keep the attacker's day below the cash-on-delivery limit (s.269ST, rules/compliance.ts).
      const cheapest = cheap(0);
      await addToCart(server, attacker, defaultSelection(cheapest), 2);
      return { path: '/createorder', body: { ...addressOf(attacker), ...totals(priceOf(attacker, cheapest) * 2), payment_method: 'cod', priceType: 'inr_price' } };
    },
  },
  'POST /getuserorder': { role: 'user', build: async () => ({ path: '/getuserorder', body: { u_id: attacker.u_id } }) },
  'GET /getuserprofile': { role: 'user', build: async () => ({ path: '/getuserprofile' }) },
  'GET /totp/status': { role: 'admin', build: async () => ({ path: '/totp/status' }) },
  'POST /totp/setup': { role: 'admin', build: async () => ({ path: '/totp/setup' }) },
  'POST /totp/enable': { role: 'admin', build: async () => ({ path: '/totp/enable', body: { code: totpCodeAt((await setUpAdminTotp()).secret, Date.now()) } }) },
  // A recovery code: the administrator signs in with the password alone again afterwards.
  'POST /totp/disable': { role: 'admin', build: async () => ({ path: '/totp/disable', body: { code: (await adminTotpOn()).recovery_codes[0] } }) },
  'PUT /updateuserprofile': { role: 'user', build: async () => ({ path: '/updateuserprofile', body: { saved_address: addressOf(attacker) } }) },
  'GET /getorder/{u_id}': { role: 'user', build: async () => ({ path: `/getorder/${attacker.u_id}` }) },
  'PUT /cancelorder': {
    role: 'user',
    build: async () => {
      const o_id = await placeCodOrder(server, attacker, priceOf(attacker, cheap(1)), { buyNow: { ...defaultSelection(cheap(1)), quantity: 1 } });
      return { path: '/cancelorder', body: { o_id } };
    },
  },
  'POST /payment': {
    role: 'user',
    build: async () => {
      // An open payment counts towards the attacker's day until it ends: a cheap piece keeps it lawful without a PAN.
      const p = cheap(2);
      return {
        path: '/payment',
        body: {
          order_amount: priceOf(attacker, p),
          customer_name: 'Mallory',
          customer_email: 'm@example.com',
          customer_phone: phoneOf(attacker),
          cartItems: [{ ...defaultSelection(p), quantity: 1 }],
        },
      };
    },
  },
  'POST /addcategory': { role: 'admin', build: async () => ({ path: '/addcategory', form: () => form({ cate_name: unique('New category'), categoryImage: { bytes: png, name: 'n.png' } }) }) },
  'POST /updatecategory': {
    role: 'admin',
    build: async () => {
      const cate_id = String(await newCategory());
      return { path: '/updatecategory', form: () => form({ cate_id, cate_name: unique('Renamed'), categoryImage: { bytes: png, name: 'n.png' } }) };
    },
  },
  'DELETE /deletecategory': { role: 'admin', build: async () => ({ path: `/deletecategory?cate_id=${await newCategory()}` }) },
  'POST /addmaterial': { role: 'admin', build: async () => ({ path: '/addmaterial', body: { name: unique('Material') } }) },
  'POST /updatematerial': { role: 'admin', build: async () => ({ path: '/updatematerial', body: { m_id: await newLookup('material'), name: unique('Material') } }) },
  'DELETE /deletematerial': { role: 'admin', build: async () => ({ path: `/deletematerial?m_id=${await newLookup('material')}` }) },
  'POST /addsize': { role: 'admin', build: async () => ({ path: '/addsize', body: { size_name: unique('Size') } }) },
  'POST /updatesize': { role: 'admin', build: async () => ({ path: '/updatesize', body: { size_id: await newLookup('size'), size_name: unique('Size') } }) },
  'DELETE /deletesize': { role: 'admin', build: async () => ({ path: `/deletesize?size_id=${await newLookup('size')}` }) },
  'POST /addcarat': { role: 'admin', build: async () => ({ path: '/addcarat', body: { name: unique('Carat') } }) },
  'POST /updatecarat': { role: 'admin', build: async () => ({ path: '/updatecarat', body: { carat_id: await newLookup('carat'), name: unique('Carat') } }) },
  'DELETE /deletecarat': { role: 'admin', build: async () => ({ path: `/deletecarat?carat_id=${await newLookup('carat')}` }) },
  'POST /insertproduct': { role: 'admin', build: async () => ({ path: '/insertproduct', form: () => productForm() }) },
  'POST /updateproduct': {
    role: 'admin',
    build: async () => {
      const p_id = String(await newProduct());
      return { path: '/updateproduct', form: () => form({ p_id, name: unique('Renamed ring'), images: { bytes: png, name: 'x.png' } }) };
    },
  },
  'POST /changeproductstatus': { role: 'admin', build: async () => ({ path: '/changeproductstatus', body: { p_id: await newProduct(), p_status: 0 } }) },
  'DELETE /deleteproduct': { role: 'admin', build: async () => ({ path: `/deleteproduct?p_id=${await newProduct()}` }) },
  'POST /addreviews': { role: 'admin', build: async () => ({ path: '/addreviews', form: () => form({ message: 'Lovely', u_name: 'Asha', rating: '5', reviewsImage: { bytes: png, name: 'r.png' } }) }) },
  'POST /updatereviews': {
    role: 'admin',
    build: async () => {
      const r_id = String(await newTestimonial());
      return { path: '/updatereviews', form: () => form({ r_id, message: 'Edited', u_name: 'Asha', rating: '4' }) };
    },
  },
  'POST /deletereview': { role: 'admin', build: async () => ({ path: '/deletereview', body: { r_id: await newTestimonial() } }) },
  'POST /adddynamicimages': { role: 'admin', build: async () => ({ path: '/adddynamicimages', form: () => form({ dynamicImage: { bytes: png, name: 's.png' } }) }) },
  'DELETE /deletedynamicimage': {
    role: 'admin',
    build: async () => {
      const res = await adminForm('/adddynamicimages', form({ dynamicImage: { bytes: png, name: 's.png' } }));
      const s_id = (await server.db.selectFrom('slider_images').select('s_id').orderBy('s_id', 'desc').executeTakeFirstOrThrow()).s_id;
      expect(res.status).toBe(201);
      return { path: `/deletedynamicimage?s_id=${s_id}` };
    },
  },
  'PUT /updateslidertext': {
    role: 'admin',
    build: async () => {
      const { s_id } = await server.db.selectFrom('slider_images').select('s_id').orderBy('position').executeTakeFirstOrThrow();
      return { path: '/updateslidertext', body: { s_id, eyebrow: 'THE PROBE EDIT', headline: 'Probed and saved', subline: '' } };
    },
  },
  'POST /addcoupon': { role: 'admin', build: async () => ({ path: '/addcoupon', body: { coupon_name: `NEW${++fixtureCount}${Date.now() % 1e6}`, discount: '7.5' } }) },
  'POST /updatecoupon': { role: 'admin', build: async () => ({ path: '/updatecoupon', body: { coupon_id: await newCoupon(), coupon_name: `UPD${++fixtureCount}${Date.now() % 1e6}`, discount: '90' } }) },
  'POST /changecouponstatus': { role: 'admin', build: async () => ({ path: '/changecouponstatus', body: { coupon_id: await newCoupon(), c_status: 0 } }) },
  'GET /getallusers': { role: 'admin', build: async () => ({ path: '/getallusers' }) },
  'DELETE /user/delete/{id}': { role: 'admin', build: async () => ({ path: `/user/delete/${(await registerShopper(server)).u_id}` }) },
  'GET /getallorders': { role: 'admin', build: async () => ({ path: '/getallorders' }) },
  'GET /getpayments': { role: 'admin', build: async () => ({ path: '/getpayments?page=1&perPage=10' }) },
  'PUT /updateorderstatus': { role: 'admin', build: async () => ({ path: '/updateorderstatus', body: { o_id: victimOrder, status: 2 } }) },
  'POST /contactinfo': { role: 'admin', build: async () => ({ path: '/contactinfo', body: { page: 1, perPage: 10 } }) },
  'DELETE /deletecontactinfo': {
    role: 'admin',
    build: async () => {
      await server.send('POST', '/contactus', { body: { name: 'Probe', email: 'probe@example.com', message: 'Hello' } });
      const c_id = (await server.db.selectFrom('contact_messages').select('c_id').orderBy('c_id', 'desc').executeTakeFirstOrThrow()).c_id;
      return { path: `/deletecontactinfo?c_id=${c_id}` };
    },
  },
  'POST /setshippingrates': {
    role: 'admin',
    // The table in force, sent back as it is.
    build: async () => ({ path: '/setshippingrates', body: { zones: (await server.send('GET', '/getshippingrates')).body.data.zones } }),
  },
  'POST /setcodlimit': { role: 'admin', build: async () => ({ path: '/setcodlimit', body: { cod_cap: null } }) },
  'POST /checkoutquote': { role: 'user', build: async () => ({ path: '/checkoutquote', body: { cartItems: [{ ...defaultSelection(products[11]), quantity: 1 }], country: 'IN' } }) },
  'PUT /orderhuid': {
    role: 'admin',
    build: async () => {
      // Any shopper's order: a new buyer's, so the attacker's day is not spent on it.
      const buyer = await registerShopper(server);
      const o_id = await placeCodOrder(server, buyer, priceOf(buyer, cheap(1)), { buyNow: { ...defaultSelection(cheap(1)), quantity: 1 } });
      const { oi_id } = await server.db.selectFrom('order_items').select('oi_id').where('o_id', '=', o_id).executeTakeFirstOrThrow();
      return { path: '/orderhuid', body: { o_id, items: [{ oi_id, huid: ['PR0BE1'] }] } };
    },
  },
  'GET /invoice/{o_id}': {
    role: 'user',
    build: async () => {
      // The attacker's own order, hallmarked and shipped by the shop: its invoice is theirs to read.
      const o_id = await placeCodOrder(server, attacker, priceOf(attacker, cheap(2)), { buyNow: { ...defaultSelection(cheap(2)), quantity: 1 } });
      const { oi_id } = await server.db.selectFrom('order_items').select('oi_id').where('o_id', '=', o_id).executeTakeFirstOrThrow();
      expect((await server.send('PUT', '/orderhuid', { token: admin.token, body: { o_id, items: [{ oi_id, huid: ['INV0CE'] }] } })).status).toBe(200);
      expect((await server.send('PUT', '/updateorderstatus', { token: admin.token, body: { o_id, status: 2 } })).status).toBe(200);
      expect((await server.send('PUT', '/updateorderstatus', { token: admin.token, body: { o_id, status: 3 } })).status).toBe(200);
      return { path: `/invoice/${o_id}` };
    },
  },
  'GET /dashboardcounter': { role: 'admin', build: async () => ({ path: '/dashboardcounter' }) },
  'GET /getall': { role: 'admin', build: async () => ({ path: '/getall' }) },
  'GET /getorderlist': { role: 'admin', build: async () => ({ path: '/getorderlist?page=1&perPage=10' }) },
  'GET /getorderdetail/{o_id}': { role: 'admin', build: async () => ({ path: `/getorderdetail/${victimOrder}` }) },
  'PUT /updateordernote': { role: 'admin', build: async () => ({ path: '/updateordernote', body: { o_id: victimOrder, internal_note: 'Probe: call before dispatch.' } }) },
  'PUT /updateordershipment': {
    role: 'admin',
    build: async () => ({ path: '/updateordershipment', body: { o_id: victimOrder, courier_name: 'Blue Dart', tracking_number: 'PROBE123456' } }),
  },
  'GET /getsearchsynonyms': { role: 'admin', build: async () => ({ path: '/getsearchsynonyms' }) },
  'GET /getauditlog': { role: 'admin', build: async () => ({ path: '/getauditlog?page=1&perPage=10&entity=coupon' }) },
  'GET /getauditlog.csv': { role: 'admin', build: async () => ({ path: '/getauditlog.csv?entity=coupon' }) },
  'POST /addsearchsynonym': { role: 'admin', build: async () => ({ path: '/addsearchsynonym', body: { term: unique('probe'), expands_to: 'earrings' } }) },
  'POST /deletesearchsynonym': {
    role: 'admin',
    build: async () => {
      const res = await server.send('POST', '/addsearchsynonym', { token: admin.token, body: { term: unique('gone'), expands_to: 'rings' } });
      expect(res.status, res.text.slice(0, 300)).toBe(201);
      return { path: '/deletesearchsynonym', body: { syn_id: res.body.data.syn_id } };
    },
  },
  'POST /setmetalrates': {
    role: 'admin',
    // The rates in force, sent back as they are: every price stays where it was.
    build: async () => ({ path: '/setmetalrates', body: await ratesInForce() }),
  },
  'POST /previewmetalrates': { role: 'admin', build: async () => ({ path: '/previewmetalrates', body: { ...(await ratesInForce()), page: 1, perPage: 10 } }) },
  'GET /getmetalratehistory': { role: 'admin', build: async () => ({ path: '/getmetalratehistory?limit=5' }) },
  'GET /getlowstock': { role: 'admin', build: async () => ({ path: '/getlowstock?atMost=2&limit=20' }) },
  'PUT /changepassword': {
    role: 'user',
    // A shopper of its own: a changed password ends the caller's other sessions.
    build: async () => {
      const shopper = await registerShopper(server);
      return { path: '/changepassword', body: { password: 'Changed@Probe1', repeatPassword: 'Changed@Probe1', currentPassword: shopper.password }, token: shopper.token };
    },
  },
  'GET /getstaff': { role: 'admin', build: async () => ({ path: '/getstaff' }) },
  'POST /addstaff': { role: 'admin', build: async () => ({ path: '/addstaff', body: { full_name: 'Probe Packer', countryCode: '+91', phoneNumber: newStaffPhone(), role: 'orders', password: 'First@Probe1' } }) },
  'PUT /updatestaff': {
    role: 'admin',
    build: async () => {
      const res = await adminSend('POST', '/addstaff', { full_name: 'Probe Keeper', countryCode: '+91', phoneNumber: newStaffPhone(), role: 'catalogue', password: 'First@Probe1' });
      expect(res.status, res.text.slice(0, 300)).toBe(201);
      return { path: '/updatestaff', body: { u_id: res.body.data.u_id, role: 'accounts' } };
    },
  },
  'POST /addwebhook': { role: 'admin', build: async () => ({ path: '/addwebhook', body: { url: 'https://93.184.216.34/hooks/probe', events: ['product.updated'] } }) },
  'GET /getwebhooks': { role: 'admin', build: async () => ({ path: '/getwebhooks' }) },
  'PUT /updatewebhook': { role: 'admin', build: async () => ({ path: '/updatewebhook', body: { id: await newWebhook(), active: false } }) },
  'POST /rotatewebhooksecret': { role: 'admin', build: async () => ({ path: '/rotatewebhooksecret', body: { id: await newWebhook() } }) },
  'GET /getwebhookdeliveries': { role: 'admin', build: async () => ({ path: `/getwebhookdeliveries?id=${await newWebhook()}` }) },
  'POST /resendwebhook': {
    role: 'admin',
    // A delivery of a registered endpoint, as an event would have written it.
    build: async () => {
      const id = await newWebhook();
      const message_id = `msg_${randomBytes(16).toString('hex')}`;
      await server.db
        .insertInto('outbox')
        .values({ channel: 'webhook', event: 'product.updated', dedupe_key: `probe:${message_id}`, recipient: String(id), payload: '{}', status: 'failed', attempts: 1, next_attempt_at: Date.now(), message_id, created_at: Date.now() })
        .execute();
      return { path: '/resendwebhook', body: { message_id } };
    },
  },
  'GET /getstaffsettings': { role: 'admin', build: async () => ({ path: '/getstaffsettings' }) },
  'GET /getmessages': { role: 'admin', build: async () => ({ path: '/getmessages?status=failed&page=1&perPage=10' }) },
  'GET /getnewsletter': { role: 'admin', build: async () => ({ path: '/getnewsletter' }) },
  'POST /sendnewsletter': { role: 'admin', build: async () => ({ path: '/sendnewsletter', body: { subject: 'Probe news', body: 'A probe.' } }) },
  'GET /getmessage': {
    role: 'admin',
    build: async () => {
      // One outgoing message (issue 35's outbox) to read.
      const { id } = await server.db
        .insertInto('outbox')
        .values({ channel: 'webhook', event: 'product.updated', dedupe_key: unique('probe-read'), recipient: '1', payload: '{"type":"product.updated"}', status: 'sent', attempts: 1, next_attempt_at: Date.now(), message_id: unique('msg_probe'), created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { path: `/getmessage?id=${id}` };
    },
  },
  'POST /retrymessage': {
    role: 'admin',
    build: async () => {
      // A message given up on (issue 35's outbox), for Retry to send again.
      const { id } = await server.db
        .insertInto('outbox')
        .values({ channel: 'sms', event: 'probe.message', dedupe_key: unique('probe-message'), recipient: '+919876543210', payload: '{}', status: 'failed', attempts: 9, next_attempt_at: Date.now(), message_id: unique('msg_probe'), created_at: Date.now(), last_error: 'probe' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { path: '/retrymessage', body: { id } };
    },
  },
  'PUT /setstaffsettings': { role: 'admin', build: async () => ({ path: '/setstaffsettings', body: { rate_change_percent: 5 } }) },
  'POST /requestreturn': {
    role: 'user',
    // The attacker's own delivered order: a buy-back of its piece (not bound to the return window).
    build: async () => {
      const { o_id, oi_id } = await attackerDelivered();
      return { path: '/requestreturn', body: { o_id, items: [{ oi_id, quantity: 1 }], kind: 'buyback', reason: 'sell_gold' } };
    },
  },
  'GET /getreturns': { role: 'user', build: async () => ({ path: '/getreturns' }) },
  'GET /returnoptions/{o_id}': { role: 'user', build: async () => ({ path: `/returnoptions/${(await attackerDelivered()).o_id}` }) },
  'PUT /withdrawreturn': { role: 'user', build: async () => ({ path: '/withdrawreturn', body: { r_id: (await attackerReturn()).r_id } }) },
  'GET /creditnote/{r_id}': {
    role: 'user',
    build: async () => {
      // The attacker's own return, taken to refunded by the shop: its credit note is theirs to read.
      const { r_id, huid } = await attackerReturn('refund');
      for (const body of [
        { r_id, status: 'approved' },
        { r_id, status: 'picked_up', courier_name: 'Blue Dart', tracking_number: 'PROBE1' },
        { r_id, status: 'received' },
        { r_id, status: 'inspected', huids: [huid] },
      ]) {
        const res = await adminSend('PUT', '/updatereturnstatus', body);
        expect(res.status, res.text.slice(0, 300)).toBe(200);
      }
      const amount = (await adminSend('PUT', '/updatereturnstatus', { r_id, status: 'refunded' })).body.data.refund_amount;
      const paid = await adminSend('PUT', '/updatereturnstatus', { r_id, status: 'refunded', refund_amount: amount, payout_method: 'upi', payout_reference: 'PROBE-UPI' });
      expect(paid.status, paid.text.slice(0, 300)).toBe(200);
      return { path: `/creditnote/${r_id}` };
    },
  },
  'POST /addreturnphoto/{r_id}': {
    role: 'user',
    // A photo of the piece on the attacker's own request, still awaiting review.
    build: async () => {
      const { r_id } = await attackerReturn();
      return { path: `/addreturnphoto/${r_id}`, form: () => form({ file: { bytes: png, name: 'piece.png', type: 'image/png' } }) };
    },
  },
  'GET /returnphoto/{rp_id}': {
    role: 'user',
    build: async () => {
      const { r_id } = await attackerReturn();
      const res = await sendForm(server, 'POST', `/addreturnphoto/${r_id}`, form({ file: { bytes: png, name: 'piece.png', type: 'image/png' } }), attacker.token);
      expect(res.status, res.text.slice(0, 300)).toBe(201);
      return { path: `/returnphoto/${res.body.data.rp_id}` };
    },
  },
  'GET /trackorder/{o_id}': { role: 'user', build: async () => ({ path: `/trackorder/${(await attackerDelivered()).o_id}` }) },
  'GET /getstorecredit': { role: 'user', build: async () => ({ path: '/getstorecredit' }) },
  'GET /buybackquote/{oi_id}': { role: 'user', build: async () => ({ path: `/buybackquote/${(await attackerDelivered()).oi_id}` }) },
  'PUT /setshoppolicy': { role: 'admin', build: async () => ({ path: '/setshoppolicy', body: { return_window_hours: 2 } }) },
  'GET /reports/sales': { role: 'admin', build: async () => ({ path: '/reports/sales?from=2026-11-01&to=2026-11-30&group=day' }) },
  'GET /reports/stock': { role: 'admin', build: async () => ({ path: '/reports/stock' }) },
  'GET /reports/gstr1': { role: 'admin', build: async () => ({ path: '/reports/gstr1?month=2026-11' }) },
  'GET /export/orders.csv': { role: 'admin', build: async () => ({ path: '/export/orders.csv?from=2026-11-01&to=2026-11-30' }) },
  'GET /export/invoices.csv': { role: 'admin', build: async () => ({ path: '/export/invoices.csv' }) },
  'GET /export/credit-notes.csv': { role: 'admin', build: async () => ({ path: '/export/credit-notes.csv?from=2026-11-01&to=2026-11-30' }) },
  'GET /export/customers.csv': { role: 'admin', build: async () => ({ path: '/export/customers.csv' }) },
  'GET /export/products.csv': { role: 'admin', build: async () => ({ path: '/export/products.csv' }) },
  'GET /import/products.csv': { role: 'admin', build: async () => ({ path: '/import/products.csv' }) },
  'POST /import/products': {
    role: 'admin',
    // The shop's own products file sent back as a dry run: every row unchanged, nothing written.
    build: async () => {
      const file = await server.send('GET', '/import/products.csv', { token: admin.token });
      expect(file.status, file.text.slice(0, 300)).toBe(200);
      return { path: '/import/products?dry_run=1', form: () => form({ file: { bytes: Buffer.from(file.text), name: 'products.csv' } }) };
    },
  },
  'GET /getreturnlist': { role: 'admin', build: async () => ({ path: '/getreturnlist?page=1&perPage=10' }) },
  'GET /getreturndetail/{r_id}': { role: 'admin', build: async () => ({ path: `/getreturndetail/${(await attackerReturn()).r_id}` }) },
  'PUT /updatereturnstatus': { role: 'admin', build: async () => ({ path: '/updatereturnstatus', body: { r_id: (await attackerReturn()).r_id, status: 'approved' } }) },
};

/** One of the attacker's own orders, hallmarked, shipped and delivered by the shop (issue 36's returns). */
async function attackerDelivered(): Promise<{ o_id: number; oi_id: number; huid: string }> {
  const o_id = await placeCodOrder(server, attacker, priceOf(attacker, cheap(2)), { buyNow: { ...defaultSelection(cheap(2)), quantity: 1 } });
  const { oi_id } = await server.db.selectFrom('order_items').select('oi_id').where('o_id', '=', o_id).executeTakeFirstOrThrow();
  const huid = `RT${String((++fixtureCount * 7919 + Date.now()) % 10000).padStart(4, '0')}`;
  expect((await adminSend('PUT', '/orderhuid', { o_id, items: [{ oi_id, huid: [huid] }] })).status).toBe(200);
  for (const status of [2, 3, 4]) expect((await adminSend('PUT', '/updateorderstatus', { o_id, status })).status).toBe(200);
  return { o_id, oi_id, huid };
}

/** A return the attacker asked for on their own delivered order (a refund, within the window: it was delivered just now). */
async function attackerReturn(kind: 'refund' | 'buyback' = 'buyback'): Promise<{ r_id: number; huid: string }> {
  const { o_id, oi_id, huid } = await attackerDelivered();
  const res = await server.send('POST', '/requestreturn', { token: attacker.token, body: { o_id, items: [{ oi_id, quantity: 1 }], kind, reason: kind === 'buyback' ? 'sell_gold' : 'changed_mind' } });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  const r_id = res.body.data.r_id as number;
  return { r_id, huid };
}

/** A webhook endpoint registered by the owner (a public address by its number: no name to resolve). */
async function newWebhook(): Promise<number> {
  const res = await adminSend('POST', '/addwebhook', { url: `https://93.184.216.34/hooks/probe${++fixtureCount}`, events: ['product.updated'] });
  expect(res.status, res.text.slice(0, 300)).toBe(201);
  return res.body.data.id;
}

/** A phone number no account has: staff added by the probes. */
function newStaffPhone(): string {
  return `81${String(Date.now() % 1e6).padStart(6, '0')}${String(++fixtureCount % 100).padStart(2, '0')}`;
}

/** The day's metal rates as GET /getmetalrates answers them, in the shape /setmetalrates takes. */
async function ratesInForce(): Promise<{ rates: { carat_id: number; inr_per_gram: number }[]; usd_inr: number }> {
  const res = await server.send('GET', '/getmetalrates');
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  const { rates, usd_inr } = res.body.data as { rates: { carat_id: number; inr_per_gram: number | null }[]; usd_inr: number | null };
  expect(usd_inr, 'the demo store has a rupee-to-dollar rate').not.toBeNull();
  const set = rates.filter((r): r is { carat_id: number; inr_per_gram: number } => r.inr_per_gram !== null);
  expect(set.length, 'the demo store has metal rates').toBeGreaterThan(0);
  return { rates: set.map(({ carat_id, inr_per_gram }) => ({ carat_id, inr_per_gram })), usd_inr: usd_inr as number };
}

describe('every protected operation of openapi.yaml', () => {
  const ops = operations().filter((op) => !op.public && !op.operator);

  it('has a probe for each protected operation, and each back-office one is marked administrator-only', () => {
    expect(Object.keys(PROTECTED).sort()).toEqual(ops.map(operationKey).sort());
    for (const op of ops) {
      if (op.tags.includes('Back office')) expect(PROTECTED[operationKey(op)].role, operationKey(op)).toBe('admin');
    }
  });

  for (const op of operations().filter((o) => !o.public && !o.operator)) {
    const key = operationKey(op);
    it(`${key}: refused to a visitor${PROTECTED[key]?.role === 'admin' ? ' and to shoppers' : ''}; the same request works for its rightful caller`, async () => {
      const entry = PROTECTED[key];
      const attempt = await entry.build();
      const send = (token?: string) =>
        attempt.form ? sendForm(server, op.method, attempt.path, attempt.form(), token) : server.send(op.method, attempt.path, { token, body: attempt.body });
      const media = fileListing(server.config.mediaDir);
      const callers: [string, string | undefined][] = [
        ['a visitor', undefined],
        ['an empty bearer', ''],
      ];
      if (entry.role === 'admin') callers.push(['the attacker', attacker.token], ['a demo shopper', victim.token]);
      for (const [who, token] of callers) {
        await refused(`${key} as ${who}`, () => send(token), [403]);
        expect(fileListing(server.config.mediaDir), `${key} as ${who}: the media folders changed`).toEqual(media);
      }
      const rightful = await send(entry.role === 'admin' ? admin.token : (attempt.token ?? attacker.token));
      expect(rightful.status, `${key} for its rightful caller: ${rightful.text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(rightful.status, `${key} for its rightful caller: ${rightful.text.slice(0, 300)}`).toBeLessThan(300);
    });
  }
});

/* ------------------------------------------------------------------------- */

describe('mass assignment at registration', () => {
  const base = () => ({
    full_name: 'Eve Escalate',
    u_name: `eve${Date.now() % 1e6}${++fixtureCount}`,
    countryCode: '+91',
    phoneNumber: `7${String(Date.now() % 1e8).padStart(8, '0')}${fixtureCount % 10}`,
    password: 'Escalate@123',
    repeatPassword: 'Escalate@123',
  });
  const extras: [string, Record<string, unknown>][] = [
    ['u_type "0"', { u_type: '0' }],
    ['u_type 0', { u_type: 0 }],
    ['is_admin 1', { is_admin: 1 }],
    ['isAdmin true', { isAdmin: true }],
    ['role admin', { role: 'admin' }],
    ['u_id of the administrator', { u_id: 1 }],
    ['password_hash of a known password', { password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA' }],
    ['created_at', { created_at: '2000-01-01 00:00:00' }],
  ];

  it('no extra field makes an administrator, takes an id or sets a hash', async () => {
    const adminRowBefore = JSON.stringify(await server.db.selectFrom('users').selectAll().where('u_id', '=', admin.u_id).execute());
    const staffBefore = (await server.db.selectFrom('users').select('u_id').where('u_type', '=', '0').execute()).length;
    const send = (raw: string) => server.send('POST', '/registeruser', { raw, headers: { 'Content-Type': 'application/json' } });
    const attempts: [string, string][] = extras.map(([label, extra]) => [label, JSON.stringify({ ...base(), ...extra })]);
    attempts.push(['__proto__ with u_type', JSON.stringify(base()).replace(/}$/, ',"__proto__":{"u_type":"0","isAdmin":true}}')]);
    attempts.push(['constructor.prototype with u_type', JSON.stringify(base()).replace(/}$/, ',"constructor":{"prototype":{"u_type":"0"}}}')]);
    for (const [label, raw] of attempts) {
      await ledger.probe(async () => {
        const sent = JSON.parse(raw) as { phoneNumber: string; password: string };
        const res = await send(raw);
        expect(res.status, `${label}: ${res.text}`).toBeLessThan(500);
        expect([201, 400], label).toContain(res.status);
        const created = await server.db.selectFrom('users').selectAll().where('phone_number', '=', sent.phoneNumber).execute();
        for (const user of created) {
          expect(user.u_type, label).toBe('1');
          expect(user.u_id, label).not.toBe(admin.u_id);
          expect(user.password_hash, label).not.toContain('c2FsdHNhbHQ');
        }
        if (res.status === 201) {
          const session = await server.login({ countryCode: '+91', phoneNumber: sent.phoneNumber, password: sent.password });
          expect(session.u_type, label).toBe('1');
          const users = await server.send('GET', '/getallusers', { token: session.token });
          expectRefused(users, [403], `${label}: the new account reads the user list`);
        }
      });
    }
    expect(JSON.stringify(await server.db.selectFrom('users').selectAll().where('u_id', '=', admin.u_id).execute())).toBe(adminRowBefore);
    expect((await server.db.selectFrom('users').select('u_id').where('u_type', '=', '0').execute()).length).toBe(staffBefore);
  });

  it('a prototype-polluting body makes no later visitor an administrator', async () => {
    await ledger.probe(async () => {
      await server.send('POST', '/createcart', { token: attacker.token, raw: '{"__proto__":{"isAdmin":true,"u_type":"0","u_id":1}}', headers: { 'Content-Type': 'application/json' } });
      await server.send('POST', '/getproducts', { raw: '{"constructor":{"prototype":{"isAdmin":true}},"page":1}', headers: { 'Content-Type': 'application/json' } });
      expectRefused(await server.send('GET', '/getallusers'), [403], 'visitor after pollution');
      expectRefused(await server.send('GET', '/getallusers', { token: attacker.token }), [403], 'shopper after pollution');
      expectRefused(await server.send('GET', `/getcart/${victim.u_id}`, { token: attacker.token }), [403], 'victim cart after pollution');
    });
  });
});

describe('what the public catalogue shows to whom', () => {
  it('inactive products, categories and coupons stay hidden from visitors and shoppers', async () => {
    const p_id = await newProduct();
    await adminSend('POST', '/changeproductstatus', { p_id, p_status: 0 });
    for (const [who, token] of [['a visitor', undefined], ['a shopper', attacker.token]] as const) {
      await ledger.probe(async () => {
        const all = await server.send('POST', '/getallproducts', { token, body: { is_admin: 0, page: 1, perPage: 100 } });
        expect(all.status).toBe(200);
        expect(all.body.data.productData.map((p: { p_id: number }) => p.p_id), who).not.toContain(p_id);
        expect(all.body.data.productData.every((p: { p_status: number }) => p.p_status === 1), who).toBe(true);
      });
      await ledger.probe(async () => {
        expectRefused(await server.send('POST', '/getproductbyid', { token, body: { p_id } }), [404], `${who}: inactive product by id`);
      });
      await ledger.probe(async () => {
        const coupons = await server.send('POST', '/getcoupon', { token, body: { is_admin: 0 } });
        expect(coupons.status).toBe(200);
        expect(coupons.body.data.map((c: { coupon_name: string }) => c.coupon_name), who).not.toContain('EXPIRED5');
      });
      await ledger.probe(async () => {
        const users = await server.send('POST', '/getreviews', { token, body: { u_id: 1 } });
        expectRefused(users, [403], `${who}: the back office's review list`);
      });
    }
    // The administrator does see them (the probes above were aimed at something real).
    const all = await server.send('POST', '/getallproducts', { token: admin.token, body: { is_admin: 0, page: 1, perPage: 100 } });
    expect(all.body.data.productData.map((p: { p_id: number }) => p.p_id)).toContain(p_id);
  });

  it('no answer anywhere carries a password hash or a token of someone else', async () => {
    await ledger.probe(async () => {
      const answers = await Promise.all([
        server.send('GET', '/getallusers', { token: admin.token }),
        server.send('POST', '/getuserreviews', { body: { p_id: products[0].p_id } }),
        server.send('POST', '/getreviews', { body: {} }),
        server.send('GET', `/getorder/${victim.u_id}`, { token: victim.token }),
        server.send('GET', '/getallorders', { token: admin.token }),
      ]);
      for (const res of answers) {
        expect(res.text).not.toMatch(/password|\$argon2/i);
        expect(res.text).not.toContain(victim.token);
      }
    });
  });
});
