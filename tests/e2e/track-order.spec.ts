import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PAN_THRESHOLD } from '../../rules/compliance.ts';
import { addToCartByApi, ADMIN, apiLogin, bearer, fillCheckout, logIn, type Product, registerShopper, type Shopper, suratAddress } from './helpers/shop.ts';

/**
 * The order confirmation and its tracking (issue 35), at a phone's 390 px and a laptop's 1366 px:
 * the order placed by cash on delivery lands on /orderconfirm?track=<o_id> showing the order (items
 * with purity and weight, totals with the GST split, the address, the payment); the shop packs and
 * ships it with Blue Dart (through the API); the shopper sees each step's date, the estimate from
 * the shipment and the tracking number linking to Blue Dart. The messages' link works for a visitor
 * who logs in on the way, and shows nothing of the order to another shopper.
 */

const PASSWORD = 'Track@12345';
const SHOTS = path.join(tmpdir(), 'aurum-track-order');
mkdirSync(SHOTS, { recursive: true });

let counter = 0;
function newShopper(request: APIRequestContext): Promise<Shopper> {
  counter += 1;
  const phoneNumber = `8${String(Date.now()).slice(-7)}${String(counter).padStart(2, '0')}`;
  return registerShopper(request, { full_name: `Nisha Track ${phoneNumber.slice(-4)}`, u_name: `nisha${phoneNumber}`, phoneNumber, password: PASSWORD });
}

/** A product of the demo catalogue a shopper may buy by cash on delivery (under the PAN threshold, in stock or made to order). */
async function buyableProduct(request: APIRequestContext): Promise<Product> {
  const answer = await request.post('/getproducts', { data: { isReel: '0', page: 1, perPage: 60 } });
  const products = (await answer.json()).data.productData as Product[];
  const found = products.find((p) => p.productcarats.length > 0 && p.materials.length > 0 && p.productcarats[0].inr_price * 2 < PAN_THRESHOLD / 100 && (p.productcarats[0].stock ?? 2) >= 2);
  expect(found).toBeDefined();
  return found as Product;
}

const ADDRESS = suratAddress({ first_name: 'Nisha', last_name: 'Mehta', email: 'nisha.mehta@example.com', address: '7 Athwa Lines', apartment: 'Block B', zip_code: '395001' });

async function placeCodOrder(page: Page): Promise<number> {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await fillCheckout(page, ADDRESS);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/orderconfirm\?track=\d+$/);
  return Number(new URL(page.url()).searchParams.get('track'));
}

/** The shop packs (a HUID per piece), enters Blue Dart's tracking number and marks the order shipped, through the API. */
async function shipWithBlueDart(request: APIRequestContext, o_id: number, trackingNumber: string): Promise<void> {
  const admin = await apiLogin(request, ADMIN);
  const headers = bearer(admin);
  const detail = (await (await request.get(`/getorderdetail/${o_id}`, { headers })).json()).data as { orderItems: { oi_id: number; quantity: number }[] };
  expect((await request.put('/updateorderstatus', { headers, data: { o_id, status: 2 } })).status()).toBe(200);
  const huid = () => `T${Math.random().toString(36).slice(2, 7).toUpperCase().padEnd(5, 'X')}`;
  const items = detail.orderItems.map((item) => ({ oi_id: item.oi_id, huid: Array.from({ length: item.quantity }, huid) }));
  expect((await request.put('/orderhuid', { headers, data: { o_id, items } })).status()).toBe(200);
  expect((await request.put('/updateordershipment', { headers, data: { o_id, courier_name: 'Blue Dart', tracking_number: trackingNumber } })).status()).toBe(200);
  const shipped = await request.put('/updateorderstatus', { headers, data: { o_id, status: 3 } });
  expect(shipped.status(), await shipped.text()).toBe(200);
}

for (const width of [390, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    test('the order placed shows on the confirmation with its number in the address; once shipped, each date, the estimate and the courier link', async ({ page, request }) => {
      const shopper = await newShopper(request);
      const product = await buyableProduct(request);
      await addToCartByApi(request, shopper, product, 2);
      await logIn(page, shopper);
      const o_id = await placeCodOrder(page);

      // The order itself: number, items with purity and weight, totals with the GST split, address, payment.
      await expect(page.getByTestId('account-outcome')).toContainText(`order #${o_id}`);
      const tracked = page.getByTestId('tracked-order');
      await expect(tracked.getByTestId('tracking')).toContainText(`Order #${o_id}`);
      await expect(page.getByTestId('tracking-status')).toHaveText('Pending');
      const item = tracked.getByTestId('tracked-item');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(product.name);
      await expect(item).toContainText(/\d+K/);
      await expect(item).toContainText('Qty 2 ×');
      const orders = (await (await request.get(`/getorder/${shopper.u_id}`, { headers: bearer(shopper) })).json()).data as { o_id: number; total: number; orderItems: { net_weight_g: number | null }[] }[];
      const order = orders.find((o) => o.o_id === o_id)!;
      if (order.orderItems[0].net_weight_g !== null) await expect(item).toContainText(`${order.orderItems[0].net_weight_g.toFixed(3)} g each`);
      const total = `₹${order.total.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      await expect(tracked.getByTestId('tracked-total')).toHaveText(total);
      await expect(tracked.getByTestId('tracked-totals')).toContainText('Shipping');
      await expect(tracked.getByTestId('tracked-tax')).toHaveText([/Includes CGST 1\.5%₹[\d,]+\.\d\d/, /Includes SGST 1\.5%₹[\d,]+\.\d\d/]);
      await expect(tracked.getByTestId('tracked-address')).toContainText('Nisha Mehta');
      await expect(tracked.getByTestId('tracked-address')).toContainText('7 Athwa Lines');
      await expect(tracked.getByTestId('tracked-address')).toContainText(/\+91 \d{5} \d{5}/);
      await expect(tracked.getByTestId('tracked-address')).toContainText('Surat, Gujarat 395001');
      await expect(tracked.getByTestId('tracked-payment')).toContainText('Cash on Delivery');
      await expect(tracked.getByTestId('tracked-payment')).toContainText('Pay on delivery');
      await expect(page.getByTestId('step-date-1')).toBeVisible();
      await expect(page.getByTestId('tracking-estimate')).toContainText('Estimated delivery');
      await page.screenshot({ path: path.join(SHOTS, `placed-${width}.png`), fullPage: true });

      // The address stays: a reload shows the same order, without the outcome again.
      await page.reload();
      await expect(page).toHaveURL(new RegExp(`/orderconfirm\\?track=${o_id}$`));
      await expect(page.getByTestId('tracking')).toContainText(`Order #${o_id}`);
      await expect(page.getByTestId('account-outcome')).toBeHidden();

      const trackingNumber = `BD${Date.now()}IN`;
      await shipWithBlueDart(request, o_id, trackingNumber);
      await page.reload();
      await expect(page.getByTestId('tracking-status')).toHaveText('Shipped');
      const detail = (await (await request.get(`/trackorder/${o_id}`, { headers: bearer(shopper) })).json()).data as { steps: { status: number; at: string }[]; shipped_at: string };
      const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso)).replace('Sept', 'Sep');
      for (const step of [1, 2, 3]) await expect(page.getByTestId(`step-date-${step}`)).toHaveText(day(detail.steps.find((s) => s.status === step)!.at));
      await expect(page.getByTestId('step-date-4')).toHaveCount(0);
      await expect(page.getByTestId('tracking-estimate')).toContainText(`Counted from the day it shipped, ${day(detail.shipped_at)}, with Blue Dart.`);
      const link = page.getByTestId('tracking-link');
      await expect(link).toHaveText(new RegExp(trackingNumber));
      await expect(link).toHaveAttribute('href', `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${trackingNumber}`);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(page.getByTestId('order-invoice')).toBeVisible();
      await page.screenshot({ path: path.join(SHOTS, `shipped-${width}.png`), fullPage: true });
    });
  });
}

test('the messages\' link: a visitor logs in on the way and comes back to the order; another shopper sees nothing of it', async ({ browser, request }) => {
  const owner = await newShopper(request);
  await addToCartByApi(request, owner, await buyableProduct(request), 1);
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await logIn(visitor, owner);
  const o_id = await placeCodOrder(visitor);
  await visitor.evaluate(() => localStorage.clear());

  await visitor.goto(`/orderconfirm?track=${o_id}`);
  await expect(visitor.getByRole('heading', { name: `Log in to follow order #${o_id}` })).toBeVisible();
  await expect(visitor).toHaveURL(new RegExp(`/orderconfirm\\?track=${o_id}$`));
  await visitor.getByRole('link', { name: 'Log In' }).first().click();
  await expect(visitor).toHaveURL(/\/login\?/);
  // The login form answers once its island is awake.
  await expect(visitor.locator('astro-island[ssr]')).toHaveCount(0);
  await visitor.getByLabel('Phone number').fill(owner.phoneNumber);
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Log In' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/orderconfirm\\?track=${o_id}$`));
  await expect(visitor.getByTestId('tracking')).toContainText(`Order #${o_id}`);
  await expect(visitor.getByTestId('tracked-item')).toHaveCount(1);
  await visitor.close();

  const other = await newShopper(request);
  const stranger = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await logIn(stranger, other);
  await stranger.goto(`/orderconfirm?track=${o_id}`);
  await expect(stranger.getByTestId('tracking-missing')).toContainText(`Order #${o_id} is not in this account`);
  await expect(stranger.getByTestId('tracked-order')).toHaveCount(0);
  await expect(stranger.getByText('7 Athwa Lines')).toHaveCount(0);
  await stranger.screenshot({ path: path.join(SHOTS, 'not-yours-1366.png'), fullPage: true });
  await stranger.close();
});
