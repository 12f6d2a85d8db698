/**
 * The legal pages say the shop policy (issue 36): the refund page built after the owner changes
 * the policy says the new values, the terms page too, with the documents' wording around them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, siteIsStale } from '../../api/site/build.ts';
import { saveShopPolicy, shopPolicy } from '../../db/queries/shop-policy.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { createTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

/** A built page's words, tags taken out and spaces run together. */
function pageText(page: string): string {
  const file = path.join(store.config.siteDir, page, 'index.html');
  expect(existsSync(file), file).toBe(true);
  return readFileSync(file, 'utf8').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

describe('the legal pages follow the shop policy', () => {
  it('say the new window, collection, rates and charge once the policy is changed and the site rebuilt', { timeout: 300_000 }, async () => {
    await writeTransaction(store.db, async (trx) =>
      saveShopPolicy(trx, { ...(await shopPolicy(trx)), return_window_hours: 168, partial_refund_collection: 'Daily Wear', partial_refund_percent: 40, buyback_metal_percent: 85, return_shipping_charge: 250_00, refund_days_min: 5, refund_days_max: 8 }),
    );
    await buildSite(store.config, store.db, () => undefined);
    expect(await siteIsStale(store.config, store.db)).toBe(false);

    const refund = pageText('refundpolicy');
    expect(refund).toContain('The return must be requested and the item returned within 7 days of delivery .');
    expect(refund).toContain('Daily Wear: only 40% of the purchase price is refunded; the rest covers making charges.');
    expect(refund).toContain('we buy it back at 85% of its metal');
    expect(refund).toContain('Return shipping is paid by the customer (₹250.00, deducted from the refund), unless the item is defective or we sent the wrong item.');
    expect(refund).toContain('Refunds are made within 5-8 business days of approval');
    expect(refund).not.toContain('2 hours of delivery .');

    const terms = pageText('termsandconditions');
    expect(terms).toContain('Returns must be requested within 7 days of delivery; refunds are made within 5-8 business days to the original payment method.');
    expect(pageText('shippingpolicy')).toContain('within 2 hours of placing it');
  });
});
