import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../rules/money.ts';

/**
 * Priced like a jeweller (issue 16), in the browser: the administrator sets a
 * new 22K rate on the Metal Rates screen (preview first, then save), and the
 * product page shows the new price with its breakup at that rate.
 */

const ADMIN = { countryCode: '+91', phoneNumber: '9999999999', password: 'Admin@12345' };
const SHOTS = process.env.PRICING_SHOTS_DIR;

async function adminSession(request: APIRequestContext) {
  const answer = await request.post('/userlogin', { data: ADMIN });
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as { auth_token: string };
}

async function openAs(page: Page, session: object, path: string) {
  await page.addInitScript((user) => {
    if (!localStorage.getItem('user')) {
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('token', (user as { auth_token: string }).auth_token);
    }
  }, session);
  await page.goto(path);
}

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
