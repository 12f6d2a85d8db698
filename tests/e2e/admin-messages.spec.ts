import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { onStoreDatabase } from '../helpers/e2e-store.ts';
import { ADMIN, apiLogin, openAs } from './helpers/shop.ts';

/**
 * The Messages and Webhooks screens (issue 35), as the owner (the demo ADMIN) in the browser
 * against the store playwright.config.ts starts: a failed message (written on the store's
 * database, as a notice the dispatcher gave up on) is opened, shows what it says, and Retry
 * makes it pending again on the row; an endpoint is added with its events, its signing secret
 * shown once with Copy and a warning, then it is disabled. The endpoint's address is a public
 * one by number (no WEBHOOK_ALLOW_PRIVATE needed): the spec subscribes it to metal_rates.updated
 * only and turns it off, so the rest of the suite sends it nothing.
 */

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const SHOTS = process.env.E2E_SCREENSHOTS;

/** A failed e-mail: the owners' notice of a disabled endpoint, to an address (the dispatcher gave up). */
function failedNotice(): { id: number; message_id: string } {
  const message_id = `msg_${randomBytes(16).toString('hex')}`;
  const payload = {
    endpoint_id: 99,
    url: 'https://erp.example.com/hooks/aurum',
    events: ['order.placed'],
    failing_since: '2026-11-24T09:00:00.000Z',
    disabled_at: '2026-11-27T09:30:00.000Z',
    last_error: 'HTTP 503',
    after_hours: 72,
  };
  const now = Date.now();
  return onStoreDatabase((db) => {
    const row = db
      .prepare(
        `insert into outbox (channel, event, dedupe_key, recipient, payload, status, attempts, next_attempt_at, message_id, created_at, last_error)
         values ('email', 'webhook.disabled', ?, 'owner-e2e@example.com', ?, 'failed', 10, ?, ?, ?, 'Connection timeout') returning id`,
      )
      .get(`e2e:${message_id}`, JSON.stringify(payload), now, message_id, now - 60_000) as { id: number };
    return { id: row.id, message_id };
  });
}

test('the owner reads a failed message and retries it, and adds a webhook whose secret is shown once', async ({ page, request }) => {
  const owner = await apiLogin(request, ADMIN);
  const failed = failedNotice();

  await openAs(page, owner, '/admin/messages');
  await expect(heading(page, 'Messages')).toBeVisible();
  await expect(page.locator('#admin-nav').getByRole('link', { name: 'Messages' })).toBeVisible();
  await page.getByLabel('Status').selectOption('failed');
  await page.getByLabel('Channel').selectOption('email');
  const row = page.locator(`tr[data-message="${failed.id}"]`);
  await expect(row).toContainText('Webhook disabled');
  await expect(row).toContainText('owner-e2e@example.com');
  await expect(row).toContainText('Failed');
  await expect(row).toContainText('Connection timeout');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/messages-1366.png`, fullPage: true });

  // What it says: the subject, the page as the reader sees it, the plain text.
  await row.getByRole('button', { name: `Open message ${failed.id}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Webhook endpoint turned off: erp.example.com');
  await expect(dialog.frameLocator('iframe').getByText('A webhook endpoint was turned off')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Plain text' }).click();
  await expect(dialog.locator('pre')).toContainText('HTTP 503');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/message-1366.png` });
  await dialog.locator('button.btn', { hasText: /^Close$/ }).click();

  // Retry: the row says pending (or sent, when the dispatcher was quicker than the list).
  await row.getByRole('button', { name: `Retry message ${failed.id}` }).click();
  await expect(page.locator('[data-toast-host]').getByText('The message will be sent again.')).toBeVisible();
  await expect(row.locator('.admin-badge')).toHaveText(/Pending|Sent/);
  await expect(row.getByRole('button', { name: `Retry message ${failed.id}` })).toHaveCount(0);
  // Sent by the store's dispatcher to its .eml files, and readable from here.
  await expect
    .poll(() => onStoreDatabase((db) => (db.prepare('select status from outbox where id = ?').get(failed.id) as { status: string }).status), { timeout: 20_000 })
    .toBe('sent');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByLabel('Status').selectOption('sent');
  await row.getByRole('button', { name: `Open message ${failed.id}` }).click();
  await dialog.getByRole('tab', { name: 'The .eml file' }).click();
  await expect(dialog.locator('pre')).toContainText(`Message-ID: <${failed.message_id}@`);
  await dialog.locator('button.btn', { hasText: /^Close$/ }).click();

  // Webhooks: add an endpoint; the secret once, with Copy and the warning.
  await page.locator('#admin-nav').getByRole('link', { name: 'Webhooks' }).click();
  await expect(heading(page, 'Webhooks')).toBeVisible();
  await page.getByRole('button', { name: 'Add Endpoint' }).click();
  const url = `https://93.184.216.34/hooks/e2e-${Date.now().toString(36)}`;
  await page.getByLabel('URL').fill(url);
  await page.getByRole('checkbox', { name: /metal_rates\.updated/ }).check();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhook-add-1366.png` });
  await page.getByRole('dialog').getByRole('button', { name: 'Add endpoint' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Endpoint added: its signing secret' });
  await expect(secretDialog).toContainText('Copy this secret now: it is not shown again.');
  const secret = await secretDialog.locator('input[data-secret]').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  await expect(secretDialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhook-secret-1366.png` });
  await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secretDialog).toHaveCount(0);

  const endpoint = page.locator('tr[data-endpoint]', { hasText: url });
  await expect(endpoint).toContainText('metal_rates.updated');
  await expect(endpoint).toContainText('Active');
  // Never shown again: not in the list.
  await expect(page.getByText(secret)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhooks-1366.png`, fullPage: true });

  // Disabled (asked first): the rest of the suite sends it nothing.
  await endpoint.getByRole('button', { name: /^Disable endpoint/ }).click();
  await page.getByRole('dialog', { name: 'Disable endpoint?' }).getByRole('button', { name: 'Disable' }).click();
  await expect(endpoint).toContainText('Off');
  await expect(endpoint).toContainText('Turned off in the back office.');

  await endpoint.getByRole('button', { name: /^Deliveries to endpoint/ }).click();
  await expect(page.getByRole('dialog')).toContainText('Nothing has been sent to this endpoint yet.');
  await page.getByRole('dialog').locator('button.btn', { hasText: /^Close$/ }).click();

  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(heading(page, 'Webhooks')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/webhooks-390.png`, fullPage: true });
    await page.goto('/admin/messages');
    await expect(heading(page, 'Messages')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/messages-390.png`, fullPage: true });
    await page.locator(`tr[data-message="${failed.id}"]`).getByRole('button', { name: `Open message ${failed.id}` }).click();
    await expect(page.getByRole('dialog').frameLocator('iframe').getByText('A webhook endpoint was turned off')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/message-390.png` });
  }
});
