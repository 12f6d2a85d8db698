import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { formatMoney } from '../../rules/money.ts';
import { ADMIN, apiLogin, bearer, openAs, orderCartByApi, registerShopper, type Shopper, suratAddress } from './helpers/shop.ts';

/**
 * Taking jewellery back (issue 36), in the browser against `npm start` with the demo seed: a
 * shopper with a delivered order asks to return a piece from Order History and sees the
 * request in My Returns; the owner takes it through the returns desk (approve, picked up with
 * the courier, received, inspected with the piece's HUID, a different HUID refused first,
 * refunded after the amount is shown); the shopper then reads Refunded. My Gold Today and
 * Store Credit are opened too. RETURNS_SHOTS=<dir> saves every screen at 1366 and 390 px.
 */

const PASSWORD = 'Journey@123';
const SHOTS = process.env.RETURNS_SHOTS;
const ADDRESS = suratAddress({ first_name: 'Meera', last_name: 'Shah', email: 'meera.shah@example.com', address: '8 Athwa Lines', apartment: 'Flat 2', zip_code: '395001' });

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.waitForTimeout(200);
}

/** A photo as a phone would send it: a JPEG carrying the camera's GPS position. */
const claspPhoto = () =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: '#c9a227' } })
    .composite([{ input: Buffer.from('<svg width="480" height="360"><circle cx="240" cy="180" r="110" fill="none" stroke="#7a5c12" stroke-width="26"/></svg>'), top: 0, left: 0 }])
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 11/1 0/1' } })
    .toBuffer();

/** A private photo shown from its blob: URL, actually drawn (fetched with the token: no public address serves it). */
async function expectPhotoShown(photo: Locator): Promise<void> {
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

/** The cheapest demo piece in a new shopper's cart, ordered cash on delivery, packed with a HUID, shipped and delivered. */
async function deliveredOrder(request: APIRequestContext): Promise<{ shopper: Shopper; o_id: number; huid: string; total: number }> {
  const phoneNumber = `7${String(Date.now()).slice(-9)}`;
  const shopper = await registerShopper(request, { full_name: `Meera Returns ${phoneNumber.slice(-4)}`, u_name: `meera${phoneNumber}`, phoneNumber, password: PASSWORD });
  const listed = await request.post('/getproducts', { data: { isReel: '0', page: 1, perPage: 12 } });
  const products = (await listed.json()).data.productData as Array<{ p_id: number; materials: number[]; size: number[]; productcarats: { pc_id: number; carat_id: number; inr_price: number }[] }>;
  const choices = products.filter((p) => p.materials.length > 0).flatMap((p) => p.productcarats.map((carat) => ({ product: p, carat })));
  choices.sort((a, b) => a.carat.inr_price - b.carat.inr_price);
  const { product, carat } = choices[0];
  const added = await request.post('/createcart', {
    headers: bearer(shopper),
    data: { u_id: shopper.u_id, p_id: product.p_id, pc_id: carat.pc_id, carat_id: carat.carat_id, m_id: product.materials[0], size_id: product.size[0] ?? null, quantity: 1 },
  });
  expect(added.status()).toBeLessThan(300);
  const o_id = await orderCartByApi(request, shopper, ADDRESS);

  const admin = await apiLogin(request, ADMIN);
  const order = (await (await request.get(`/getorderdetail/${o_id}`, { headers: bearer(admin) })).json()).data as { total: number; orderItems: { oi_id: number }[] };
  const huid = `R${String(o_id).padStart(5, '0')}`.slice(-6);
  const step = async (status: number) => expect((await request.put('/updateorderstatus', { headers: bearer(admin), data: { o_id, status } })).status()).toBe(200);
  await step(2);
  expect((await request.put('/orderhuid', { headers: bearer(admin), data: { o_id, items: [{ oi_id: order.orderItems[0].oi_id, huid: [huid] }] } })).status()).toBe(200);
  await step(3);
  await step(4);
  return { shopper, o_id, huid, total: order.total };
}

/** My Gold Today, opened by the shopper, with the piece of this order valued at today's rate. */
async function goldToday(page: Page, shopper: Shopper, o_id: number): Promise<{ piece: Locator; quote: Locator }> {
  await openAs(page, shopper, '/orderconfirm');
  await page.getByRole('button', { name: 'My Gold Today' }).click();
  const piece = page.getByTestId('gold-piece').filter({ hasText: `Order #${o_id}` });
  await piece.getByRole('button', { name: 'What is my gold worth today?' }).click();
  const quote = piece.getByTestId('gold-quote');
  await expect(quote).toContainText('Buy-back value');
  return { piece, quote };
}

test('a shopper returns a delivered piece and the shop takes it to refunded', async ({ page, request, browser }) => {
  const { shopper, o_id, huid } = await deliveredOrder(request);

  // Order History: the delivered order offers Return or exchange.
  await openAs(page, shopper, '/orderconfirm');
  await page.getByRole('button', { name: 'Order History' }).click();
  const card = page.getByTestId('order').filter({ hasText: `#${o_id}` });
  await expect(card.getByRole('button', { name: 'Return or exchange' })).toBeVisible();
  await shoot(page, 'order-history-return');

  // The request: the piece, a refund, the reason and words.
  await card.getByRole('button', { name: 'Return or exchange' }).click();
  const ask = page.getByRole('dialog', { name: `Return or exchange: order #${o_id}` });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Send Request' }).click();
  await expect(ask.getByRole('alert')).toHaveText('Choose at least one piece to return.');
  await ask.getByRole('checkbox').first().check();
  await ask.getByRole('radio', { name: /^Refund/ }).check();
  await ask.getByLabel('Reason').selectOption({ label: 'Wrong size or fit' });
  await ask.getByLabel(/In your words/).fill('The ring is a size too small.');
  // A photo of the piece: previewed before sending, sent once the request exists.
  await ask.getByLabel('Choose photos').setInputFiles({ name: 'ring.jpg', mimeType: 'image/jpeg', buffer: await claspPhoto() });
  await expect(ask.getByRole('img', { name: 'Photo 1: ring.jpg' })).toBeVisible();
  await shoot(page, 'return-request');
  await ask.getByRole('group', { name: /^Photos of the pieces/ }).scrollIntoViewIfNeeded();
  await shoot(page, 'return-request-photos');
  await ask.getByRole('button', { name: 'Send Request' }).click();
  await expect(ask).toBeHidden();

  // My Returns: the request and where it stands.
  const mine = page.getByTestId('return').filter({ hasText: `#${o_id}` });
  await expect(mine.getByTestId('return-status')).toHaveText('Requested');
  await expect(mine).toContainText('Wrong size or fit');
  await expect(mine.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expectPhotoShown(mine.getByRole('img', { name: /^Photo 1 of 1 of return #\d+$/ }));
  await shoot(page, 'my-returns-requested');

  // The desk: the request in the list, then its detail.
  const admin = await apiLogin(request, ADMIN);
  const desk = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await openAs(desk, admin, '/admin/returns');
  const row = desk.locator('tr[data-return]').filter({ hasText: `#${o_id}` });
  await expect(row.locator('[data-return-status]')).toHaveText('Requested');
  await shoot(desk, 'admin-returns');
  await row.getByRole('link', { name: /details$/ }).click();
  await expect(desk.getByRole('heading', { level: 1, name: /^Return #\d+$/ })).toBeVisible();
  await expect(desk.getByText('Wrong size or fit')).toBeVisible();
  // The shopper's photo, on the desk too (fetched with the staff member's token).
  await expect(desk.getByRole('heading', { name: 'Shopper’s photos (1)' })).toBeVisible();
  await expectPhotoShown(desk.getByRole('img', { name: /^Photo 1 of 1 of return #\d+$/ }));
  await shoot(desk, 'admin-return-requested');

  const status = desk.locator('.admin-order__status [data-return-status]');
  const stepTo = async (button: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>, shot?: string) => {
    await desk.getByRole('group', { name: 'Next steps' }).getByRole('button', { name: button, exact: true }).click();
    const dialog = desk.getByRole('dialog');
    await expect(dialog).toBeVisible();
    if (fill) await fill(dialog);
    if (shot) await shoot(desk, shot);
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await expect(dialog).toBeHidden();
  };

  await stepTo('Approve', undefined, 'admin-return-approve');
  await expect(status).toHaveText('Approved');
  await stepTo(
    'Picked up',
    async (dialog) => {
      await dialog.getByLabel(/^Courier/).fill('Blue Dart');
      await dialog.getByLabel(/^Tracking number/).fill('BD123456789IN');
    },
    'admin-return-pickup',
  );
  await expect(status).toHaveText('Picked up');
  await expect(desk.getByText('BD123456789IN', { exact: true })).toBeVisible();
  await stepTo('Received');
  await expect(status).toHaveText('Received');

  // Inspection: a different piece's HUID is refused, the one sold is taken.
  await desk.getByRole('group', { name: 'Next steps' }).getByRole('button', { name: 'Inspect', exact: true }).click();
  const inspect = desk.getByRole('dialog', { name: 'Record the inspection' });
  await inspect.getByLabel(/^HUID of piece 1/).fill('ZZ9999');
  await inspect.getByRole('button', { name: 'Inspect', exact: true }).click();
  await expect(inspect.getByRole('alert')).toContainText('ZZ9999');
  await inspect.getByLabel(/^HUID of piece 1/).fill(huid);
  await shoot(desk, 'admin-return-inspect');
  await inspect.getByRole('button', { name: 'Inspect', exact: true }).click();
  await expect(inspect).toBeHidden();
  await expect(status).toHaveText('Inspected');
  await expect(desk.locator('.admin-return__pieces')).toContainText(huid);

  // The refund: the amount is shown first, then confirmed with the transfer made (cash on delivery).
  await desk.getByRole('group', { name: 'Next steps' }).getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = desk.getByRole('dialog', { name: 'Refund the shopper' });
  await refund.getByRole('button', { name: 'Work out the amount' }).click();
  const amount = refund.getByTestId('return-confirm-amount');
  await expect(amount).toContainText('₹');
  const shown = (await amount.locator('strong').innerText()).trim();
  expect(shown).toMatch(/^₹[\d,]+\.\d{2}$/);
  await refund.getByLabel('Paid by').selectOption('upi');
  await refund.getByLabel(/^Transfer reference/).fill('UPI-REF-4471');
  await shoot(desk, 'admin-return-refund');
  await refund.getByRole('button', { name: `Refund ${shown}` }).click();
  await expect(refund).toBeHidden();
  await expect(status).toHaveText('Refunded');
  await expect(desk.getByTestId('return-amount')).toHaveText(shown);
  await shoot(desk, 'admin-return-refunded');
  await desk.close();

  // The shopper reads Refunded, with the amount.
  await page.reload();
  await page.getByRole('button', { name: 'My Returns' }).click();
  await expect(mine.getByTestId('return-status')).toHaveText('Refunded');
  await expect(mine).toContainText(shown);
  await expect(mine.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await shoot(page, 'my-returns-refunded');
});

test('a photo refused by its bytes is said clearly, and photos can be added from My Returns while requested', async ({ page, request }) => {
  const { shopper, o_id } = await deliveredOrder(request);
  await openAs(page, shopper, '/orderconfirm');
  await page.getByRole('button', { name: 'Order History' }).click();
  await page.getByTestId('order').filter({ hasText: `#${o_id}` }).getByRole('button', { name: 'Return or exchange' }).click();
  const ask = page.getByRole('dialog', { name: `Return or exchange: order #${o_id}` });
  await ask.getByRole('checkbox').first().check();
  await ask.getByLabel('Reason').selectOption({ label: 'Wrong size or fit' });
  // A text file calling itself a JPEG passes the browser's look at its type; the store judges its bytes.
  await ask.getByLabel('Choose photos').setInputFiles([
    { name: 'ring.jpg', mimeType: 'image/jpeg', buffer: await claspPhoto() },
    { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all, just words\n') },
  ]);
  await expect(ask.getByRole('img', { name: /^Photo \d: / })).toHaveCount(2);
  await ask.getByRole('button', { name: 'Send Request' }).click();
  const failed = ask.getByRole('alert');
  await expect(failed).toContainText(/Return #\d+ was requested, but 1 of 2 photos was not added:/);
  await expect(failed).toContainText('notes.jpg is not a JPEG, PNG or WebP photo.');
  await failed.scrollIntoViewIfNeeded();
  await shoot(page, 'return-photo-failed');
  await failed.getByRole('button', { name: 'Go to My Returns' }).click();

  // My Returns: the photo that went, and Add photos while the request waits for review.
  const mine = page.getByTestId('return').filter({ hasText: `#${o_id}` });
  await expectPhotoShown(mine.getByRole('img', { name: /^Photo 1 of 1 of return #\d+$/ }));
  await mine.getByLabel('Add photos (up to 4 more)').setInputFiles({ name: 'side.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#8a6d1f' } }).png().toBuffer() });
  await expectPhotoShown(mine.getByRole('img', { name: /^Photo 2 of 2 of return #\d+$/ }));
  await expect(mine.getByText('Add photos (up to 3 more)')).toBeVisible();
  await shoot(page, 'my-returns-add-photos');
});

test('a shopper sees what the gold of a delivered piece is worth today, and their store credit', async ({ page, request }) => {
  const { shopper, o_id } = await deliveredOrder(request);
  const { piece, quote } = await goldToday(page, shopper, o_id);
  await expect(quote).toContainText('Exchange value');
  await expect(quote).toContainText('Valid until');
  expect(await quote.locator('dd').allInnerTexts()).toEqual([expect.stringMatching(/^₹[\d,]+\.\d{2}$/), expect.stringMatching(/^₹[\d,]+\.\d{2}$/)]);
  await shoot(page, 'gold-value');

  // Sell it back: a buy-back request at the desk, shown in My Returns.
  await piece.getByRole('button', { name: 'Sell it back' }).click();
  const sell = page.getByRole('dialog', { name: 'Sell this piece back?' });
  await shoot(page, 'gold-sell');
  await sell.getByRole('button', { name: 'Send Request' }).click();
  const mine = page.getByTestId('return').filter({ hasText: `#${o_id}` });
  await expect(mine.getByTestId('return-status')).toHaveText('Requested');
  await expect(mine).toContainText('Buy-back');

  // Withdrawn before pick-up.
  await mine.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByRole('dialog', { name: /^Withdraw return #\d+\?$/ }).getByRole('button', { name: 'Withdraw Request' }).click();
  await expect(mine.getByTestId('return-status')).toHaveText('Withdrawn');

  await page.getByRole('button', { name: 'Store Credit' }).click();
  await expect(page.getByTestId('store-credit-balance')).toContainText(formatMoney(0, 'INR', { cents: true }));
  await shoot(page, 'store-credit');
});

test('the shop buys a piece back at the rate quoted when it was asked, and pays it by bank transfer', async ({ page, request, browser }) => {
  const { shopper, o_id, huid } = await deliveredOrder(request);
  const { piece, quote } = await goldToday(page, shopper, o_id);
  const quoted = (await quote.locator('dd').allInnerTexts())[1].trim();
  await piece.getByRole('button', { name: 'Sell it back' }).click();
  await page.getByRole('dialog', { name: 'Sell this piece back?' }).getByRole('button', { name: 'Send Request' }).click();
  const mine = page.getByTestId('return').filter({ hasText: `#${o_id}` });
  await expect(mine.getByTestId('return-status')).toHaveText('Requested');

  // The desk: the quote stands beside the request, then the piece comes in and is checked.
  const admin = await apiLogin(request, ADMIN);
  const desk = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await openAs(desk, admin, '/admin/returns');
  await desk.locator('tr[data-return]').filter({ hasText: `#${o_id}` }).getByRole('link', { name: /details$/ }).click();
  await expect(desk.getByRole('heading', { level: 1, name: /^Return #\d+$/ })).toBeVisible();
  await expect(desk.getByText('Quoted when asked', { exact: true })).toBeVisible();
  await expect(desk.getByTestId('return-amount')).toHaveText(quoted);
  const steps = desk.getByRole('group', { name: 'Next steps' });
  const stepTo = async (button: string, fill?: (dialog: Locator) => Promise<void>) => {
    await steps.getByRole('button', { name: button, exact: true }).click();
    const dialog = desk.getByRole('dialog');
    if (fill) await fill(dialog);
    await dialog.getByRole('button', { name: button, exact: true }).click();
    await expect(dialog).toBeHidden();
  };
  await stepTo('Approve');
  await stepTo('Picked up', async (dialog) => {
    await dialog.getByLabel(/^Courier/).fill('Sequel Logistics');
    await dialog.getByLabel(/^Tracking number/).fill('SQ-20261128-01');
  });
  await stepTo('Received');
  await stepTo('Inspect', (dialog) => dialog.getByLabel(/^HUID of piece 1/).fill(huid));
  await expect(desk.locator('.admin-order__status [data-return-status]')).toHaveText('Inspected');

  // Paying: the shop's own words for buying gold back, the quoted amount, then the transfer.
  await expect(steps.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await steps.getByRole('button', { name: 'Pay the buy-back', exact: true }).click();
  const pay = desk.getByRole('dialog', { name: 'Pay the buy-back' });
  await pay.getByRole('button', { name: 'Work out the amount' }).click();
  const amount = pay.getByTestId('return-confirm-amount');
  await expect(amount).toContainText('Buy-back payout at the rate quoted when it was asked');
  await expect(amount.locator('strong')).toHaveText(quoted);
  await pay.getByLabel('Paid by').selectOption('bank');
  await pay.getByLabel(/^Transfer reference/).fill('NEFT-HDFC-0091');
  await shoot(desk, 'admin-buyback-pay');
  await pay.getByRole('button', { name: `Pay ${quoted}` }).click();
  await expect(pay).toBeHidden();
  await expect(desk.getByText('Paid', { exact: true })).toBeVisible();
  await expect(desk.getByTestId('return-amount')).toHaveText(quoted);
  await shoot(desk, 'admin-buyback-paid');
  await desk.close();

  // The shopper reads what was paid to them.
  await page.reload();
  await page.getByRole('button', { name: 'My Returns' }).click();
  await expect(mine).toContainText('Paid to you');
  await expect(mine).toContainText(quoted);
  await shoot(page, 'my-returns-bought-back');
});
