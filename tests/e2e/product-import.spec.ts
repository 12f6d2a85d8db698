import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { ADMIN, apiLogin, openAs } from './helpers/shop.ts';

/**
 * Import products from CSV in Manage Products (issue 37), as the owner: download the products
 * CSV, change a fixed-price row's price (and, first, another product's category to one that
 * does not exist), choose the file, the dry run shows the change and the refused row (Import
 * disabled); then the file without the refusal: the dry run shows the price change, Import
 * applies it, and the product list shows the new price. At 1366 and 390 px;
 * E2E_SCREENSHOTS=<dir> keeps a picture of each width, of the plan and of the result.
 */
const SHOTS = process.env.E2E_SCREENSHOTS;

type Row = Record<string, string>;

const csvFile = (rows: Row[]) => ({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(stringify(rows, { header: true, columns: Object.keys(rows[0]) })) });

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

for (const width of [1366, 390]) {
  test(`the owner exports the products, changes a price and imports it back at ${width} px`, async ({ page, request }) => {
    const owner = await apiLogin(request, ADMIN);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await openAs(page, owner, '/admin/products');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const panel = page.getByRole('region', { name: 'Import products from CSV' });
    await expect(panel).toBeVisible();

    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download products CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d\d-\d\d\.csv$/);
    const rows = parse(await readFile(await file.path()), { columns: true, bom: true }) as Row[];

    // A fixed-price row (a rate row's price follows the day's rate).
    const target = rows.find((r) => r.pricing === 'fixed')!;
    expect(target, 'the demo store has a fixed-price product').toBeTruthy();
    const newPrice = (Math.round(Number(target.inr_price)) + (width === 390 ? 1111 : 2222)).toFixed(2);
    const edited = rows.map((r) => (r === target ? { ...r, inr_price: newPrice } : r));
    const other = rows.find((r) => r.p_id !== target.p_id)!;
    const withRefusal = edited.map((r) => (r.p_id === other.p_id ? { ...r, category: 'No Such Category' } : r));

    // The dry run with a refused row: the change is planned, the refusal shows, nothing can be imported.
    await panel.getByLabel('CSV file').setInputFiles(csvFile(withRefusal));
    await panel.getByRole('button', { name: 'Dry run' }).click();
    await expect(panel.getByRole('status')).toContainText('Dry run, nothing was changed');
    const plan = panel.getByRole('table', { name: 'The import plan, row by row' });
    const refused = plan.getByRole('row').filter({ hasText: 'Refused' }).first();
    await expect(refused).toContainText(other.name);
    await expect(refused).toContainText('category');
    await expect(panel.getByText(/^1 row refused$|^\d+ rows refused$/)).toBeVisible();
    await expect(panel.getByRole('button', { name: /^Import \d+ changes?$/ })).toBeDisabled();
    await expect(panel.getByText('Fix the refused rows in the file')).toBeVisible();
    await noSidewaysScroll(page);
    // Unchanged rows are folded away until asked for.
    await expect(plan.getByRole('row').filter({ hasText: 'Unchanged' })).toHaveCount(0);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/product-import-plan-${width}.png`, fullPage: true });
      await panel.screenshot({ path: `${SHOTS}/product-import-plan-panel-${width}.png` });
    }
    await panel.getByRole('button', { name: /^Show the \d+ unchanged rows$/ }).click();
    await expect(plan.getByRole('row').filter({ hasText: 'Unchanged' }).first()).toBeVisible();

    // The file without the refusal: the dry run shows the price change, and the import applies it.
    await panel.getByLabel('CSV file').setInputFiles(csvFile(edited));
    await panel.getByRole('button', { name: 'Dry run' }).click();
    await expect(panel.getByRole('status')).toContainText('0 products would be added, 1 would be changed');
    const change = plan.getByRole('row').filter({ hasText: `${target.carat} inr_price` });
    await expect(change).toContainText(target.name);
    await expect(change).toContainText('Change');
    await expect(change).toContainText(`${target.carat} inr_price: ${target.inr_price} → ${newPrice}`);
    await panel.getByRole('button', { name: 'Import 1 change' }).click();
    await expect(panel.getByRole('status')).toContainText('Imported: 0 products added, 1 changed');
    await expect(panel.getByRole('list', { name: 'The import' })).toContainText('1 product changed');

    await page.getByLabel('Search products by name').fill(target.name);
    const productList = page.locator('table:not(.product-import__plan)');
    const listed = productList.getByRole('row').filter({ hasText: target.name }).first();
    const shown = `₹${Number(newPrice).toLocaleString('en-IN', { maximumFractionDigits: 0 })}`;
    await expect(listed).toContainText(shown);
    await noSidewaysScroll(page);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/product-import-done-${width}.png`, fullPage: true });
      await panel.screenshot({ path: `${SHOTS}/product-import-done-panel-${width}.png` });
    }
  });
}
