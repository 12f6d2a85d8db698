import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatMoney, toMajor, toMinor } from '../../rules/money.ts';
import { priceRow } from '../../rules/pricing.ts';
import { deliveryWindow, formatWindow } from '../../web/islands/product/delivery.ts';
import { ADMIN, apiLogin, openAs } from './helpers/shop.ts';

/**
 * Priced like a jeweller (issue 16), in the browser: the administrator sets a
 * new 22K rate on the Metal Rates screen (preview first, then save), and the
 * product page shows the new price with its breakup at that rate.
 */

const SHOTS = process.env.PRICING_SHOTS_DIR;

const adminSession = (request: APIRequestContext) => apiLogin(request, ADMIN);

const rupees = (amount: number) => formatMoney(amount, 'INR');

test('a new 22K rate set in the back office shows as the new price and breakup on the product page', async ({ page, request, browser }) => {
  const admin = await adminSession(request);
  const listed = await request.post('/getallproducts', { data: { page: 1, perPage: 100, is_admin: 0 } });
  const products = (await listed.json()).data.productData as Array<{ p_id: number; productcarats: Array<{ pricing: string; carat: { name: string }; inr_price: number; carat_id: number }> }>;
  const product = products.find((p) => p.productcarats[0]?.pricing === 'rate' && p.productcarats[0].carat.name === '22K');
  expect(product, 'the demo has a rate-priced 22K product').toBeTruthy();
  const before = product!.productcarats[0];
  const rates = (await (await request.get('/getmetalrates')).json()).data as { rates: Array<{ carat_id: number; inr_per_gram: number }> };
  const newRate = (rates.rates.find((r) => r.carat_id === before.carat_id)!.inr_per_gram ?? 7000) + 211;

  await openAs(page, admin, '/admin/rates');
  const rateInput = page.getByLabel('22K (₹ per gram)');
  await expect(rateInput).toBeVisible();
  await rateInput.fill(String(newRate));
  await page.getByRole('button', { name: 'Preview repricing' }).click();
  await expect(page.getByTestId('reprice-summary')).toContainText(/Saving reprices \d+ product/);
  await expect(page.getByTestId('reprice-summary')).toContainText('Largest change');
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/admin-rates-1366.png`, fullPage: true });
  }
  await page.getByRole('button', { name: 'Save rates' }).click();
  await expect(page.getByText(/Rates saved\. \d+ carat rows repriced\./)).toBeVisible();
  await expect(page.locator('table').last()).toContainText(rupees(newRate));

  const after = (await (await request.post('/getproductbyid', { data: { p_id: product!.p_id } })).json()).data.productcarats[0];
  expect(after.inr_price).toBeGreaterThan(before.inr_price);
  expect(after.breakup.rate).toBe(newRate);

  const shopper = await browser.newPage();
  await shopper.goto(`/product-details/${product!.p_id}`);
  const breakup = shopper.locator('[data-breakup]');
  await expect(breakup).toContainText(`× ${rupees(newRate)}/g`);
  await expect(breakup).toContainText(rupees(after.breakup.metal));
  await expect(breakup).toContainText('GST 3%');
  await expect(shopper.locator('[data-rate-time]')).toContainText('Gold rate as of');
  await expect(shopper.locator('.pd__price [data-price]')).toHaveText(rupees(after.inr_price));
  await expect(shopper.locator('[data-price-purity]')).toHaveText('for 22K');
  await expect(shopper.locator('[data-net-weights]')).toContainText(`Net gold weight (22K)`);
  if (SHOTS) {
    await shopper.screenshot({ path: `${SHOTS}/product-1366.png`, fullPage: false });
    await shopper.setViewportSize({ width: 390, height: 844 });
    await shopper.screenshot({ path: `${SHOTS}/product-390.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Preview repricing' }).click();
    await expect(page.getByTestId('reprice-summary')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/admin-rates-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('dashboard-rates')).toContainText(rupees(newRate));
    await page.screenshot({ path: `${SHOTS}/admin-dashboard-1366.png`, fullPage: true });
  }
  await shopper.close();
});

test('the product form prices a rate row live with rules/pricing.ts as the owner types, checks each field, and saving gives that price, its stock and lead time', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const admin = await adminSession(request);
  const listed = await request.post('/getallproducts', { data: { page: 1, perPage: 100, is_admin: 0 } });
  type Row = { pc_id: number; carat_id: number; carat: { name: string }; stock: number | null };
  const products = (await listed.json()).data.productData as Array<{ p_id: number; name: string; productcarats: Row[] }>;
  // The last demo product whose first row is 22K: the journeys' pieces are picked by price and stock, which this keeps buyable.
  const product = products.filter((p) => p.productcarats[0]?.carat.name === '22K').at(-1)!;
  expect(product, 'the demo has a 22K product').toBeTruthy();
  const rates = (await (await request.get('/getmetalrates')).json()).data as { rates: Array<{ carat_id: number; inr_per_gram: number }>; usd_inr: number };
  const rate = rates.rates.find((r) => r.carat_id === product.productcarats[0].carat_id)!.inr_per_gram;
  // The figures the form must show: the same function the server prices with, in its units (mg, basis points, paise).
  const expected = priceRow({ netWeightMg: 6_250, makingType: 'percent', makingValue: 1_450, stoneValue: 320_000 }, toMinor(rate), toMinor(rates.usd_inr));

  await openAs(page, admin, '/admin/products');
  await page.getByPlaceholder('Search product name').fill(product.name);
  await page.getByRole('button', { name: `Edit ${product.name}`, exact: true }).click();
  const form = page.getByRole('dialog');
  const row = form.getByTestId('carat-row').first();
  await row.getByLabel('Priced', { exact: true }).selectOption('rate');
  await row.getByLabel('Net weight (g)').fill('6.25');
  await row.getByLabel('Making in', { exact: true }).selectOption('percent');
  await row.getByLabel('Making (%)').fill('14.5');
  await row.getByLabel('Stone value (₹)').fill('3200');
  await row.getByLabel('Stock', { exact: true }).selectOption('order');
  await row.getByLabel('Lead time (days)').fill('21');
  const live = row.getByTestId('live-price');
  await expect(live.getByTestId('live-inr')).toHaveText(rupees(toMajor(expected.inr_price)));
  await expect(live.getByTestId('live-usd')).toHaveText(formatMoney(toMajor(expected.usd_price), 'USD'));
  await expect(live).toContainText(`Gold 6.25 g × ${rupees(rate)}/g = ${rupees(toMajor(expected.breakup.metal))}`);

  // Each field says what is wrong, in the API's words, and nothing is saved.
  await row.getByLabel('Net weight (g)').fill('6.2505');
  await row.getByLabel('Making (%)').fill('120');
  await row.getByLabel('Lead time (days)').fill('400');
  await expect(live).toContainText('Enter the net weight and making charge');
  await form.getByRole('button', { name: 'Update Product', exact: true }).click();
  await expect(row.getByText('Net weight must be grams above 0 with at most 3 decimals (e.g. 5.25).')).toBeVisible();
  await expect(row.getByText('Making charge must be at most 100%.')).toBeVisible();
  await expect(row.getByText('Lead time must be a whole number of days from 0 to 365.')).toBeVisible();
  await expect(row.getByLabel('Net weight (g)')).toBeFocused();
  await row.getByLabel('Net weight (g)').fill('6.25');
  await row.getByLabel('Making (%)').fill('14.5');
  await row.getByLabel('Lead time (days)').fill('21');
  await expect(live.getByTestId('live-inr')).toHaveText(rupees(toMajor(expected.inr_price)));
  if (SHOTS) {
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/admin-product-form-1366.png` });
  }
  await form.getByRole('button', { name: 'Update Product', exact: true }).click();
  await expect(page.locator('[data-toast-host]').getByText('Product updated successfully.')).toBeVisible();
  await expect(form).toHaveCount(0);

  // The product's answer carries the price the form showed, worked out again by the server.
  const saved = (await (await request.post('/getproductbyid', { data: { p_id: product.p_id } })).json()).data.productcarats[0];
  expect(saved).toMatchObject({
    pricing: 'rate',
    inr_price: toMajor(expected.inr_price),
    usd_price: toMajor(expected.usd_price),
    net_weight_g: 6.25,
    making_type: 'percent',
    making_value: 14.5,
    stone_value: 3200,
    stock: null,
    lead_time_days: 21,
    breakup: { metal: toMajor(expected.breakup.metal), making: toMajor(expected.breakup.making), gst: toMajor(expected.breakup.gst), rate },
  });
  // The table says its stock.
  const tableRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: product.name, exact: true }) });
  await expect(tableRow.locator('[data-label="Stock"]')).toContainText('Made to order · 21 days');
  await expect(tableRow.locator('[data-label="Prices"]')).toContainText(rupees(toMajor(expected.inr_price)));

  // The product page: the made-to-order row's lead time is in the delivery estimate, and moves its dates.
  const shopper = await browser.newPage();
  await shopper.goto(`/product-details/${product.p_id}`);
  const delivery = shopper.locator('[data-delivery]');
  await expect(delivery).toContainText('Made to order: ships in 21 days, then 3-7 business days within India');
  await expect(delivery.locator('[data-delivery-dates]')).toHaveText(formatWindow(deliveryWindow(new Date(), false, 21)));
  await expect(shopper.locator('.pd__price [data-price]')).toHaveText(rupees(toMajor(expected.inr_price)));
  if (SHOTS) {
    await delivery.scrollIntoViewIfNeeded();
    await shopper.screenshot({ path: `${SHOTS}/product-made-to-order-1366.png` });
    await shopper.setViewportSize({ width: 390, height: 844 });
    await delivery.scrollIntoViewIfNeeded();
    await shopper.screenshot({ path: `${SHOTS}/product-made-to-order-390.png` });
  }
  await shopper.close();
});

test('a dollar shopper\'s breakup shows no GST 3% line: it ends at the price without GST their dollar price is made from; a rupee shopper\'s keeps GST 3%', async ({ page, browser, request }) => {
  const listed = await request.post('/getallproducts', { data: { page: 1, perPage: 100, is_admin: 0 } });
  type Row = { inr_price: number; usd_price: number; breakup: { gst: number; without_gst: number } | null };
  const products = (await listed.json()).data.productData as Array<{ p_id: number; productcarats: Row[] }>;
  const product = products.find((p) => p.productcarats[0]?.breakup);
  expect(product, 'the demo has a rate-priced product').toBeTruthy();
  const row = (await (await request.post('/getproductbyid', { data: { p_id: product!.p_id } })).json()).data.productcarats[0] as Row;
  const b = row.breakup!;

  // A +1 shopper sees dollars (storefront.md §1): an export price, no Indian GST in it.
  const phone = String(Date.now()).slice(-10);
  const account = { full_name: 'Ava Smith', u_name: `gstx${phone}`, countryCode: '+1', phoneNumber: phone, password: 'Secret123!', repeatPassword: 'Secret123!' };
  expect((await request.post('/registeruser', { data: account })).status()).toBe(201);
  const login = (await (await request.post('/userlogin', { data: { countryCode: '+1', phoneNumber: phone, password: 'Secret123!' } })).json()).data;

  const dollars = await browser.newPage();
  await openAs(dollars, login, `/product-details/${product!.p_id}`);
  const rupeeShopper = page;
  await rupeeShopper.goto(`/product-details/${product!.p_id}`);

  const check = async (shopper: Page, abroad: boolean) => {
    const breakup = shopper.locator('[data-breakup]');
    await expect(shopper.locator('.pd__price [data-price]')).toHaveText(abroad ? formatMoney(row.usd_price, 'USD') : rupees(row.inr_price));
    await expect(breakup.getByText('GST 3%', { exact: true })).toBeVisible({ visible: !abroad });
    await expect(breakup.locator('[data-breakup-total]')).toBeVisible({ visible: !abroad });
    await expect(breakup.getByText('Price without GST', { exact: true })).toBeVisible({ visible: abroad });
    if (abroad) {
      await expect(breakup.locator('[data-breakup-without-gst]')).toHaveText(rupees(b.without_gst));
      await expect(breakup.locator('[data-breakup-export-note]')).toHaveText(
        `Exports carry no Indian GST. Delivered outside India you pay ${formatMoney(row.usd_price, 'USD')}, the price without GST in dollars at our exchange rate.`,
      );
      await expect(breakup).not.toContainText(rupees(row.inr_price), { useInnerText: true });
    } else {
      await expect(breakup.locator('[data-breakup-gst]')).toHaveText(rupees(b.gst));
      await expect(breakup.locator('[data-breakup-total]')).toHaveText(rupees(row.inr_price));
      await expect(breakup.locator('[data-breakup-export-note]')).toBeHidden();
    }
  };

  for (const [shopper, abroad] of [[dollars, true], [rupeeShopper, false]] as const) {
    // The pre-rendered page already follows the currency; then the island (client:interaction) wakes and keeps it.
    await check(shopper, abroad);
    await shopper.locator('[data-breakup] summary').hover();
    await expect(shopper.locator('astro-island', { has: shopper.locator('[data-purchase]') }).first()).not.toHaveAttribute('ssr', /.*/);
    await check(shopper, abroad);
    if (SHOTS) {
      const name = abroad ? 'usd' : 'inr';
      await shopper.locator('[data-breakup]').scrollIntoViewIfNeeded();
      await shopper.screenshot({ path: `${SHOTS}/breakup-${name}-1366.png` });
      await shopper.setViewportSize({ width: 390, height: 844 });
      await shopper.locator('[data-breakup]').scrollIntoViewIfNeeded();
      await shopper.screenshot({ path: `${SHOTS}/breakup-${name}-390.png` });
      await shopper.screenshot({ path: `${SHOTS}/breakup-${name}-390-full.png`, fullPage: true });
      await shopper.setViewportSize({ width: 1366, height: 900 });
    }
  }
  await dollars.close();
});
