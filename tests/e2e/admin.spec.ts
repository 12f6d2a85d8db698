import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { formatMoney } from '../../rules/money.ts';
import { ADMIN, apiLogin, bearer, openAs, orderCartByApi, registerShopper, type Shopper as SessionUser, suratAddress } from './helpers/shop.ts';

/**
 * The administrator's back office (issue 7), walked in the browser against
 * `npm start` with the demo seed. Records made here carry a per-run suffix, so
 * tests never depend on each other or on an earlier run; setup that is not
 * the journey under test (a shopper, an order, a contact message) goes
 * through the API.
 */

const SHOPPER_PASSWORD = 'Journey@123';
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
let counter = 0;

/** A name no other test or earlier run has used. */
const unique = (prefix: string) => `${prefix} ${RUN}${++counter}`;

/** Registers a shopper with a fresh phone number and logs them in through the API. */
function newShopper(request: APIRequestContext): Promise<SessionUser> {
  const phoneNumber = `6${String(Date.now()).slice(-7)}${String(++counter).padStart(2, '0')}`;
  return registerShopper(request, { full_name: `Kavya Admin Test ${phoneNumber.slice(-4)}`, u_name: `kavya${phoneNumber}`, phoneNumber, password: SHOPPER_PASSWORD });
}

async function openAsAdmin(page: Page, request: APIRequestContext, path: string): Promise<SessionUser> {
  const admin = await apiLogin(request, ADMIN);
  await openAs(page, admin, path);
  await expect(page.locator('#admin-nav')).toBeAttached();
  return admin;
}

/** A tiny PNG of one colour, made here so the test needs no fixture files. */
async function png(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 24, height: 24, channels: 3, background: { r, g, b } } }).png().toBuffer();
}

/** A field's label, with or without the required mark after it. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast-host]').getByText(text);
const dialog = (page: Page) => page.getByRole('dialog');
const submitIn = (scope: Locator, name: string) => scope.getByRole('button', { name, exact: true });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('a visitor and a shopper at /admin/products are sent to /login', async ({ page, request }) => {
  await page.goto('/about');
  await page.goto('/admin/products');
  await expect(page).toHaveURL(/\/login$/);
  // Replacing navigation: the admin address is not left in the history.
  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);

  const shopper = await newShopper(request);
  await openAs(page, shopper, '/admin/products');
  await expect(page).toHaveURL(/\/login$/);
  await expect(heading(page, 'Manage Products')).toHaveCount(0);
});

test('the administrator logs in to the dashboard, moves around the menu and logs out', async ({ page }) => {
  await page.goto('/login');
  // Typed before the island is live, the values would be reset by React taking over the form.
  await expect(page.locator('astro-island:has(form.auth-form)')).not.toHaveAttribute('ssr');
  await page.getByLabel(label('Phone number')).fill(ADMIN.phoneNumber);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  // The five counters and the last inquiries come from the API.
  for (const counter of ['Products', 'Materials', 'Orders', 'Inquiries', 'Users']) {
    await expect(page.locator('.admin-counter').filter({ hasText: counter }).locator('dd')).toHaveText(/^\d[\d,]*$/);
  }
  await expect(page.locator('.admin-inquiry')).not.toHaveCount(0);
  expect(await page.locator('.admin-inquiry').count()).toBeLessThanOrEqual(5);

  const menu = page.locator('#admin-nav');
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Contact messages' }).click();
  await expect(page).toHaveURL(/\/admin\/contact$/);
  await expect(heading(page, 'Manage Contacts')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
  await menu.getByRole('link', { name: 'Carat' }).click();
  await expect(heading(page, 'Carat')).toBeVisible();
  await page.goBack();
  await expect(heading(page, 'Manage Contacts')).toBeVisible();

  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('orderData')])).toEqual([null, null]);
});

test("every screen's empty form says what is missing", async ({ page, request }) => {
  await openAsAdmin(page, request, '/admin/categories');

  const emptySubmit = async (path: string, title: string, add: string, submit: string, messages: string[]) => {
    await page.getByRole('link', { name: title, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.getByRole('button', { name: add, exact: true }).click();
    const form = dialog(page);
    await submitIn(form, submit).click();
    for (const message of messages) await expect(form.getByText(message, { exact: true }).first()).toBeVisible();
    return form;
  };

  let form = await emptySubmit('/admin/categories', 'Categories', 'Add Category', 'Add', ['Category Name is required.', 'Category Image is required.']);
  const picker = form.getByLabel(label('Category Image'));
  await picker.setInputFiles([1, 2, 3, 4].map((n) => ({ name: `c${n}.png`, mimeType: 'image/png', buffer: Buffer.from('x') })));
  await expect(form.getByText('You can only select up to 3 images.')).toBeVisible();
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(form.getByText('Please select a valid image file.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);

  for (const [path, title, one] of [
    ['/admin/materials', 'Materials', 'Material'],
    ['/admin/sizes', 'Sizes', 'Size'],
    ['/admin/carat', 'Carat', 'Carat'],
  ] as const) {
    form = await emptySubmit(path, title, `Add ${one}`, 'Add', [`${one} Name is required.`]);
    await page.keyboard.press('Escape');
  }

  form = await emptySubmit('/admin/coupon', 'Coupons', 'Add Coupon', 'Add', ['Coupon Name is required.', 'Discount is required.']);
  const discount = form.getByLabel(label('Discount (%)'));
  await discount.pressSequentially('1a2.5.x5');
  await expect(discount).toHaveValue('12.55');
  await discount.fill('');
  await expect(form.getByText('Minimum Amount is required.')).toBeVisible();
  await discount.pressSequentially('.');
  await expect(form.getByText('Please enter a valid number.')).toBeVisible();
  await page.keyboard.press('Escape');

  await emptySubmit('/admin/reviews', 'Reviews', 'Add Review', 'Add', ['Message is required.', 'User Name is required.', 'Rating is required.', 'Reviews Image is required.']);
  await page.keyboard.press('Escape');

  form = await emptySubmit('/admin/sliders', 'Slider Images', 'Add Images', 'Upload', ['Please Select Images.']);
  const sliderPicker = form.getByLabel(label('Images'));
  const slide = await png(200, 160, 80);
  await sliderPicker.setInputFiles([1, 2].map((n) => ({ name: `s${n}.png`, mimeType: 'image/png', buffer: slide })));
  await sliderPicker.setInputFiles([3, 4].map((n) => ({ name: `s${n}.png`, mimeType: 'image/png', buffer: slide })));
  await expect(form.getByText('You can only select up to 3 images.')).toBeVisible();
  await expect(form.getByRole('button', { name: /^Remove s\d\.png$/ })).toHaveCount(2);
  await form.getByRole('button', { name: 'Remove s1.png' }).click();
  await expect(form.getByRole('button', { name: /^Remove s\d\.png$/ })).toHaveCount(1);
  await page.keyboard.press('Escape');

  form = await emptySubmit('/admin/products', 'Products', 'Add Product', 'Add Product', [
    'Product name is required.',
    'Category is required.',
    'Offer is required.',
    'Product Description is required',
    'Product Specification is required',
    'Carat is required',
    'INR price is required',
    'USD price is required',
    'Feature is required',
    'Please select at least one image or video.',
  ]);
  await form.getByLabel(label('Description')).fill('   ');
  await submitIn(form, 'Add Product').click();
  await expect(form.getByText('Product Description cannot be empty')).toBeVisible();
  await form.getByLabel(label('Images or videos')).setInputFiles({ name: 'brochure.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(form.getByText('brochure.pdf is not a valid image or video file.')).toBeVisible();
});

test("the administrator edits a home banner's words on Slider Images; they are saved and the home page shows them after its rebuild", async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  await openAsAdmin(page, request, '/admin/sliders');
  await expect(heading(page, 'Slider Images')).toBeVisible();
  // Typed before the island is live, the values would be reset by React taking over.
  await expect(page.locator('astro-island[component-url*="AdminApp"]')).not.toHaveAttribute('ssr');
  const headline = `Festive gold ${RUN}`;
  const subline = `Temple necklaces and jhumkas ${RUN}, hallmarked`;

  const card = page.getByRole('listitem').filter({ hasText: 'Slide 1' });
  await card.getByRole('button', { name: 'Edit the banner text of slider image 1' }).click();
  let form = dialog(page);
  await expect(form.getByRole('heading', { name: 'Edit Banner Text' })).toBeVisible();
  // The seed's words are there to edit.
  await expect(form.getByLabel('Headline')).not.toHaveValue('');

  // Too long: the rule the server checks, shown at the line before any request.
  await form.getByLabel('Headline').fill('A headline far too long to fit the banner on a phone');
  await expect(form.getByText(/^Headline must be at most 48 characters to fit the banner on a phone \(it has \d+\)\.$/)).toBeVisible();
  // Cancel with changes asks first; Keep editing leaves the form as it was.
  await submitIn(form, 'Cancel').click();
  await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toBeVisible();
  await submitIn(page.getByRole('dialog', { name: 'Discard changes?' }), 'Keep editing').click();
  await expect(form.getByLabel('Headline')).toHaveValue('A headline far too long to fit the banner on a phone');

  // An eyebrow without a headline is refused; then the new words are saved.
  await form.getByLabel('Headline').fill('   ');
  await submitIn(form, 'Save').click();
  await expect(form.getByText('Write a headline too: the eyebrow and the subline are shown only with a headline.')).toBeVisible();
  await form.getByLabel('Headline').fill(headline);
  await form.getByLabel('Subline').fill(`  ${subline}  `);
  await submitIn(form, 'Save').click();
  await expect(toast(page, 'Banner text saved.')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(card).toContainText(headline);
  await expect(card).toContainText(subline);

  // Saved on the server: a fresh load shows it, and the form opens with it.
  await page.reload();
  await expect(card).toContainText(headline);
  await card.getByRole('button', { name: 'Edit the banner text of slider image 1' }).click();
  form = dialog(page);
  await expect(form.getByLabel('Headline')).toHaveValue(headline);
  await expect(form.getByLabel('Subline')).toHaveValue(subline);
  // Nothing changed: Cancel closes without asking.
  await submitIn(form, 'Cancel').click();
  await expect(form).toHaveCount(0);

  // A visitor sees the words over the picture once the pre-rendered home page is rebuilt.
  const visitor = await visitorPage(browser);
  await expectSoon(visitor, '/', async () => (await visitor.locator('.hero__headline').first().textContent()) === headline);
  await expect(visitor.locator('.hero__subline').first()).toHaveText(subline);
});

test('the administrator adds catalogue entries and a product, which reaches the storefront, then edits and deactivates it', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const admin = await openAsAdmin(page, request, '/admin/categories');
  const categoryName = unique('Anklets');
  const materialName = unique('Platinum');
  const sizeName = unique('Anklet');
  const caratName = unique('14K');
  const couponName = `SAVE${RUN}`;
  const productName = unique('Payal Test');

  // Category with an image.
  await page.getByRole('button', { name: 'Add Category' }).click();
  let form = dialog(page);
  await form.getByLabel(label('Category Name')).fill(categoryName);
  await form.getByLabel(label('Category Image')).setInputFiles({ name: 'anklet.png', mimeType: 'image/png', buffer: await png(220, 180, 90) });
  await expect(form.getByRole('img', { name: 'Chosen image anklet.png' })).toBeVisible();
  await submitIn(form, 'Add').click();
  await expect(toast(page, 'Category added successfully.')).toBeVisible();
  await expect(form).toHaveCount(0);
  await page.getByPlaceholder('Search category name').fill(categoryName);
  await expect(page.getByRole('row').filter({ hasText: categoryName }).getByRole('img', { name: categoryName })).toBeVisible();

  // Material, size and carat: one name each.
  for (const [title, one, name] of [
    ['Materials', 'Material', materialName],
    ['Sizes', 'Size', sizeName],
    ['Carat', 'Carat', caratName],
  ] as const) {
    await page.locator('#admin-nav').getByRole('link', { name: title, exact: true }).click();
    await page.getByRole('button', { name: `Add ${one}` }).click();
    form = dialog(page);
    await form.getByLabel(`${one} Name`).fill(name);
    await submitIn(form, 'Add').click();
    await expect(toast(page, `${one} added successfully.`)).toBeVisible();
    await page.getByPlaceholder(`Search ${one.toLowerCase()} name`).fill(name);
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  }

  // A coupon, then deactivated through its confirmation.
  await page.locator('#admin-nav').getByRole('link', { name: 'Coupons' }).click();
  await page.getByRole('button', { name: 'Add Coupon' }).click();
  form = dialog(page);
  await form.getByLabel(label('Coupon Name')).fill(couponName.toLowerCase());
  await form.getByLabel(label('Discount (%)')).fill('12.5');
  await submitIn(form, 'Add').click();
  await expect(form).toHaveCount(0);
  const couponRow = page.getByRole('row').filter({ hasText: couponName });
  await expect(couponRow).toContainText('12.5%');
  await couponRow.getByRole('button', { name: `Deactivate ${couponName}` }).click();
  await expect(dialog(page)).toContainText('Are you sure you want to Deactivate this coupon?');
  await submitIn(dialog(page), 'Deactive').click();
  await expect(couponRow.getByText('Inactive')).toBeVisible();

  // The product: two images, two carat rows, the new material and size.
  await page.locator('#admin-nav').getByRole('link', { name: 'Products' }).click();
  await page.getByRole('button', { name: 'Add Product' }).click();
  form = dialog(page);
  await form.getByLabel(label('Product Name')).fill(productName);
  await form.getByLabel(label('Category')).selectOption({ label: categoryName });
  await form.getByLabel(label('Offer')).fill('Flat 5% off on making charges');
  await form.getByLabel(label('Description')).fill('A light 18K gold anklet with tiny bells, made for everyday wear.');
  await form.getByLabel(label('Specifications')).fill('Gold purity: 18K\nWeight: about 6 g');
  await form.getByRole('checkbox', { name: materialName }).check();
  await form.getByRole('checkbox', { name: sizeName }).check();
  await form.getByLabel(label('Carat 1')).selectOption({ label: caratName });
  await form.getByLabel(label('INR price (₹)')).first().fill('24999.50');
  await form.getByLabel(label('USD price ($)')).first().fill('299');
  await form.getByRole('button', { name: '+ Add Carat Price' }).click();
  // A carat chosen once cannot be chosen again.
  await expect(form.getByLabel(label('Carat 2')).locator('option', { hasText: caratName })).toBeDisabled();
  await form.getByLabel(label('Carat 2')).selectOption({ label: '18K' });
  await form.getByLabel(label('INR price (₹)')).nth(1).fill('31999');
  await form.getByLabel(label('USD price ($)')).nth(1).fill('385');
  await form.getByPlaceholder('Feature 1').fill('BIS hallmarked');
  await form.getByRole('checkbox', { name: 'Bestseller' }).check();
  await form.getByLabel(label('Images or videos')).setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: await png(230, 190, 100) },
    { name: 'side.png', mimeType: 'image/png', buffer: await png(180, 140, 60) },
  ]);
  await expect(form.getByRole('img', { name: 'front.png' })).toBeVisible();
  await expect(form.getByRole('img', { name: 'side.png' })).toBeVisible();
  await submitIn(form, 'Add Product').click();
  await expect(toast(page, 'Product added successfully.')).toBeVisible();
  await expect(form).toHaveCount(0);
  const productLink = page.getByRole('link', { name: productName, exact: true });
  await expect(productLink).toBeVisible();
  const p_id = Number((await productLink.getAttribute('href'))?.split('/').pop());
  expect(p_id).toBeGreaterThan(0);
  const row = page.getByRole('row').filter({ has: productLink });
  await expect(row).toContainText(categoryName);
  await expect(row).toContainText('₹24,999.50');

  // A visitor sees it: its page at once, All Products after the rebuild (within a minute).
  const visitor = await visitorPage(browser);
  await visitor.goto(`/product-details/${p_id}`);
  await expect(heading(visitor, productName)).toBeVisible();
  await expectSoon(visitor, '/allproducts', async () => (await visitor.getByText(productName, { exact: true }).count()) > 0);

  // Edit: the name changes, and so may category, materials and sizes (issue 33): its size is taken off, a piece in one size.
  await row.getByRole('button', { name: `Edit ${productName}` }).click();
  form = dialog(page);
  await expect(form.getByLabel(label('Category'))).toBeEnabled();
  await expect(form.getByRole('checkbox', { name: materialName })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: sizeName })).toBeChecked();
  await expect(form.getByRole('img', { name: /^Current image/ })).toHaveCount(2);
  const editedName = `${productName} Edited`;
  await form.getByLabel(label('Product Name')).fill(editedName);
  await form.getByRole('checkbox', { name: sizeName }).uncheck();
  await form.getByRole('checkbox', { name: materialName }).uncheck();
  await submitIn(form, 'Update Product').click();
  await expect(form.getByText('Please select at least one material.')).toBeVisible();
  await form.getByRole('checkbox', { name: materialName }).check();
  await submitIn(form, 'Update Product').click();
  await expect(toast(page, 'Product updated successfully.')).toBeVisible();
  const editedRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: editedName, exact: true }) });
  await expect(editedRow).toBeVisible();
  expect((await (await request.post('/getproductbyid', { data: { p_id } })).json()).data.size).toEqual([]);

  // Deactivate through the confirmation; the storefront lets it go.
  await editedRow.getByRole('button', { name: `Deactivate ${editedName}` }).click();
  await submitIn(dialog(page), 'Deactivate').click();
  await expect(toast(page, 'Product deactivated successfully.')).toBeVisible();
  await expect(editedRow.getByText('Inactive', { exact: true })).toBeVisible();
  const gone = await request.post('/getproductbyid', { data: { p_id } });
  expect(gone.status()).toBe(404);
  // The administrator still opens its page: a banner says shoppers cannot see it, and it cannot be bought there.
  const adminView = await page.context().newPage();
  await adminView.goto(`/product-details/${p_id}`);
  await expect(adminView.getByText('This product is deactivated.')).toBeVisible();
  await expect(adminView.getByText(/Shoppers cannot see it/)).toBeVisible();
  await expect(adminView.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await adminView.close();
  await expectSoon(visitor, '/allproducts', async () => (await visitor.getByText(editedName, { exact: true }).count()) === 0 && (await visitor.getByText(productName, { exact: true }).count()) === 0);
  await expectSoon(visitor, `/product-details/${p_id}`, async () => (await heading(visitor, 'This piece is no longer available').count()) > 0);
  await visitor.context().close();
  expect(admin.u_type).toBe('0');
});

test("the order desk: who ordered, payment, only the allowed next statuses, and the change reaches the shopper's tracking", async ({ page, request }) => {
  const shopper = await newShopper(request);
  const o_id = await placeOrder(request, shopper);
  await openAsAdmin(page, request, '/admin/orders');
  const status = page.getByLabel(`Status of order ${o_id}`);
  await expect(status).toHaveValue('1');
  const row = page.getByRole('row').filter({ has: status });
  await expect(row).toContainText('12 Ghod Dod Road, Flat 4, Surat, Gujarat, 395001');
  // Dates and phones as the whole shop writes them (rules/dates.ts, rules/phone.ts): '28 Nov 2026', '+91 98765 01234'.
  await expect(row).toContainText(/^#\d+\s*\d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(row).toContainText(/₹[\d,]+\.\d{2}/);
  await expect(row).toContainText('Kavya Rao');
  await expect(row).toContainText(/\+91 \d{5} \d{5}/);
  await expect(row.locator('[data-payment-status]')).toHaveText('Unpaid (COD)');
  // Only what the lifecycle allows from Pending.
  await expect(status.locator('option')).toHaveText(['Pending', 'Processing', 'Cancelled']);

  await row.getByRole('button', { name: 'View Items' }).click();
  const items = page.locator(`#order-items-${o_id}`);
  await expect(items.getByRole('columnheader')).toHaveText(['Image', 'Product', 'Carat', 'Material', 'Size', 'Quantity', 'Price']);
  await expect(items.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: 'Hide Items' }).click();
  await expect(items).toHaveCount(0);

  await status.selectOption({ label: 'Processing' });
  // Every change asks first (issue 34; tests/e2e/slip-guards.spec.ts).
  await page.getByRole('dialog', { name: `Mark order #${o_id} Processing?` }).getByRole('button', { name: 'Mark Processing' }).click();
  await expect(status).toBeEnabled();
  await expect(status).toHaveValue('2');
  await expect(status.locator('option')).toHaveText(['Processing', 'Shipped', 'Cancelled']);
  const orders = (await (await request.get(`/getorder/${shopper.u_id}`, { headers: bearer(shopper) })).json()).data as { o_id: number; status: number }[];
  expect(orders.find((o) => o.o_id === o_id)?.status).toBe(2);
});

test('the order desk filters by status and searches by order number, name and phone, paged by the server', async ({ page, request }) => {
  const shopper = await newShopper(request);
  const o_id = await placeOrder(request, shopper);
  const admin = await openAsAdmin(page, request, '/admin/orders');
  const rows = page.locator('tbody tr[data-order]');
  await expect(rows).toHaveCount(10);
  const search = page.getByPlaceholder('Order number, name or phone');

  await search.fill(`#${o_id}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-order', String(o_id));
  await search.fill('9876501234');
  await expect(page.getByLabel(`Status of order ${o_id}`)).toBeVisible();
  await expect.poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('9876501234'))).toBe(true);
  await search.fill('kavya rao');
  await expect(page.getByLabel(`Status of order ${o_id}`)).toBeVisible();
  await search.fill('');

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Cancelled' });
  await expect.poll(async () => (await rows.count()) > 0 && (await rows.locator('select').evaluateAll((all) => all.every((s) => (s as HTMLSelectElement).value === '5')))).toBe(true);
  await search.fill(`#${o_id}`);
  await expect(page.getByText('No orders match this search')).toBeVisible();

  // The server pages: the pager's total is the server's count.
  await search.fill('');
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
  const listed = await request.get('/getorderlist?page=1&perPage=10', { headers: bearer(admin) });
  const totalCount = (await listed.json()).data.totalCount as number;
  await expect(page.getByText(`Showing 1 to ${Math.min(10, totalCount)} of ${totalCount} orders`)).toBeVisible();
});

test('cancelling an order paid online asks to refund first; only a confirmed cancel refunds, and both sides show Refunded', async ({ page, request, browser }) => {
  const shopper = await newShopper(request);
  const { o_id, total } = await placeOnlineOrder(request, shopper);
  const admin = await openAsAdmin(page, request, '/admin/orders');
  await page.getByPlaceholder('Order number, name or phone').fill(`#${o_id}`);
  const status = page.getByLabel(`Status of order ${o_id}`);
  const row = page.getByRole('row').filter({ has: status });
  await expect(row.locator('[data-payment-status]')).toHaveText('Paid');

  const question = `Cancel order #${o_id} and refund ${formatMoney(total, 'INR', { cents: true })} to the shopper?`;
  const detail = async () => (await (await request.get(`/getorderdetail/${o_id}`, { headers: bearer(admin) })).json()).data as { status: number; payment_status: string };

  // Asked, and not confirmed: nothing changes.
  await status.selectOption({ label: 'Cancelled' });
  const ask = page.getByRole('dialog', { name: 'Cancel and refund?' });
  await expect(ask).toContainText(question);
  await ask.getByRole('button', { name: 'Keep the order' }).click();
  await expect(ask).toHaveCount(0);
  await expect(status).toHaveValue('1');
  expect(await detail()).toMatchObject({ status: 1, payment_status: 'paid' });

  // Confirmed: cancelled and refunded.
  await status.selectOption({ label: 'Cancelled' });
  await expect(ask).toContainText(question);
  await ask.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(ask).toHaveCount(0);
  await expect(status).toHaveValue('5');
  await expect(status).toBeDisabled();
  await expect(row.locator('[data-payment-status]')).toHaveText('Refunded');
  expect(await detail()).toMatchObject({ status: 5, payment_status: 'refunded' });

  // A cancelled order goes nowhere: the server refuses with its reason, shown as a toast.
  const again = await request.put('/updateorderstatus', { headers: bearer(admin), data: { o_id, status: 4 } });
  expect(again.status()).toBe(409);

  // The shopper's Order History says so.
  const shopperPage = await browser.newPage();
  await openAs(shopperPage, shopper, '/orderconfirm');
  await expect(shopperPage.getByTestId('order').filter({ hasText: `#${o_id}` }).getByTestId('order-payment')).toContainText(`Refunded ${formatMoney(total, 'INR')}`);
  await shopperPage.close();
});

test('the order detail: customer, address, items, payment, history, note, courier and tracking for the shopper, and a packing slip', async ({ page, request, browser }) => {
  const shopper = await newShopper(request);
  const o_id = await placeOrder(request, shopper);
  await openAsAdmin(page, request, '/admin/orders');
  await page.getByPlaceholder('Order number, name or phone').fill(`#${o_id}`);
  await page.getByRole('link', { name: `Order #${o_id} details` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${o_id}$`));
  await expect(heading(page, `Order #${o_id}`)).toBeVisible();
  await expect(page.locator('#admin-nav').getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');

  const section = (name: string) => page.locator('.admin-card').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
  await expect(section('Customer')).toContainText('Kavya Rao');
  await expect(section('Customer')).toContainText(/Phone\s*\+91 \d{5} \d{5}/);
  await expect(section('Customer')).toContainText('kavya.rao@example.com');
  await expect(section('Shipping address')).toContainText('12 Ghod Dod Road');
  await expect(section('Shipping address')).toContainText('Surat, Gujarat, 395001');
  await expect(section('Payment')).toContainText('Cash on delivery');
  await expect(section('Payment')).toContainText('Unpaid (COD)');
  await expect(section('Payment')).toContainText('Coupon');
  await expect(section('Items').getByRole('row')).toHaveCount(2);
  await expect(section('Status history')).toContainText('Placed (Pending)');

  // Status from the detail: recorded in the timeline.
  await page.getByLabel(`Status of order ${o_id}`).selectOption({ label: 'Processing' });
  await page.getByRole('dialog', { name: `Mark order #${o_id} Processing?` }).getByRole('button', { name: 'Mark Processing' }).click();
  await expect(section('Status history')).toContainText('Pending → Processing');
  await expect(section('Status history')).toContainText('(shop)');

  // The internal note and the shipment are kept.
  await page.getByLabel('Note for the shop').fill('Gift wrap; call before delivery.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByRole('button', { name: 'Save note' })).toBeDisabled();
  await page.getByLabel('Courier').fill('BlueDart');
  await page.getByLabel('Tracking number').fill(`BD${o_id}7788`);
  await page.getByRole('button', { name: 'Save shipment' }).click();
  await expect(page.getByRole('button', { name: 'Save shipment' })).toBeDisabled();
  await page.reload();
  await expect(page.getByLabel('Note for the shop')).toHaveValue('Gift wrap; call before delivery.');
  await expect(page.getByLabel('Tracking number')).toHaveValue(`BD${o_id}7788`);

  // Printing prints the packing slip and nothing of the back office.
  await page.emulateMedia({ media: 'print' });
  const slip = page.locator('[data-packing-slip]');
  await expect(slip).toBeVisible();
  await expect(slip).toContainText(`Order #${o_id}`);
  await expect(slip).toContainText('12 Ghod Dod Road');
  await expect(slip).toContainText(`BD${o_id}7788`);
  // The slip's lines come from the same table as the desk's, with a box to tick instead of picture and price.
  await expect(slip.getByRole('columnheader')).toHaveText(['Item', 'Carat', 'Material', 'Size', 'Qty', 'Packed']);
  await expect(slip.locator('tbody tr')).toHaveCount(1);
  await expect(slip.locator('tbody tr td').last()).toHaveText('☐');
  await expect(page.locator('#admin-nav')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(slip).toBeHidden();

  // The shopper sees the courier and tracking number in Track Your Order, never the note.
  const shopperPage = await browser.newPage();
  await openAs(shopperPage, shopper, '/orderconfirm');
  const card = shopperPage.getByTestId('order').filter({ hasText: `#${o_id}` });
  await expect(card.getByTestId('order-payment')).toHaveText('Pay on delivery');
  await card.getByRole('button', { name: 'Track Order' }).click();
  await expect(shopperPage.getByTestId('tracking-shipment')).toContainText('BlueDart');
  await expect(shopperPage.getByTestId('tracking-shipment')).toContainText(`BD${o_id}7788`);
  await expect(shopperPage.getByText('Gift wrap')).toHaveCount(0);
  await shopperPage.close();
});

test('Manage Products: search by name, filter by category and status; an outage says so with Try again, never "No products found"', async ({ page, request }) => {
  await openAsAdmin(page, request, '/admin/products');
  const productRows = page.locator('tbody tr:not(.admin-table__state)');
  await expect(productRows).toHaveCount(10);

  await page.getByPlaceholder('Search product name').fill('BANGLE');
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ products$/)).toBeVisible();
  await expect.poll(async () => (await productRows.allInnerTexts()).every((text) => /bangle/i.test(text))).toBe(true);
  expect(await productRows.count()).toBeGreaterThan(0);

  await page.getByPlaceholder('Search product name').fill('');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Chains' });
  await expect.poll(async () => (await productRows.allInnerTexts()).length > 0 && (await productRows.allInnerTexts()).every((text) => text.includes('Chains'))).toBe(true);

  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Inactive' });
  await page.getByPlaceholder('Search product name').fill(`nothing like this ${RUN}`);
  await expect(page.getByText('No products match these filters')).toBeVisible();

  await page.getByPlaceholder('Search product name').fill('');
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'All statuses' });
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'All categories' });
  await expect(productRows).toHaveCount(10);

  // The API goes away: the table says so, offers Try again, and never claims there are no products.
  await page.route('**/getallproducts', (route) => route.abort());
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('The products could not be loaded.')).toBeVisible();
  await expect(page.getByText(/No products (found|match)/)).toHaveCount(0);
  await page.unroute('**/getallproducts');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('The products could not be loaded.')).toHaveCount(0);
  await expect(productRows).toHaveCount(10);
});

test('the product form asks before discarding typed changes', async ({ page, request }) => {
  await openAsAdmin(page, request, '/admin/products');
  // Nothing typed: Escape closes at once.
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('dialog', { name: 'Add Product' });
  await form.getByLabel(label('Product Name')).fill('Half-typed Necklace');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toHaveCount(0);
  await expect(form.getByLabel(label('Product Name'))).toHaveValue('Half-typed Necklace');

  await submitIn(form, 'Cancel').click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog(page)).toHaveCount(0);

  // Typed and typed back is no change: closes without asking.
  await page.getByRole('button', { name: 'Add Product' }).click();
  await form.getByLabel(label('Offer')).fill('x');
  await form.getByLabel(label('Offer')).fill('');
  await form.getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
});

test('on a phone the products, users and orders lists are cards with nothing off screen, and no band under the top bar', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await openAsAdmin(page, request, '/admin/users');
  for (const [path, title] of [
    ['/admin/users', 'User Management'],
    ['/admin/products', 'Manage Products'],
    ['/admin/orders', 'Manage Orders'],
  ] as const) {
    await page.goto(path);
    await expect(heading(page, title)).toBeVisible();
    await expect(page.locator('tbody tr:not(.admin-table__state)').first()).toBeVisible();
    // The heading sits right under the 56 px top bar.
    const top = (await heading(page, title).boundingBox())?.y ?? 999;
    expect(top).toBeLessThan(110);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The first row's action is on screen without scrolling sideways.
    const action = page.locator('tbody tr:not(.admin-table__state)').first().locator('td.admin-col-actions button, td.admin-col-actions a').first();
    const box = await action.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  }
});

test('the administrator deletes a contact message and a user', async ({ page, request }) => {
  const contactName = unique('Ritika Contact');
  const sent = await request.post('/contactus', { data: { name: contactName, email: `ritika.${RUN.toLowerCase()}${counter}@example.com`, message: 'Please call me about a custom nose pin.' } });
  expect(sent.status()).toBe(201);
  const shopper = await newShopper(request);

  await openAsAdmin(page, request, '/admin/contacts');
  const contactRow = page.getByRole('row').filter({ hasText: contactName });
  await expect(contactRow).toBeVisible();
  page.once('dialog', (question) => {
    expect(question.message()).toBe('Are you sure you want to delete this contact info?');
    void question.accept();
  });
  await contactRow.getByRole('button', { name: /^Delete/ }).click();
  await expect(contactRow).toHaveCount(0);

  await page.locator('#admin-nav').getByRole('link', { name: 'Users' }).click();
  await page.getByPlaceholder('Search by name or phone').fill(shopper.phoneNumber);
  const userRow = page.getByRole('row').filter({ hasText: shopper.full_name });
  await expect(userRow).toContainText('User');
  await expect(page.getByText('Showing 1 to 1 of 1 users')).toBeVisible();
  page.once('dialog', (question) => {
    expect(question.message()).toBe('Are you sure you want to delete this user?');
    void question.accept();
  });
  await userRow.getByRole('button', { name: `Delete ${shopper.full_name}` }).click();
  await expect(toast(page, 'User deleted successfully!')).toBeVisible();
  await expect(page.getByText('No users found')).toBeVisible();
  const relogin = await request.post('/userlogin', { data: { countryCode: '+91', phoneNumber: shopper.phoneNumber, password: SHOPPER_PASSWORD } });
  expect(relogin.status()).not.toBe(200);
});

/** A page in a fresh context: a visitor with no session. */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Reloads `path` until `check` holds: the storefront is rebuilt a few seconds after a change. */
async function expectSoon(page: Page, path: string, check: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        return check();
      },
      { timeout: 60_000, intervals: [2_000, 3_000, 5_000] },
    )
    .toBe(true);
}

const CHECKOUT_ADDRESS = suratAddress({ first_name: 'Kavya', last_name: 'Rao', email: 'kavya.rao@example.com', address: '12 Ghod Dod Road', apartment: 'Flat 4', zip_code: '395001' });

/**
 * An order paid online through the built-in sandbox provider, all through the
 * API: the payment session for the cart, Pay on the hosted page (which places
 * the order from the stored checkout), then the return's /createorder, which
 * answers the same order. Answers its o_id and total.
 */
async function placeOnlineOrder(request: APIRequestContext, shopper: SessionUser): Promise<{ o_id: number; total: number }> {
  const subtotal = await fillCart(request, shopper);
  const started = await request.post('/payment', {
    headers: bearer(shopper),
    data: {
      order_amount: subtotal,
      customer_id: String(shopper.u_id),
      customer_name: 'Kavya Rao',
      customer_email: CHECKOUT_ADDRESS.email,
      customer_phone: CHECKOUT_ADDRESS.phone_number,
      checkout: CHECKOUT_ADDRESS,
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { payment_session_id, order_id } = (await started.json()).data as { payment_session_id: string; order_id: string };
  const paid = await request.post(`/sandbox/pay/${payment_session_id}/pay`, { form: { return_url: new URL('/orderconfirm', started.url()).href }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const answer = await request.post('/createorder', {
    headers: bearer(shopper),
    data: { u_id: shopper.u_id, cartItems: [], shipping: 0, subtotal, discount: 0, total: subtotal, priceType: 'inr_price', payment_method: 'online', payment_status: 'SUCCESS', order_id, ...CHECKOUT_ADDRESS },
  });
  expect(answer.status()).toBeLessThan(300);
  return { o_id: (await answer.json()).data.o_id, total: subtotal };
}

/** One demo product in the shopper's cart; answers the cart's subtotal in rupees. */
async function fillCart(request: APIRequestContext, shopper: SessionUser): Promise<number> {
  const listed = await request.post('/getproducts', { data: { isReel: '0', page: 1, perPage: 12 } });
  const products = (await listed.json()).data.productData as Array<{ p_id: number; materials: number[]; size: number[]; productcarats: { pc_id: number; carat_id: number; inr_price: number }[] }>;
  // The cheapest piece: under the cash-on-delivery cap and the PAN threshold.
  const choices = products.filter((p) => p.materials.length > 0).flatMap((p) => p.productcarats.map((carat) => ({ product: p, carat })));
  choices.sort((a, b) => a.carat.inr_price - b.carat.inr_price);
  if (!choices.length) throw new Error('the demo catalogue has no product to order');
  const { product, carat } = choices[0];
  const added = await request.post('/createcart', {
    headers: bearer(shopper),
    data: { u_id: shopper.u_id, p_id: product.p_id, pc_id: carat.pc_id, carat_id: carat.carat_id, m_id: product.materials[0], size_id: product.size[0] ?? null, quantity: 1 },
  });
  expect(added.status()).toBeLessThan(300);
  const cart = (await (await request.get(`/getcart/${shopper.u_id}`, { headers: bearer(shopper) })).json()).data as { inr_price: number; quantity: number }[];
  return cart.reduce((sum, line) => sum + Math.round(line.inr_price * 100) * line.quantity, 0) / 100;
}

/** A cash-on-delivery order of one demo product through the API; answers its o_id. */
async function placeOrder(request: APIRequestContext, shopper: SessionUser): Promise<number> {
  await fillCart(request, shopper);
  return orderCartByApi(request, shopper, CHECKOUT_ADDRESS);
}
