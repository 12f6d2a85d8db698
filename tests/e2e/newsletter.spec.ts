import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { ADMIN, apiLogin, openAs } from './helpers/shop.ts';

// The newsletter in the browser (issue 35): the footer's sign-up, the confirmation e-mail the store
// wrote to DATA_DIR/mail (no SMTP_URL: the embedded default), its link's page and its Confirm button;
// the owner's Newsletter screen sends one; its unsubscribe link's page ends the subscription.

/** The newest e-mail to `to` whose subject has `subject`, waiting for the dispatcher to write it. */
async function mailTo(to: string, subject: string): Promise<ParsedMail> {
  const dir = path.join(process.env.E2E_DATA_DIR as string, 'mail');
  for (let i = 0; i < 150; i++) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    for (const name of names) {
      const mail = await simpleParser(await readFile(path.join(dir, name)).catch(() => Buffer.from('')));
      const addressed = [mail.to].flat().some((a) => a?.text.includes(to));
      if (addressed && mail.subject?.includes(subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail "${subject}" was written to ${to}`);
}

/** The path of the link in the e-mail's text that leads to /subscription?<kind>=… */
function linkPath(mail: ParsedMail, kind: 'confirm' | 'unsubscribe'): string {
  const url = new RegExp(`https?://[^\\s\\]]+/subscription\\?${kind}=[A-Za-z0-9_-]+`).exec(mail.text ?? '')?.[0];
  expect(url, mail.text).toBeTruthy();
  const { pathname, search } = new URL(url!);
  return `${pathname}${search}`;
}

/** Looked at by a person: the page at a phone's and a laptop's width, written when E2E_SCREENSHOTS names a folder. */
async function shot(page: Page, name: string, ready: () => Promise<void>) {
  const folder = process.env.E2E_SCREENSHOTS;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    // Opened afresh at this width, as a phone or a laptop would open it.
    await page.reload();
    await ready();
    // Nothing may spill sideways at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (folder) await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
  }
}

test('sign up in the footer, confirm from the e-mail, receive the owner\'s newsletter, unsubscribe in one click', async ({ page, request }) => {
  const email = `news-${Date.now()}@example.com`;
  await page.goto('/');
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.locator('[data-newsletter-status]')).toHaveText('Thank you! Please check your inbox to confirm your subscription.');

  const confirmation = await mailTo(email, 'Please confirm your subscription');
  await page.goto(linkPath(confirmation, 'confirm'));
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  await shot(page, 'subscription-confirm', () => expect(page.getByRole('button', { name: 'Confirm my subscription' })).toBeVisible());
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByTestId('subscription-done')).toHaveText('Your subscription is confirmed. Thank you!');

  const owner = await apiLogin(request, ADMIN);
  await openAs(page, owner, '/admin/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  await expect(page.getByTestId('newsletter-counts')).toContainText('Confirmed');
  await shot(page, 'admin-newsletter', () => expect(page.getByTestId('newsletter-counts')).toBeVisible());
  const subject = `The wedding edit ${Date.now()}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Text').fill('Bridal sets in 22K gold, made to order in four weeks.\n\nVisit us before the season begins.');
  await page.getByRole('button', { name: 'Send newsletter' }).click();
  await expect(page.getByRole('dialog')).toContainText(`"${subject}" goes to`);
  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText(/The newsletter is on its way to \d+ subscribers?\./)).toBeVisible();

  const newsletter = await mailTo(email, subject);
  expect(newsletter.text).toContain('Bridal sets in 22K gold');
  const list = newsletter.headers.get('list') as { unsubscribe: { url: string }; 'unsubscribe-post': { name: string } };
  expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
  expect(list.unsubscribe.url).toMatch(/\/newsletter\/unsubscribe\?token=/);

  await page.goto(linkPath(newsletter, 'unsubscribe'));
  await shot(page, 'subscription-unsubscribe', () => expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible());
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('subscription-done')).toHaveText('You are unsubscribed. You will receive no more newsletters from us.');
});
