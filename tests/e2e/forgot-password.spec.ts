import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { registerShopper } from './helpers/shop.ts';

// Forgot password in the browser (issue 35): the login page's link, the number, the code from the
// SMS the store wrote to DATA_DIR/sms.log (SMS_PROVIDER=log, the default), a new password twice,
// then the login page with the number filled in and the new password working.

/** The newest code sent to this E.164 number, waiting for the dispatcher to write it. */
async function codeSentTo(to: string): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR as string, 'sms.log');
  for (let i = 0; i < 100; i++) {
    const lines = (await readFile(file, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { to: string; text: string });
    const sent = lines.filter((l) => l.to === to && l.text.startsWith('Your Aurum Jewels code is')).at(-1);
    if (sent) return sent.text.match(/\d{6}/)![0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was sent to ${to}`);
}

test('a forgotten password: the login page links to /forgot-password; the code by SMS and the new password twice; back to log in', async ({ page, request }) => {
  const phoneNumber = `6${String(Date.now()).slice(-9)}`;
  await registerShopper(request, { full_name: 'Asha Forgetful', u_name: `asha${phoneNumber}`, phoneNumber, password: 'Old-Secret@123' });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();

  await page.getByLabel('Phone number').fill(phoneNumber);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('status')).toContainText('If this number has an account, we have sent it a 6-digit code by SMS.');
  const code = await codeSentTo(`+91${phoneNumber}`);

  // A wrong code first: the server's sentence, the form kept.
  await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
  await page.getByLabel('New password', { exact: true }).fill('New-Secret@456');
  await page.getByLabel('Repeat new password', { exact: true }).fill('New-Secret@456');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('forgot-error')).toHaveText('This code is not right. Please check the code we sent and try again.');

  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password is set.' })).toBeVisible();
  await expect(page.getByLabel('Phone number')).toHaveValue(phoneNumber);

  const oldOne = await request.post('/userlogin', { data: { countryCode: '+91', phoneNumber, password: 'Old-Secret@123' } });
  expect(oldOne.status()).toBe(400);
  await page.getByLabel('Password', { exact: true }).fill('New-Secret@456');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
});
