import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Callers, storeWithCallers } from '../helpers/admin.ts';
import { createCarat, createProduct } from '../helpers/catalogue.ts';
import { contractCaller } from '../helpers/contract.ts';
import type { TestStore } from '../helpers/store.ts';
import { priceRow } from '../../rules/pricing.ts';

/**
 * The guard against a slip in the day's metal rates (issue 34): POST /setmetalrates
 * refuses a move past the owner's threshold, or purities out of order, with 409
 * and what saving would do, and saves it with confirm: true; POST /previewmetalrates
 * says the same without refusing.
 */

let store: TestStore;
let admin: Callers['admin'];
let k18: number;
let k22: number;
let k24: number;
let necklace: { p_id: number; pc_id: number };

const api = contractCaller(() => store);

// The Temple Necklace: 56.64 g of 22K, no making, no stones.
const NECKLACE = { netWeightMg: 56_640, makingType: 'percent', makingValue: 0, stoneValue: 0 } as const;
const necklaceAt = (rupeesPerGram: number) => priceRow(NECKLACE, rupeesPerGram * 100, 8450);

beforeAll(async () => {
  ({ store, admin } = await storeWithCallers());
  k18 = (await createCarat(store, '18K')).carat_id;
  k22 = (await createCarat(store, '22K')).carat_id;
  k24 = (await createCarat(store, '24K')).carat_id;
  // A first setting moves from nothing: saved without asking.
  const first = await api('POST', '/setmetalrates', { rates: [{ carat_id: k18, inr_per_gram: 6020 }, { carat_id: k22, inr_per_gram: 7360 }, { carat_id: k24, inr_per_gram: 8030 }], usd_inr: 84.5 }, admin.auth);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const product = await createProduct(store, { name: 'Temple Necklace', carats: [{ carat_id: k22 }] });
  const priced = necklaceAt(7360);
  await store.db
    .updateTable('product_carats')
    .set({ pricing: 'rate', net_weight_mg: NECKLACE.netWeightMg, making_type: 'percent', making_value: 0, stone_value: 0, rate_per_gram: 736_000, rate_at: '2026-12-01T04:30:00Z', inr_price: priced.inr_price, usd_price: priced.usd_price })
    .where('pc_id', '=', product.selection.pc_id)
    .execute();
  necklace = { p_id: product.p_id, pc_id: product.selection.pc_id };
});
afterAll(() => store.close());

/** The rates in force, the necklace's rupee price and how many settings were kept: what a refusal must leave alone. */
async function saved() {
  const rates = (await api('GET', '/getmetalrates')).body.data;
  const row = await store.db.selectFrom('product_carats').select(['inr_price', 'usd_price']).where('pc_id', '=', necklace.pc_id).executeTakeFirstOrThrow();
  const settings = await store.db.selectFrom('metal_rate_changes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { rates, row, settings: Number(settings.n) };
}

const setRates = (rates: Array<{ carat_id: number; inr_per_gram: number }>, extra: object = {}) => api('POST', '/setmetalrates', { rates, usd_inr: 84.5, ...extra }, admin.auth);

describe('POST /setmetalrates: a slip is refused until confirmed', () => {
  it('22K typed as 73,600 instead of 7,360: 409 with the warning and the effect, nothing saved; the preview says the same', async () => {
    const before = await saved();
    expect(before.row.inr_price).toBe(42_937_700); // ₹4,29,377
    const refused = await setRates([{ carat_id: k22, inr_per_gram: 73600 }]);
    expect(refused.status).toBe(409);
    const warning =
      "22K rate ₹73,600 is 900% above today's ₹7,360; 22K at ₹73,600 would not be below 24K at ₹8,030: the Temple Necklace would go from ₹4,29,377 to ₹42,93,765. Saving reprices 1 carat row.";
    expect(refused.body.description).toBe(`${warning} Check the rates; to save them as they are, send them again with confirm: true.`);
    expect(refused.body.data).toEqual({
      confirm_required: true,
      warning,
      threshold_percent: 5,
      repriced: 1,
      changed: 1,
      products: 1,
      largest: expect.objectContaining({ p_id: necklace.p_id, name: 'Temple Necklace', carat: '22K', old_inr: 429377, new_inr: 4293765 }),
      largest_change: { inr: 3864388, percent: 900 },
      rate_changes: [{ carat_id: k22, name: '22K', from: 7360, to: 73600, percent: 900, large: true }],
      out_of_order: [{ lower: { carat_id: k22, name: '22K', rate: 73600 }, higher: { carat_id: k24, name: '24K', rate: 8030 } }],
    });
    expect(await saved()).toEqual(before);

    const preview = await api('POST', '/previewmetalrates', { rates: [{ carat_id: k22, inr_per_gram: 73600 }], usd_inr: 84.5 }, admin.auth);
    expect(preview.status).toBe(200);
    const { changes, totalCount, ...fields } = preview.body.data;
    expect(fields).toEqual(refused.body.data);
    expect({ changes: changes.length, totalCount }).toEqual({ changes: 1, totalCount: 1 });
    expect(await saved()).toEqual(before);
  });

  it('the same call with confirm: true saves it; a slip back the other way (73,600 to 7,360) is refused too, then confirmed', async () => {
    const confirmed = await setRates([{ carat_id: k22, inr_per_gram: 73600 }], { confirm: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.description).toBe('Rates saved. 1 carat row repriced.');
    expect((await saved()).row.inr_price).toBe(necklaceAt(73600).inr_price);
    expect(necklaceAt(73600).inr_price).toBe(429_376_500); // ₹42,93,765

    const before = await saved();
    const back = await setRates([{ carat_id: k22, inr_per_gram: 7360 }]);
    expect(back.status).toBe(409);
    expect(back.body.data).toMatchObject({
      confirm_required: true,
      rate_changes: [{ carat_id: k22, from: 73600, to: 7360, percent: -90, large: true }],
      out_of_order: [],
      largest_change: { inr: -3864388, percent: -90 },
    });
    expect(back.body.description).toMatch(/^22K rate ₹7,360 is 90% below today's ₹73,600: the Temple Necklace would go from ₹42,93,765 to ₹4,29,377\. /);
    expect(await saved()).toEqual(before);
    expect((await setRates([{ carat_id: k22, inr_per_gram: 7360 }], { confirm: true })).status).toBe(200);
    expect((await saved()).row.inr_price).toBe(42_937_700);
  });

  it('7,360 to 7,400 is an ordinary day: saved without asking; its preview warns of nothing', async () => {
    const preview = await api('POST', '/previewmetalrates', { rates: [{ carat_id: k22, inr_per_gram: 7400 }], usd_inr: 84.5 }, admin.auth);
    expect(preview.body.data).toMatchObject({
      confirm_required: false,
      warning: null,
      rate_changes: [{ carat_id: k22, name: '22K', from: 7360, to: 7400, percent: 0.5, large: false }],
      out_of_order: [],
      largest_change: { inr: necklaceAt(7400).inr_price / 100 - 429377, percent: 0.5 },
    });
    const set = await setRates([{ carat_id: k22, inr_per_gram: 7400 }]);
    expect(set.status).toBe(200);
    expect((await saved()).rates.rates.find((r: { carat_id: number }) => r.carat_id === k22).inr_per_gram).toBe(7400);
  });

  it("18K set above 22K is refused even within the owner's threshold; the owner's threshold decides what is a large move", async () => {
    const owner = admin.auth;
    expect((await api('PUT', '/setstaffsettings', { rate_change_percent: 30 }, owner)).status).toBe(200);
    try {
      // 18K ₹6,020 -> ₹7,500 is +24.6%, under 30%, but above 22K's ₹7,400.
      const before = await saved();
      const refused = await setRates([{ carat_id: k18, inr_per_gram: 7500 }]);
      expect(refused.status).toBe(409);
      expect(refused.body.data).toMatchObject({
        threshold_percent: 30,
        rate_changes: [{ carat_id: k18, from: 6020, to: 7500, percent: 24.6, large: false }],
        out_of_order: [{ lower: { carat_id: k18, name: '18K', rate: 7500 }, higher: { carat_id: k22, name: '22K', rate: 7400 } }],
        largest_change: null,
        repriced: 0,
      });
      expect(refused.body.data.warning).toBe('18K at ₹7,500 would not be below 22K at ₹7,400. No product is priced by these rates yet.');
      expect(await saved()).toEqual(before);
      // 22K ₹7,400 -> ₹7,900 (+6.8%) asks at 5%, not at 30%.
      expect((await setRates([{ carat_id: k22, inr_per_gram: 7900 }])).status).toBe(200);
    } finally {
      await api('PUT', '/setstaffsettings', { rate_change_percent: 5 }, owner);
    }
    expect((await setRates([{ carat_id: k22, inr_per_gram: 7400 }])).status).toBe(409);
    expect((await setRates([{ carat_id: k22, inr_per_gram: 7400 }], { confirm: true })).status).toBe(200);
  });

  it('the rupees per dollar is guarded too: 84.50 typed as 845 asks; confirm is true or false', async () => {
    const dollar = await api('POST', '/setmetalrates', { rates: [], usd_inr: 845 }, admin.auth);
    expect(dollar.status).toBe(409);
    expect(dollar.body.data.rate_changes).toEqual([{ carat_id: null, name: 'Rupees per dollar', from: 84.5, to: 845, percent: 900, large: true }]);
    expect(dollar.body.data.warning).toBe("Rupees per dollar ₹845 is 900% above today's ₹84.50. Saving reprices 1 carat row.");
    const wrong = await setRates([{ carat_id: k22, inr_per_gram: 7400 }], { confirm: 'yes' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.description).toBe('confirm must be true or false.');
  });
});
