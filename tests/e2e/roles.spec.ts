import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { totpCodeAt } from '../../api/routes/totp/codes.ts';
import { missingPermissionMessage, type Role } from '../../rules/permissions.ts';
import { freshPhone } from '../helpers/e2e-store.ts';
import { ADMIN, apiLogin, bearer, openAs, type Shopper as Session } from './helpers/shop.ts';

/**
 * Staff and their roles in the back office (issue 34), walked in the browser against the
 * store playwright.config.ts starts: each role signs in and sees only its menu and screens;
 * a screen opened by its address without permission says so; a first sign-in asks for a new
 * password; the owner adds and deactivates staff on the Staff screen; two-factor sign-in
 * asks for the code the app shows (computed here with the store's own TOTP library). Staff
 * are added through the API as the demo owner (ADMIN), each with a fresh phone.
 */

const FIRST_PASSWORD = 'First@Pass1';
const OWN_PASSWORD = 'Mine@Pass22';
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
let counter = 0;

interface Member {
  u_id: number;
  full_name: string;
  phoneNumber: string;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const toast = (page: Page, text: string | RegExp) => page.locator('[data-toast-host]').getByText(text);
const menu = (page: Page) => page.locator('#admin-nav .admin-nav__list');
const menuLabels = async (page: Page) => (await menu(page).getByRole('link').allInnerTexts()).map((label) => label.trim());
const credentials = (member: Member, password: string) => ({ countryCode: '+91', phoneNumber: member.phoneNumber, password });

/** A member's row on the Staff screen, found by searching their phone (the list has pages). */
async function staffRow(page: Page, phoneNumber: string) {
  await page.getByLabel('Search staff by name, phone or role').fill(phoneNumber);
  const row = page.locator(`tr[data-staff="${phoneNumber}"]`);
  await expect(row).toBeVisible();
  return row;
}

/** The owner (the demo administrator) adds a member of staff with a first password, through the API. */
async function addStaff(request: APIRequestContext, role: Role, name = `${role} ${RUN}${++counter}`): Promise<Member> {
  const owner = await apiLogin(request, ADMIN);
  const answer = await request.post('/addstaff', { headers: bearer(owner), data: { full_name: `Staff ${name}`, countryCode: '+91', phoneNumber: freshPhone(), role, password: FIRST_PASSWORD } });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()).data as Member;
}

/** A member of staff who has chosen their own password, signed in through the API: the session the login page would keep. */
async function staffSession(request: APIRequestContext, role: Role): Promise<{ member: Member; session: Session }> {
  const member = await addStaff(request, role);
  const first = await apiLogin(request, credentials(member, FIRST_PASSWORD));
  const changed = await request.put('/changepassword', { headers: bearer(first), data: { password: OWN_PASSWORD, repeatPassword: OWN_PASSWORD } });
  expect(changed.status()).toBe(200);
  return { member, session: await apiLogin(request, credentials(member, OWN_PASSWORD)) };
}

/** Signs in on the login page with a phone and password. */
async function signIn(page: Page, phoneNumber: string, password: string): Promise<void> {
  await page.goto('/login');
  // Typed before the island is live, the values would be reset by React taking over the form.
  await expect(page.locator('astro-island:has(form.auth-form)')).not.toHaveAttribute('ssr');
  await page.locator('input[name="phoneNumber"]').fill(phoneNumber);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** A page in a browser context of its own: another person at another computer. */
async function anotherBrowser(browser: Browser, baseURL: string | undefined): Promise<Page> {
  return (await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } })).newPage();
}

/** The back office's menu, in its order. */
const MENU_ORDER = [
  'Dashboard', 'Categories', 'Materials', 'Sizes', 'Carat', 'Products', 'Metal Rates', 'Users', 'Orders', 'Payments', 'Returns', 'Contacts', 'Reviews',
  'Slider Images', 'Coupons', 'Newsletter', 'Search Synonyms', 'Shipping & Tax', 'Messages', 'Webhooks', 'Reports', 'Audit Trail', 'Staff', 'Shop Policy',
];
const CATALOGUE = ['Categories', 'Materials', 'Sizes', 'Carat', 'Products', 'Reviews', 'Slider Images', 'Search Synonyms'];
const only = (labels: string[]) => MENU_ORDER.filter((label) => labels.includes(label));

/** Each role's menu (issue 34): the screens whose calls its permissions allow. */
const MENUS: Record<Role, string[]> = {
  owner: MENU_ORDER,
  manager: MENU_ORDER.filter((label) => label !== 'Staff' && label !== 'Shop Policy'),
  orders: only(['Dashboard', 'Orders', 'Payments', 'Returns', 'Messages']),
  catalogue: only(['Dashboard', ...CATALOGUE]),
  accounts: only(['Dashboard', 'Users', 'Orders', 'Payments', 'Returns', 'Contacts', 'Messages', 'Reports', 'Audit Trail']),
};

test('each role signs in to its own menu, and a screen opened by address without permission says so', async ({ browser, request, baseURL }) => {
  const owner = await apiLogin(request, ADMIN);
  for (const role of ['owner', 'manager', 'orders', 'catalogue', 'accounts'] as const) {
    const session = role === 'owner' ? owner : (await staffSession(request, role)).session;
    const page = await anotherBrowser(browser, baseURL);
    await openAs(page, session, '/admin');
    await expect(heading(page, 'Dashboard')).toBeVisible();
    await expect(menu(page).getByRole('link').first()).toBeVisible();
    expect(await menuLabels(page), role).toEqual(MENUS[role]);
    if (role === 'owner') {
      await page.context().close();
      continue;
    }
    // The footer says who and in which role, and leads to their profile.
    await expect(page.locator('.admin-nav__foot')).toContainText(session.full_name);

    // The Staff screen, opened by its address: the owner's only.
    await page.goto('/admin/staff');
    await expect(page.getByTestId('no-permission')).toHaveText(new RegExp(missingPermissionMessage('staff.manage').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    // Still signed in: the refusal of a screen is not the end of the session.
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(menu(page)).toBeVisible();
    await page.context().close();
  }
});

test('the order desk cannot open the catalogue, and accounts sees orders read-only', async ({ browser, request, baseURL }) => {
  const desk = await staffSession(request, 'orders');
  const page = await anotherBrowser(browser, baseURL);
  await openAs(page, desk.session, '/admin/products');
  await expect(page.getByTestId('no-permission')).toContainText('You need permission to change the catalogue');
  await expect(page.getByTestId('no-permission')).toContainText("Ask the shop's owner");
  await page.goto('/admin/orders');
  await expect(heading(page, 'Manage Orders')).toBeVisible();
  await expect(page.locator('select.admin-status-select').first()).toBeVisible();
  await page.context().close();

  const accounts = await staffSession(request, 'accounts');
  const reader = await anotherBrowser(browser, baseURL);
  await openAs(reader, accounts.session, '/admin/orders');
  await expect(heading(reader, 'Manage Orders')).toBeVisible();
  const firstOrder = reader.locator('tr[data-order]').first();
  await expect(firstOrder).toBeVisible();
  // Read-only: the status as words, no drop-down; no HUID entry under the items.
  await expect(reader.locator('select.admin-status-select')).toHaveCount(0);
  await expect(firstOrder.locator('[data-status-text]')).toBeVisible();
  await firstOrder.getByRole('button', { name: 'View Items' }).click();
  await expect(reader.locator('.admin-items-row')).toBeVisible();
  // HUIDs, where recorded, are shown, never typed or saved.
  await expect(reader.locator('.admin-huid__input:enabled')).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Save HUIDs' })).toHaveCount(0);
  await firstOrder.getByRole('link', { name: /details$/ }).click();
  await expect(heading(reader, /^Order #\d+$/)).toBeVisible();
  await expect(reader.locator('select.admin-status-select')).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Save shipment' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Save note' })).toHaveCount(0);
  // Users: seen, not deleted.
  await reader.locator('#admin-nav').getByRole('link', { name: 'Users' }).click();
  await expect(heading(reader, 'User Management')).toBeVisible();
  await expect(reader.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await reader.context().close();
});

test('a first sign-in asks for a new password, then opens the back office', async ({ page, request }) => {
  const member = await addStaff(request, 'orders');
  await signIn(page, member.phoneNumber, FIRST_PASSWORD);
  const step = page.locator('form[data-step="new-password"]');
  await expect(step).toContainText('set for you by the shop');
  await step.getByRole('button', { name: 'Save password and continue' }).click();
  await expect(step.getByText('Password is required.', { exact: true })).toBeVisible();
  await step.locator('input[name="password"]').fill(OWN_PASSWORD);
  await step.locator('input[name="repeatPassword"]').fill('Other@Pass22');
  await step.getByRole('button', { name: 'Save password and continue' }).click();
  await expect(step.getByText('Passwords do not match')).toBeVisible();
  await step.locator('input[name="repeatPassword"]').fill(OWN_PASSWORD);
  await step.getByRole('button', { name: 'Save password and continue' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(heading(page, 'Dashboard')).toBeVisible();
  expect(await menuLabels(page)).toEqual(MENUS.orders);
  // The first password is gone; the new one signs in.
  expect((await request.post('/userlogin', { data: credentials(member, FIRST_PASSWORD) })).status()).toBe(400);
  await apiLogin(request, credentials(member, OWN_PASSWORD));
});

test('the owner adds a member of staff on the Staff screen and deactivates another, whose next action fails', async ({ page, browser, request, baseURL }) => {
  const owner = await apiLogin(request, ADMIN);
  await openAs(page, owner, '/admin/staff');
  await expect(heading(page, 'Staff')).toBeVisible();

  // Add: the form says what is missing, then the member is listed, still to change the password.
  await page.getByRole('button', { name: 'Add Staff' }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByText('Full name is required.')).toBeVisible();
  await expect(form.getByText('Phone number is required.')).toBeVisible();
  const phone = freshPhone();
  const name = `Staff Added ${RUN}${++counter}`;
  await form.getByLabel(/^Full name/).fill(name);
  await form.getByLabel(/^Phone number/).fill(phone);
  await form.getByLabel(/^Role/).selectOption('catalogue');
  await form.getByLabel(/^First password/).fill(FIRST_PASSWORD);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Staff member added. They must change the password at first sign-in.')).toBeVisible();
  const added = await staffRow(page, phone);
  await expect(added).toContainText(name);
  await expect(added).toContainText('Catalogue');
  await expect(added).toContainText('Must change password');

  // The owner's own row cannot be demoted or deactivated from here.
  await page.getByLabel('Search staff by name, phone or role').fill(ADMIN.phoneNumber);
  const own = page.locator('tr', { hasText: '(you)' });
  await expect(own.getByRole('button', { name: /^Deactivate / })).toBeDisabled();

  // A member at work in another browser; the owner deactivates them (asked first).
  const { member, session } = await staffSession(request, 'orders');
  const desk = await anotherBrowser(browser, baseURL);
  await openAs(desk, session, '/admin/orders');
  await expect(heading(desk, 'Manage Orders')).toBeVisible();
  await page.reload();
  const row = await staffRow(page, member.phoneNumber);
  await row.getByRole('button', { name: `Deactivate ${member.full_name}` }).click();
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText('is signed out at once');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  const status = row.locator('td[data-label="Status"]');
  await expect(status).toContainText('Active');
  await row.getByRole('button', { name: `Deactivate ${member.full_name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(toast(page, 'Staff member updated.').first()).toBeVisible();
  await expect(status).toContainText('Deactivated');

  // Their next action is refused: the session ends and the login page asks again.
  await desk.locator('#admin-nav').getByRole('link', { name: 'Payments' }).click();
  await expect(desk).toHaveURL(/\/login/);
  await signIn(desk, member.phoneNumber, OWN_PASSWORD);
  await expect(desk.getByTestId('login-error')).toHaveText("This account has been deactivated. Please ask the shop's owner.");
  await desk.context().close();

  // Reactivated and given a new first password (asked first): they must change it at sign-in.
  await row.getByRole('button', { name: `Reactivate ${member.full_name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reactivate', exact: true }).click();
  await expect(status).toHaveText(/^Active/);
  await row.getByRole('button', { name: `Reset the password of ${member.full_name}` }).click();
  const reset = page.getByRole('dialog');
  await reset.getByLabel(/^First password/).fill('Reset@Pass33');
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(status).toContainText('Must change password');
  expect(await apiLogin(request, credentials(member, 'Reset@Pass33'))).toMatchObject({ password_change_required: true });

  // The owner's staff settings: the order desk's refund limit.
  const limit = page.getByLabel("Order desk's refund limit (₹)");
  await limit.fill('60000');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Staff settings saved.')).toBeVisible();
  await expect(page.locator('#staff-settings-title').locator('xpath=../..')).toContainText('₹60,000');
  await limit.fill('50000');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('#staff-settings-title').locator('xpath=../..')).toContainText('₹50,000');
});

test('two-factor sign-in: set up on the profile with a code from the app, then asked for at sign-in; the owner resets it', async ({ page, browser, request, baseURL }) => {
  const { member, session } = await staffSession(request, 'accounts');
  await openAs(page, session, '/admin/profile');
  await expect(heading(page, 'My Profile')).toBeVisible();
  await expect(page.getByTestId('profile-role')).toHaveText('Accounts');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const setup = page.getByTestId('totp-setup');
  await expect(setup.locator('svg')).toBeVisible();
  await expect(setup.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  const secret = (await setup.getByTestId('totp-secret').innerText()).trim();
  const recovery = (await setup.getByTestId('recovery-codes').locator('li').first().innerText()).trim();
  const now = Date.now();
  await setup.getByLabel('Code from the app').fill(totpCodeAt(secret, now));
  await setup.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(toast(page, /Two-factor sign-in is on/)).toBeVisible();
  await expect(page.locator('#profile-totp-title').locator('xpath=../..')).toContainText('Recovery codes left: 10');

  // Signing in now asks for the code: a wrong one is refused, the app's next one lets them in.
  await page.locator('#admin-nav').getByRole('button', { name: 'Logout' }).click();
  await signIn(page, member.phoneNumber, OWN_PASSWORD);
  const step = page.locator('form[data-step="code"]');
  await expect(step).toContainText('Enter the 6-digit code from your authenticator app');
  await step.getByLabel('Code from your authenticator app').fill('000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByTestId('login-error')).toContainText('That code is not right');
  // A code is good once: the step after the one that turned it on (the app shows it within 30 s).
  await step.getByLabel('Code from your authenticator app').fill(totpCodeAt(secret, now + 30_000));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(heading(page, 'Dashboard')).toBeVisible();

  // Without the phone: a recovery code signs in once.
  await page.locator('#admin-nav').getByRole('button', { name: 'Logout' }).click();
  await signIn(page, member.phoneNumber, OWN_PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(heading(page, 'Dashboard')).toBeVisible();

  // Phone and codes lost: the owner resets it on the Staff screen (asked first); the password alone signs in again.
  const owner = await anotherBrowser(browser, baseURL);
  await openAs(owner, await apiLogin(request, ADMIN), '/admin/staff');
  const row = await staffRow(owner, member.phoneNumber);
  await expect(row.locator('td[data-label="Two-factor"]')).toContainText('On');
  await row.getByRole('button', { name: `Reset the two-factor sign-in of ${member.full_name}` }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(row.locator('td[data-label="Two-factor"]')).toHaveText('Off');
  await owner.context().close();
  expect((await request.post('/userlogin', { data: credentials(member, OWN_PASSWORD) })).status()).toBe(200);
});

test("a role the owner changes on the Staff screen shows in the member's back office at once", async ({ page, browser, request, baseURL }) => {
  const { member, session } = await staffSession(request, 'orders');
  const desk = await anotherBrowser(browser, baseURL);
  await openAs(desk, session, '/admin/orders');
  await expect(heading(desk, 'Manage Orders')).toBeVisible();

  await openAs(page, await apiLogin(request, ADMIN), '/admin/staff');
  const row = await staffRow(page, member.phoneNumber);
  await row.getByRole('button', { name: `Change the role of ${member.full_name}` }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByText('Order desk (now)')).toBeVisible();
  await form.getByRole('radio', { name: /^Catalogue/ }).check();
  await form.getByRole('button', { name: 'Change role' }).click();
  await expect(row.locator('td[data-label="Role"]')).toHaveText('Catalogue');

  // Their next call is refused for the permission they no longer hold: the screen says so, the menu follows the new role.
  await desk.locator('#admin-nav').getByRole('link', { name: 'Payments' }).click();
  await expect(desk.getByTestId('no-permission')).toContainText('You need permission to see orders, payments and invoices.');
  await expect.poll(() => menuLabels(desk)).toEqual(MENUS.catalogue);
  await expect(desk).toHaveURL(/\/admin\/payments$/);
  await desk.context().close();
});
