import { type APIRequestContext, type Browser, expect, type Page, type Request, test } from '@playwright/test';
import { onStoreDatabase } from '../helpers/e2e-store.ts';
import { ADMIN, addToCartByApi, apiLogin, logIn, ordersOf, type Product, registerShopper, type Shopper } from './helpers/shop.ts';
import { PAN_THRESHOLD } from '../../rules/compliance.ts';

/**
 * Money never stranded (issue 32), in the browser against `npm start` with the demo seed:
 * the checkout shows until when its price is held and orders and pays at that price
 * (quote_id), a lapsed hold is quoted again and said before anything is ordered, an online
 * payment ends as its order (listed at the desk's Payments) or, when the piece went while
 * the shopper paid, as a refund the account page tells in words. Every test makes its own
 * shopper; the shop's part (a hold run out, a piece withdrawn) is done on the database.
 */

const PASSWORD = 'Journey@123';
let phoneCounter = 0;

/** Registers and logs in a shopper with a phone number no other test has used. */
function newShopper(request: APIRequestContext): Promise<Shopper> {
  phoneCounter += 1;
  const phoneNumber = `8${String(Date.now()).slice(-7)}${String(phoneCounter).padStart(2, '0')}`;
  return registerShopper(request, { full_name: `Isha Held ${phoneNumber.slice(-4)}`, u_name: `isha${phoneNumber}`, phoneNumber, password: PASSWORD });
}

/**
 * A piece of the demo catalogue cash on delivery can buy (under the cash cap and the PAN
 * threshold); `limited`: one counted in stock (its payment holds it while the shopper pays).
 */
async function buyableProduct(request: APIRequestContext, limited = false): Promise<Product> {
  const answer = await request.post('/getproducts', { data: { isReel: '0', page: 1, perPage: 60 } });
  const products = (await answer.json()).data.productData as Product[];
  const found = products.filter((p) => {
    const [carat] = p.productcarats;
    return carat && p.materials.length > 0 && carat.inr_price * 2 < PAN_THRESHOLD / 100 && (limited ? carat.stock !== null && carat.stock >= 1 : (carat.stock ?? 3) >= 3);
  });
  expect(found.length).toBeGreaterThan(0);
  return found[0];
}


/** Fills the checkout for delivery in India to the shopper's own phone (the law counts a buyer's day by it too). */
async function fillCheckout(page: Page, shopper: Shopper): Promise<void> {
  await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption('IN');
  await page.getByLabel('Email').fill(`isha${shopper.phoneNumber}@example.com`);
  await page.getByLabel('Phone number').fill(shopper.phoneNumber);
  await page.getByLabel('First name').fill('Isha');
  await page.getByLabel('Last name').fill('Rao');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('7 Ring Road');
  await page.getByLabel('City').fill('Surat');
  await page.getByLabel('State').selectOption('Gujarat');
  await page.getByLabel('ZIP code').fill('395002');
}

/**
 * A new shopper with `product` (any buyable piece unless given) in the cart, at the checkout
 * filled for delivery; answers the shopper and the quote_id of the last quote (watchQuotes).
 */
async function atCheckout(page: Page, request: APIRequestContext, product?: Product) {
  const shopper = await newShopper(request);
  await addToCartByApi(request, shopper, product ?? (await buyableProduct(request)));
  await logIn(page, shopper);
  const lastQuote = watchQuotes(page);
  await page.goto('/checkout');
  await fillCheckout(page, shopper);
  return { shopper, lastQuote };
}

/** The quote_id of the last quote the checkout was answered (POST /checkoutquote). */
function watchQuotes(page: Page): () => string | undefined {
  let last: string | undefined;
  page.on('response', async (response) => {
    if (!response.url().endsWith('/checkoutquote') || response.status() !== 200) return;
    last = (await response.json()).data?.quote_id ?? last;
  });
  return () => last;
}

const lockLine = (page: Page) => page.getByTestId('checkout-price-lock');
const notice = (page: Page) => page.getByTestId('checkout-price-notice');
const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' });
const LOCKED = /^Gold rate locked until \d{2}:\d{2}/;

/** Holds every quote of this shopper ran out, as 15 minutes would. */
function lapseQuotesOf(shopper: Shopper): void {
  onStoreDatabase((db) => db.prepare("update checkout_quotes set locked_until = '2000-01-01 00:00:00' where u_id = ?").run(shopper.u_id));
}

/** Opens the back office's Payments as the administrator, in a browser of its own. */
async function openPaymentsDesk(browser: Browser, request: APIRequestContext) {
  const admin = await apiLogin(request, ADMIN);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const desk = await context.newPage();
  await logIn(desk, admin);
  await desk.goto('/admin/payments');
  await expect(desk.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  return { desk, context };
}

test('the checkout shows until when the gold rate is held and places cash on delivery at that quote', async ({ page, request }) => {
  const { shopper, lastQuote } = await atCheckout(page, request);
  await expect(lockLine(page)).toHaveText(LOCKED);
  await expect(lockLine(page)).toContainText(/\d+ min left/);

  const sent = page.waitForRequest((r: Request) => r.url().endsWith('/createorder') && r.method() === 'POST');
  await placeOrder(page).click();
  const body = (await sent).postDataJSON();
  expect(body).toMatchObject({ payment_method: 'cod', quote_id: lastQuote() });
  expect(body.quote_id).toMatch(/^q_/);
  await expect(page).toHaveURL(/\/orderconfirm\?track=\d+$/);
  await expect(page.getByTestId('account-outcome')).toContainText('Order placed successfully');
  expect(await ordersOf(request, shopper)).toHaveLength(1);
});

test('a held price that ran out is quoted again and said before anything is ordered', async ({ page, request }) => {
  const { shopper, lastQuote } = await atCheckout(page, request);
  await expect(lockLine(page)).toHaveText(LOCKED);
  const first = lastQuote();
  const total = await page.getByTestId('checkout-total').innerText();

  // The hold ends while the page is open (the server's clock): Place Order is refused with 409 and nothing is ordered.
  lapseQuotesOf(shopper);
  await placeOrder(page).click();
  await expect(notice(page)).toContainText(/^(Prices are unchanged; the rate is locked again until \d{2}:\d{2}\.|The gold rate has changed: your total is now .+ \(was .+\)\.)/);
  await expect(notice(page)).toContainText('Your order has not been placed yet: please check the total and press Place Order again.');
  expect(await ordersOf(request, shopper)).toHaveLength(0);
  await expect(lockLine(page)).toHaveText(LOCKED);
  expect(lastQuote()).not.toBe(first);
  if ((await notice(page).innerText()).startsWith('Prices are unchanged')) await expect(page.getByTestId('checkout-total')).toHaveText(total);

  // Pressed again, at the price now shown: placed with the new quote.
  const sent = page.waitForRequest((r: Request) => r.url().endsWith('/createorder') && r.method() === 'POST');
  await placeOrder(page).click();
  expect((await sent).postDataJSON().quote_id).toBe(lastQuote());
  await expect(page).toHaveURL(/\/orderconfirm\?track=\d+$/);
  expect(await ordersOf(request, shopper)).toHaveLength(1);
});

test("the hold's end in the browser asks for a new price by itself and says so", async ({ page, request }) => {
  const shopper = await newShopper(request);
  await addToCartByApi(request, shopper, await buyableProduct(request));
  await logIn(page, shopper);
  await page.clock.install();
  await page.goto('/checkout');
  await expect(lockLine(page)).toHaveText(LOCKED);
  await expect(notice(page)).toHaveText('');

  // Past the 15 minutes on the browser's clock: the timer at locked_until asks again.
  await page.clock.fastForward('16:00');
  await expect(notice(page)).toContainText(/^(Prices are unchanged; the rate is locked again until \d{2}:\d{2}\.|The gold rate has changed: your total is now .+ \(was .+\)\.)$/);
  await expect(lockLine(page)).toHaveText(LOCKED);
});

test('an online payment through the sandbox is placed at its held price and listed paid at the Payments desk', async ({ page, request, browser }) => {
  const { shopper, lastQuote } = await atCheckout(page, request);
  await page.getByRole('radio', { name: /^Online Payment/ }).check();
  await expect(lockLine(page)).toHaveText(LOCKED);
  const sent = page.waitForRequest((r: Request) => r.url().endsWith('/payment') && r.method() === 'POST');
  await placeOrder(page).click();
  expect((await sent).postDataJSON().quote_id).toBe(lastQuote());

  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  const pending = await page.evaluate(() => JSON.parse(localStorage.getItem('pendingOrder') ?? 'null'));
  expect(pending).toMatchObject({ payment_method: 'online', quote_id: lastQuote() });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/orderconfirm\?track=\d+$/);
  await expect(page.getByTestId('account-outcome')).toContainText('Order placed successfully');
  expect(await page.evaluate(() => localStorage.getItem('pendingOrder'))).toBeNull();
  const [order] = await ordersOf(request, shopper);
  expect(order).toMatchObject({ payment_method: 'online', order_id: pending.order_id });

  const { desk, context } = await openPaymentsDesk(browser, request);
  await desk.getByLabel('State').selectOption({ label: 'Paid' });
  const row = desk.locator(`tr[data-payment="${pending.order_id}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-payment-state]')).toHaveText('Paid');
  await expect(row).not.toContainText('Needs attention');
  const link = row.getByRole('link', { name: `Order #${order.o_id} details` });
  await expect(link).toHaveText(`#${order.o_id}`);
  await link.click();
  await expect(desk).toHaveURL(new RegExp(`/admin/orders/${order.o_id}$`));
  await context.close();
});

test('a piece withdrawn while the shopper pays: the payment is refunded and the account page says so in words', async ({ page, request, browser }) => {
  const product = await buyableProduct(request, true);
  const { shopper } = await atCheckout(page, request, product);
  await page.getByRole('radio', { name: /^Online Payment/ }).check();
  await expect(lockLine(page)).toHaveText(LOCKED);
  // What /payment answered, kept before the page leaves, to say why if the payment page never opens.
  let opened = '';
  await page.route('**/payment', async (route) => {
    const answer = await route.fetch();
    opened = await answer.text();
    await route.fulfill({ response: answer });
  });
  await placeOrder(page).click();
  await page.waitForURL(/\/sandbox\/pay\//).catch(() => {
    throw new Error(`The payment page did not open; /payment answered ${opened}`);
  });
  const pending = await page.evaluate(() => JSON.parse(localStorage.getItem('pendingOrder') ?? 'null'));

  // The shop takes the piece off sale before the shopper presses Pay.
  onStoreDatabase((db) => db.prepare('update products set p_status = 0 where p_id = ?').run(product.p_id));
  try {
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/orderconfirm$/);
  } finally {
    onStoreDatabase((db) => db.prepare('update products set p_status = 1 where p_id = ?').run(product.p_id));
  }
  const outcome = page.getByTestId('account-outcome');
  await expect(outcome).toContainText(/Your payment (has been|is being) refunded/);
  await expect(outcome).toContainText(`We could not place your order: "${product.name}" is no longer available.`);
  await expect(outcome).toContainText(/Your payment of ₹[\d,]+\.\d\d (has been|is being) refunded in full to your original payment method/);
  await expect(outcome).not.toContainText(/nothing was charged/i);
  await expect(outcome).toHaveAttribute('role', 'status');
  expect(await page.evaluate(() => localStorage.getItem('pendingOrder'))).toBeNull();
  expect(await ordersOf(request, shopper)).toHaveLength(0);

  const { desk, context } = await openPaymentsDesk(browser, request);
  const row = desk.locator(`tr[data-payment="${pending.order_id}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-payment-state]')).toHaveText(/^(Refunded|Refund pending)$/);
  await expect(row).toContainText('No order');
  await expect(row).toContainText(`"${product.name}" is no longer available.`);
  await context.close();
});
