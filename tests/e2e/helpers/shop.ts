/**
 * The shop through its API, for the browser specs: the set-up that is not the journey under
 * test (a shopper, a line in the cart, a placed order) and the session the login page would
 * keep. Against the store playwright.config.ts starts, with the demo seed.
 */

import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { freshPhone } from '../../helpers/e2e-store.ts';

/** The demo administrator (playwright.config.ts's ADMIN_* settings). */
export const ADMIN = { countryCode: '+91', phoneNumber: '9999999999', password: 'Admin@12345' };

/** A logged-in account as /userlogin answers it. */
export interface Shopper {
  u_id: number;
  full_name: string;
  u_name: string;
  phoneNumber: string;
  countryCode: string;
  auth_token: string;
  token: string;
  u_type: string;
}

/** A product as /getproducts lists it, with what the cart needs. */
export interface Product {
  p_id: number;
  name: string;
  cate_id: number;
  materials: number[];
  size: number[];
  productcarats: { pc_id: number; carat_id: number; inr_price: number; stock: number | null }[];
}

export const bearer = (user: Pick<Shopper, 'auth_token'>) => ({ Authorization: `Bearer ${user.auth_token}` });

/** Logs in through the API, which must accept the credentials. */
export async function apiLogin(request: APIRequestContext, credentials: { countryCode: string; phoneNumber: string; password: string }): Promise<Shopper> {
  const answer = await request.post('/userlogin', { data: credentials });
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as Shopper;
}

/** Registers an account through the API (it must be created) and logs it in. */
export async function registerShopper(
  request: APIRequestContext,
  account: { full_name: string; u_name: string; phoneNumber: string; password: string; countryCode?: string },
): Promise<Shopper> {
  const { phoneNumber, password, countryCode = '+91' } = account;
  const registered = await request.post('/registeruser', { data: { countryCode, ...account, repeatPassword: password } });
  expect(registered.status()).toBe(201);
  return apiLogin(request, { countryCode, phoneNumber, password });
}

/** Puts the account's session in the browser, as the login page would. */
export async function logIn(page: Page, shopper: Shopper): Promise<void> {
  await page.goto('/about');
  await page.evaluate((user) => {
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('token', user.auth_token);
    localStorage.setItem('phoneNumber', user.phoneNumber);
  }, shopper);
}

/** Puts the account's session in the browser before any page of it loads (unless one is there), and opens `path`. */
export async function openAs(page: Page, user: Pick<Shopper, 'auth_token'>, path: string): Promise<void> {
  await page.addInitScript((session) => {
    if (!localStorage.getItem('user')) {
      localStorage.setItem('user', JSON.stringify(session));
      localStorage.setItem('token', session.auth_token);
    }
  }, user);
  await page.goto(path);
}

/** Adds the product to the shopper's cart through the API with its first carat, material and size. */
export async function addToCartByApi(request: APIRequestContext, shopper: Shopper, product: Product, quantity = 1): Promise<void> {
  const [carat] = product.productcarats;
  const answer = await request.post('/createcart', {
    headers: bearer(shopper),
    data: { u_id: shopper.u_id, p_id: product.p_id, pc_id: carat.pc_id, carat_id: carat.carat_id, m_id: product.materials[0], size_id: product.size[0] ?? null, quantity },
  });
  expect(answer.status()).toBeLessThan(300);
}

/** The shopper's orders, newest first, as /getorder answers them. */
export async function ordersOf(request: APIRequestContext, shopper: Shopper): Promise<{ o_id: number; status: number; payment_method: string; order_id: string | null }[]> {
  return (await (await request.get(`/getorder/${shopper.u_id}`, { headers: bearer(shopper) })).json()).data;
}

/**
 * A delivery address in Surat, Gujarat, whose phone is fresh each time it is read: every order
 * is its own buyer for the day's law limits (freshPhone).
 */
export function suratAddress(person: { first_name: string; last_name: string; email: string; address: string; apartment: string; zip_code: string }) {
  return {
    ...person,
    get phone_number() {
      return freshPhone();
    },
    city: 'Surat',
    state: 'Gujarat',
  };
}

/** The checkout's contact and shipping fields, as a shopper fills them (suratAddress makes one). */
export interface CheckoutAddress {
  email: string;
  phone_number: string;
  first_name: string;
  last_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
}

/** Fills the checkout's contact and shipping fields, for delivery in India (a shopper abroad may send a piece home): its state list and PIN. */
export async function fillCheckout(page: Page, to: CheckoutAddress): Promise<void> {
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('IN');
  await page.getByLabel('Email').fill(to.email);
  await page.getByLabel('Phone number').fill(to.phone_number);
  await page.getByLabel('First name').fill(to.first_name);
  await page.getByLabel('Last name').fill(to.last_name);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill(to.address);
  await page.getByLabel('City').fill(to.city);
  await page.getByLabel('State').selectOption(to.state);
  await page.getByLabel('ZIP code').fill(to.zip_code);
}

/** Places a cash-on-delivery order for the whole cart through the API, to `address`; answers its o_id. */
export async function orderCartByApi(request: APIRequestContext, shopper: Shopper, address: object): Promise<number> {
  const cart = (await (await request.get(`/getcart/${shopper.u_id}`, { headers: bearer(shopper) })).json()).data as { inr_price: number; quantity: number }[];
  const subtotal = cart.reduce((sum, line) => sum + Math.round(line.inr_price * 100) * line.quantity, 0) / 100;
  const answer = await request.post('/createorder', {
    headers: bearer(shopper),
    data: { u_id: shopper.u_id, cartItems: [], shipping: 0, subtotal, discount: 0, total: subtotal, priceType: 'inr_price', ...address, payment_method: 'cod' },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()).data.o_id;
}
