import { expect, test } from '@playwright/test';

test('npm start serves the home page with the promo bar, header and footer', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  // The promo bar tells the best active coupon of the demo store in full.
  await expect(page.locator('.promo-bar__offer')).toContainText('15% off your order');
  await expect(page.locator('.promo-bar__offer')).toContainText('Use code FESTIVE15 at checkout.');
  await expect(page.locator('header')).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
});

test('npm start serves the API, its contract and its docs on the same port', async ({ request }) => {
  const yaml = await request.get('/openapi.yaml');
  expect(yaml.status()).toBe(200);
  expect(await yaml.text()).toContain('openapi: 3.1.0');
  const login = await request.post('/userlogin', { data: { countryCode: '+91', phoneNumber: '9999999999', password: 'Admin@12345' } });
  expect(login.status()).toBe(200);
  expect((await login.json()).data.u_type).toBe('0');
});
