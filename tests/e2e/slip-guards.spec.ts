import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../rules/money.ts';
import { ADMIN, addToCartByApi, apiLogin, bearer, openAs, orderCartByApi, type Product, registerShopper, type Shopper, suratAddress } from './helpers/shop.ts';

/**
 * Guards against slips in the back office (issue 34), in the browser: a metal
 * rate typed ten times over is shown as a warning in words and saved only after
 * a second "Yes, save these rates"; every order status change asks first in a
 * dialog naming the order and what happens, with a note for the timeline; and
 * the order desk keeps its search, status filter and page in the address, so
 * they survive Reload and Back. PNGs of the screens go to SLIP_SHOTS_DIR when set.
 */

const SHOTS = process.env.SLIP_SHOTS_DIR;
const RUN = Date.now().toString(36).slice(-4);
let counter = 0;

const rupees = (amount: number) => formatMoney(amount, 'INR');

/** Both widths the back office is looked at: 1366 and 390 px. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // The menu slides away as the page narrows: shot once it has gone.
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function adminAt(page: Page, request: APIRequestContext, path: string): Promise<Shopper> {
  const admin = await apiLogin(request, ADMIN);
  await openAs(page, admin, path);
  await expect(page.locator('#admin-nav')).toBeAttached();
  return admin;
}

/** A cash-on-delivery order of the cheapest demo piece by a new shopper named Meera `surname`. */
async function placeOrder(request: APIRequestContext, surname: string): Promise<number> {
  const phoneNumber = `7${String(Date.now()).slice(-7)}${String(++counter).padStart(2, '0')}`;
  const shopper = await registerShopper(request, { full_name: `Meera ${surname}`, u_name: `meera${phoneNumber}`, phoneNumber, password: 'Guard@12345' });
  const listed = await request.post('/getproducts', { data: { isReel: '0', page: 1, perPage: 12 } });
  const products = ((await listed.json()).data.productData as Product[]).filter((p) => p.materials.length > 0);
  products.sort((a, b) => a.productcarats[0].inr_price - b.productcarats[0].inr_price);
  await addToCartByApi(request, shopper, products[0]);
  const address = suratAddress({ first_name: 'Meera', last_name: surname, email: 'meera@example.com', address: '4 Athwa Lines', apartment: 'Flat 2', zip_code: '395007' });
  return orderCartByApi(request, shopper, address);
}

test('a 22K rate typed ten times over is a warning in words; saving a large change asks "Yes, save these rates" first', async ({ page, request }) => {
  const admin = await adminAt(page, request, '/admin/rates');
  type Rates = { rates: Array<{ carat_id: number; name: string; inr_per_gram: number | null }>; usd_inr: number };
  const ratesNow = async () => (await (await request.get('/getmetalrates')).json()).data as Rates;
  const before = await ratesNow();
  const k22 = before.rates.find((r) => r.name === '22K')!;
  const rate = k22.inr_per_gram!;
  const input = page.getByLabel('22K (₹ per gram)');
  await expect(input).toHaveValue(String(rate));

  try {
    // The slip: one 0 too many.
    await input.fill(String(rate * 10));
    await page.getByRole('button', { name: 'Preview repricing' }).click();
    const warning = page.getByTestId('rate-warning');
    await expect(warning).toContainText(`22K rate ${rupees(rate * 10)} is 900% above today's ${rupees(rate)}`);
    await expect(warning).toContainText(/would go from ₹[\d,]+ to ₹[\d,]+\./);
    await expect(page.getByRole('button', { name: 'Save rates' })).toBeEnabled();
    await shoot(page, 'admin-rates-warning');

    await page.getByRole('button', { name: 'Save rates' }).click();
    const ask = page.getByRole('dialog', { name: 'Save these rates?' });
    await expect(ask).toContainText(`22K rate ${rupees(rate * 10)} is 900% above today's ${rupees(rate)}`);
    await shoot(page, 'admin-rates-confirm');
    await ask.getByRole('button', { name: 'Check the rates again' }).click();
    await expect(ask).toHaveCount(0);
    expect((await ratesNow()).rates.find((r) => r.carat_id === k22.carat_id)!.inr_per_gram).toBe(rate);

    // Corrected to a real but large move (+6%, over the 5% the owner allows without asking): asked, then saved.
    const raised = Math.round(rate * 1.06);
    await input.fill(String(raised));
    await page.getByRole('button', { name: 'Preview repricing' }).click();
    await expect(warning).toContainText(`22K rate ${rupees(raised)} is 6% above today's ${rupees(rate)}`);
    await page.getByRole('button', { name: 'Save rates' }).click();
    await ask.getByRole('button', { name: 'Yes, save these rates' }).click();
    await expect(page.locator('[data-toast-host]').getByText(/Rates saved\. \d+ carat rows? repriced\./)).toBeVisible();
    await expect(ask).toHaveCount(0);
    expect((await ratesNow()).rates.find((r) => r.carat_id === k22.carat_id)!.inr_per_gram).toBe(raised);

    // A small move asks nothing: the preview has no warning and Save saves.
    await input.fill(String(raised + 10));
    await page.getByRole('button', { name: 'Preview repricing' }).click();
    await expect(page.getByTestId('reprice-summary')).toBeVisible();
    await expect(warning).toHaveCount(0);
    await page.getByRole('button', { name: 'Save rates' }).click();
    await expect(page.locator('[data-toast-host]').getByText(/Rates saved\./).last()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  } finally {
    // The other specs price the demo at today's rate.
    const back = await request.post('/setmetalrates', { headers: bearer(admin), data: { rates: [{ carat_id: k22.carat_id, inr_per_gram: rate }], usd_inr: before.usd_inr, confirm: true } });
    expect(back.status()).toBe(200);
  }
});

test('every status change asks first, naming the order and what happens, and its note goes into the timeline', async ({ page, request }) => {
  const surname = `Iyer ${RUN}`;
  const o_id = await placeOrder(request, surname);
  const admin = await adminAt(page, request, `/admin/orders/${o_id}`);
  const status = page.getByLabel(`Status of order ${o_id}`);
  await expect(status).toHaveValue('1');
  const detail = async () => (await (await request.get(`/getorderdetail/${o_id}`, { headers: bearer(admin) })).json()).data as { status: number };

  // Choosing Processing changes nothing yet: a dialog asks.
  await status.selectOption({ label: 'Processing' });
  const ask = page.getByRole('dialog', { name: `Mark order #${o_id} Processing?` });
  await expect(ask).toContainText(`Order #${o_id} of Meera ${surname} goes from Pending to Processing.`);
  await expect(ask).toContainText('The shopper sees the new status in Order History and Track Your Order; Shipped, Delivered and Cancelled also send the shopper an e-mail (and an SMS when shipped or delivered).');
  await expect(status).toHaveValue('1');
  await ask.getByRole('button', { name: 'Keep it Pending' }).click();
  await expect(ask).toHaveCount(0);
  expect((await detail()).status).toBe(1);

  // Confirmed with a note: the note is in the order's timeline.
  await status.selectOption({ label: 'Processing' });
  await ask.getByLabel('Note for the timeline (optional)').fill(`Packed by Meena ${RUN}`);
  await shoot(page, 'admin-order-status-confirm');
  await ask.getByRole('button', { name: 'Mark Processing' }).click();
  await expect(ask).toHaveCount(0);
  await expect(status).toHaveValue('2');
  const timeline = page.locator('.admin-card').filter({ has: page.getByRole('heading', { level: 2, name: 'Status history' }) });
  await expect(timeline).toContainText('Pending → Processing');
  await expect(timeline).toContainText(`Packed by Meena ${RUN}`);
  expect((await detail()).status).toBe(2);

  // Shipped needs every piece's HUID and issues the tax invoice: the dialog says both.
  await status.selectOption({ label: 'Shipped' });
  const ship = page.getByRole('dialog', { name: `Mark order #${o_id} Shipped?` });
  await expect(ship).toContainText('The GST tax invoice is issued now');
  await expect(ship).toContainText(/HUID/);
  await ship.getByRole('button', { name: 'Keep it Processing' }).click();

  // From the desk's list: cancelling an unpaid cash-on-delivery order puts its pieces back on sale and refunds nothing.
  await page.goto(`/admin/orders?q=%23${o_id}`);
  const listStatus = page.getByLabel(`Status of order ${o_id}`);
  await listStatus.selectOption({ label: 'Cancelled' });
  const cancel = page.getByRole('dialog', { name: `Cancel order #${o_id}?` });
  await expect(cancel).toContainText('Its pieces go back on sale');
  await expect(cancel).toContainText('Nothing was paid, so nothing is refunded.');
  await shoot(page, 'admin-orders-cancel-confirm');
  await cancel.getByLabel('Note for the timeline (optional)').fill('Shopper asked by phone');
  await cancel.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await expect(cancel).toHaveCount(0);
  await expect(listStatus).toHaveValue('5');
  expect((await detail()).status).toBe(5);
  const history = (await (await request.get(`/getorderdetail/${o_id}`, { headers: bearer(admin) })).json()).data.status_history as Array<{ to_status: number; note: string | null }>;
  expect(history.map((h) => [h.to_status, h.note])).toEqual([
    [1, null],
    [2, `Packed by Meena ${RUN}`],
    [5, 'Shopper asked by phone'],
  ]);
});

test('the order desk keeps its search, status filter and page in the address: they survive Reload and Back', async ({ page, request }) => {
  // Enough Pending orders for a second page (10 a page), whatever the other specs left.
  const admin = await apiLogin(request, ADMIN);
  const pending = async () => (await (await request.get('/getorderlist?page=1&perPage=10&status=1', { headers: bearer(admin) })).json()).data.totalCount as number;
  const surname = `Desk ${RUN}`;
  while ((await pending()) <= 10) await placeOrder(request, surname);
  const o_id = await placeOrder(request, surname);

  await openAs(page, admin, '/admin/orders');
  const rows = page.locator('tbody tr[data-order]');
  await expect(rows).toHaveCount(10);
  const filter = page.getByLabel('Status', { exact: true });
  const search = page.getByPlaceholder('Order number, name or phone');

  await filter.selectOption({ label: 'Pending' });
  await expect(page).toHaveURL(/\/admin\/orders\?status=1$/);
  await expect(rows.locator('select').first()).toHaveValue('1');
  const firstPage = await rows.first().getAttribute('data-order');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=1&page=2$/);
  await expect(page.getByText(/^Showing 11 to \d+ of \d+ orders$/)).toBeVisible();
  await expect(rows.first()).not.toHaveAttribute('data-order', firstPage!);
  const secondPage = await rows.first().getAttribute('data-order');

  await page.reload();
  await expect(filter).toHaveValue('1');
  await expect(page.getByText(/^Showing 11 to \d+ of \d+ orders$/)).toBeVisible();
  await expect(rows.first()).toHaveAttribute('data-order', secondPage!);
  await shoot(page, 'admin-orders-page-2');

  // A search starts again at page 1 and is kept too.
  await search.fill(surname);
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${surname.replace(' ', '\\+')}&status=1$`));
  await expect(page.getByLabel(`Status of order ${o_id}`)).toBeVisible();
  await page.reload();
  await expect(search).toHaveValue(surname);
  await expect(filter).toHaveValue('1');
  await expect(page.getByLabel(`Status of order ${o_id}`)).toBeVisible();

  // Into an order and Back: the desk as it was.
  await page.getByRole('link', { name: `Order #${o_id} details` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${o_id}$`));
  await page.goBack();
  await expect(search).toHaveValue(surname);
  await expect(filter).toHaveValue('1');
  await expect(page.getByLabel(`Status of order ${o_id}`)).toBeVisible();

  // Back again: the filter as it was before the search (its page 1: the search replaced page 2's entry), then the whole desk.
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/orders\?status=1$/);
  await expect(search).toHaveValue('');
  await expect(filter).toHaveValue('1');
  await expect(page.getByText(/^Showing 1 to 10 of \d+ orders$/)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(filter).toHaveValue('');
});
