/**
 * Issue 32, "No value beyond what money can hold": every price a piece may have is
 * bounded (rules/pricing.ts MAX_PIECE_PRICE), every administrator input that feeds
 * a price is refused past its bound or when the price it derives would pass it, and
 * a row stored past the bound anyway (before it, or by hand) is left out of sale
 * instead of failing every catalogue answer, the cart and the rates screen.
 */

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, type Callers, formData, productFields, sendForm, tinyImage } from '../helpers/admin.ts';
import { createPricingCatalogue, createProduct, type FormChoices } from '../helpers/catalogue.ts';
import { contractCaller } from '../helpers/contract.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';
import { percentOf } from '../../rules/money.ts';
import { CARAT_ROW_MESSAGES, MAX_PIECE_PRICE, METAL_RATE_MESSAGES, piecePriceProblem, priceRow } from '../../rules/pricing.ts';
import { spyOnLog } from '../helpers/log-spy.ts';

let store: TestStore;
let admin: Callers['admin'];
let k22: number;
let k18: number;
let choices: FormChoices;

beforeAll(async () => {
  store = await createTestStore();
  ({ admin } = await callers(store));
  ({ k22, k18, choices } = await createPricingCatalogue(store));
  const set = await call(store, 'POST', '/setmetalrates', { rates: [{ carat_id: k22, inr_per_gram: 7250 }, { carat_id: k18, inr_per_gram: 5932 }], usd_inr: 84.5 }, admin.auth);
  expect(set.status).toBe(200);
});
afterAll(() => store.close());

const api = contractCaller(() => store);

function productForm(caratPrices: object[], name: string, extra: Record<string, string> = {}) {
  return formData(productFields(choices, { name, description: 'A piece at the edge of what money can hold.', offer: 'None', caratPrices: JSON.stringify(caratPrices), ...extra }));
}

async function insertProduct(caratPrices: object[], name: string) {
  const form = productForm(caratPrices, name);
  form.append('images', new Blob([new Uint8Array(await tinyImage('jpeg'))]), 'front.jpg');
  return sendForm(store, '/insertproduct', form, admin.auth);
}

/** Everything a refused write could have changed: products, their carat rows, the rates and their history. */
async function snapshot() {
  const [products, carats, rates, changes] = await Promise.all([
    store.db.selectFrom('products').select(['p_id', 'name', 'updated_at']).orderBy('p_id').execute(),
    store.db
      .selectFrom('product_carats')
      .select(['pc_id', 'p_id', 'carat_id', 'pricing', 'net_weight_mg', 'making_value', 'stone_value', 'rate_per_gram', 'rate_at'])
      .select((eb) => [eb.cast<string>('inr_price', 'text').as('inr'), eb.cast<string>('usd_price', 'text').as('usd')])
      .orderBy('pc_id')
      .execute(),
    store.db.selectFrom('metal_rates').select(['mr_id', 'carat_id', 'inr_per_gram']).orderBy('mr_id').execute(),
    store.db.selectFrom('metal_rate_changes').select(['rc_id', 'usd_inr']).orderBy('rc_id').execute(),
  ]);
  return { products, carats, rates, changes };
}

const ring = { pricing: 'rate', net_weight_g: '5.25', making_type: 'percent', making_value: 12, stone_value: 2500 };

describe('the bound itself (rules/pricing.ts)', () => {
  it('is far inside exact integers and the columns, and an order line of 99 pieces at it stays exact', () => {
    expect(MAX_PIECE_PRICE).toEqual({ INR: 10_000_000_000, USD: 1_000_000_000 });
    const line = MAX_PIECE_PRICE.INR * 99;
    expect(Number.isSafeInteger(line * 600)).toBe(true);
    // A coupon on that line: exact although line x basis points passes 2^53.
    expect(line * 9999).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(percentOf(line + 1, 9999)).toBe(Number((BigInt(line + 1) * 9999n + 5000n) / 10000n));
  });

  it('a price past the bound is named with the bound; one at it has no problem', () => {
    // 1,000 g at ₹9,00,000 a gram is ₹90 crore of metal, ₹92.7 crore with GST: more than a piece may cost.
    const dear = priceRow({ netWeightMg: 1_000_000, makingType: 'percent', makingValue: 0, stoneValue: 0 }, 90_000_000, 8450);
    expect(piecePriceProblem('This row', dear)).toBe('This row would cost ₹92,70,00,000, more than the ₹10,00,00,000 a piece may cost.');
    expect(piecePriceProblem('This row', { inr_price: 100, usd_price: MAX_PIECE_PRICE.USD + 1 })).toBe(
      'This row would cost $10,000,000.01 (export, without GST), more than the $10,000,000 a piece may cost.',
    );
    expect(piecePriceProblem('This row', { inr_price: MAX_PIECE_PRICE.INR, usd_price: MAX_PIECE_PRICE.USD })).toBeNull();
  });
});

describe('administrator inputs past their bounds are refused with 400 and change nothing', () => {
  it('the outside test\'s inputs: a rupees-per-dollar rate of 0.01, a 100 kg piece, ₹10 crore of stones', async () => {
    await insertProduct([{ carat_id: k22, ...ring }], 'Everyday Ring');
    const before = await snapshot();

    const cheapDollar = await api('POST', '/setmetalrates', { rates: [], usd_inr: 0.01 }, admin.auth);
    expect(cheapDollar.status).toBe(400);
    expect(cheapDollar.body.description).toBe(METAL_RATE_MESSAGES.usdInrOutOfRange);
    expect(cheapDollar.body.description).toBe('Rupees per dollar must be from ₹1 to ₹1,000.');
    const preview = await api('POST', '/previewmetalrates', { rates: [], usd_inr: '0.01' }, admin.auth);
    expect(preview.status).toBe(400);

    const heavy = await insertProduct([{ carat_id: k22, ...ring, net_weight_g: 100_000 }], 'Hundred Kilo Idol');
    expect(heavy.status).toBe(400);
    expect(heavy.body.description).toBe(CARAT_ROW_MESSAGES.weightOverMax);
    expect(heavy.body.description).toBe('Net weight must be at most 10,000 g.');

    // ₹10 crore of stones is a stone value the field takes, but the piece would cost more than ₹10 crore.
    const stones = await insertProduct([{ carat_id: k22, ...ring, stone_value: 100_000_000 }], 'Crore Stones');
    expect(stones.status).toBe(400);
    expect(stones.body.description).toBe(
      "At today's 22K rate this row would cost ₹10,30,43,909, more than the ₹10,00,00,000 a piece may cost. Lower its net weight, making charge or stone value, or give it a fixed price.",
    );

    // All three at once, as the outside test sent them: the first refusal is the weight's.
    const all = await insertProduct([{ carat_id: k22, pricing: 'rate', net_weight_g: 100_000, making_type: 'per_gram', making_value: 10_000_000, stone_value: 100_000_000 }], 'Everything');
    expect(all.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('a rate per gram past ₹10,00,000 and fixed prices past ₹10 crore or $1 crore', async () => {
    const before = await snapshot();
    const rate = await api('POST', '/setmetalrates', { rates: [{ carat_id: k22, inr_per_gram: '1000000.01' }], usd_inr: 84.5 }, admin.auth);
    expect(rate.status).toBe(400);
    expect(rate.body.description).toBe('Rate per gram must be at most ₹10,00,000.');
    const dollar = await api('POST', '/setmetalrates', { rates: [], usd_inr: 1000.01 }, admin.auth);
    expect(dollar.status).toBe(400);
    expect(dollar.body.description).toBe('Rupees per dollar must be from ₹1 to ₹1,000.');

    const inr = await insertProduct([{ carat_id: k18, inr_price: '100000000.01', usd_price: 10 }], 'Too Dear In Rupees');
    expect(inr.status).toBe(400);
    expect(inr.body.description).toBe('INR price must be at most ₹10,00,00,000.');
    const usd = await insertProduct([{ carat_id: k18, inr_price: 10, usd_price: 10_000_000.01 }], 'Too Dear In Dollars');
    expect(usd.status).toBe(400);
    expect(usd.body.description).toBe('USD price must be at most $10,000,000.');
    // At the bound is a price a piece may have.
    const atBound = await insertProduct([{ carat_id: k18, inr_price: 100_000_000, usd_price: 10_000_000 }], 'At The Bound');
    expect(atBound.status, JSON.stringify(atBound.body)).toBe(201);
    expect(atBound.body.data.productcarats[0]).toMatchObject({ inr_price: 100_000_000, usd_price: 10_000_000 });
    await api('DELETE', `/deleteproduct?p_id=${atBound.body.data.p_id}`, undefined, admin.auth);
    expect(await snapshot()).toEqual(before);
  });

  it('an edit whose rate-priced row would cost more than a piece may is refused, and the product stays as it was', async () => {
    const saved = await insertProduct([{ carat_id: k22, ...ring }], 'Growing Bangle');
    expect(saved.status).toBe(201);
    const before = await snapshot();
    // 10 kg (the most a piece may weigh) at ₹7,250 is ₹7.25 crore of gold; with 50% making it is ₹11.2 crore.
    const form = productForm([{ carat_id: k22, pricing: 'rate', net_weight_g: 10_000, making_type: 'percent', making_value: 50 }], 'Growing Bangle', { p_id: String(saved.body.data.p_id) });
    const edit = await sendForm(store, '/updateproduct', form, admin.auth);
    expect(edit.status).toBe(400);
    expect(edit.body.description).toMatch(/^At today's 22K rate this row would cost ₹11,20,12,500, more than the ₹10,00,00,000 a piece may cost\./);
    expect(await snapshot()).toEqual(before);
  });
});

describe('a rate change that would price an existing row past the bound', () => {
  it('is refused naming the product, previews the same refusal, and changes nothing', async () => {
    // 1 kg of 22K: ₹74,67,500 at ₹7,250 a gram.
    const crown = await insertProduct([{ carat_id: k22, pricing: 'rate', net_weight_g: 1000, making_type: 'percent', making_value: 0 }], 'Temple Crown');
    expect(crown.status).toBe(201);
    expect(crown.body.data.productcarats[0].inr_price).toBe(7_467_500);
    const before = await snapshot();

    // ₹1,00,000 a gram is a rate the field takes; the crown would cost ₹10.3 crore at it.
    const body = { rates: [{ carat_id: k22, inr_per_gram: 100_000 }], usd_inr: 84.5 };
    const sentence =
      'At these rates "Temple Crown" (22K) would cost ₹10,30,00,000, more than the ₹10,00,00,000 a piece may cost. Nothing was changed: lower the rates, or change that product first.';
    const set = await api('POST', '/setmetalrates', body, admin.auth);
    expect(set.status).toBe(400);
    expect(set.body.description).toBe(sentence);
    const preview = await api('POST', '/previewmetalrates', body, admin.auth);
    expect(preview.status).toBe(400);
    expect(preview.body.description).toBe(sentence);

    // At ₹1 a dollar (the least the field takes) 2 kg of 22K is $1,45,00,000 without GST: past the dollar bound.
    const heavy = await insertProduct([{ carat_id: k22, pricing: 'rate', net_weight_g: 2000, making_type: 'percent', making_value: 0 }], 'Temple Door');
    expect(heavy.status).toBe(201);
    const withDoor = await snapshot();
    const dollar = await api('POST', '/setmetalrates', { rates: [], usd_inr: 1 }, admin.auth);
    expect(dollar.status).toBe(400);
    expect(dollar.body.description).toBe(
      'At these rates "Temple Door" (22K) would cost $14,500,000 (export, without GST), more than the $10,000,000 a piece may cost. Nothing was changed: lower the rates, or change that product first.',
    );
    expect(await snapshot()).toEqual(withDoor);
    expect(withDoor.carats.filter((r) => !before.carats.some((b) => b.pc_id === r.pc_id))).toHaveLength(1);

    // Once the door is gone, ₹1 a dollar prices every row within the bound.
    await api('DELETE', `/deleteproduct?p_id=${heavy.body.data.p_id}`, undefined, admin.auth);
    const ok = await api('POST', '/setmetalrates', { rates: [], usd_inr: 84.5 }, admin.auth);
    expect(ok.status).toBe(200);
  });
});

describe('a row stored past the bound anyway (before it, or by hand)', () => {
  it('is left out of sale and logged once: every catalogue call, the cart and the rates screen answer 200', async () => {
    const warn = spyOnLog('warn');
    try {
      // A product of two rows: the 18K row will be forced past the bound, the 22K one stays for sale.
      const old = await createProduct(store, { name: 'Old Heirloom', carats: [{ carat_id: k18, inr_price: 5_000_000, usd_price: 60_000 }, { carat_id: k22, inr_price: 7_000_000, usd_price: 80_000 }] });
      const lone = await createProduct(store, { name: 'Lone Relic', carats: [{ carat_id: k22, inr_price: 1_000_000, usd_price: 12_000 }] });
      const shopper = await createUser(store);
      const abroad = await createUser(store, { countryCode: '+1' });
      expect((await api('POST', '/createcart', { u_id: shopper.u_id, ...old.selection, quantity: 1 }, shopper.auth)).status).toBe(201);
      expect((await api('POST', '/createwishlist', { u_id: shopper.u_id, ...lone.selection }, shopper.auth)).status).toBe(201);

      // As the outside test left it: a dollar price past 2^53 (PostgreSQL's driver refuses to read it), and one past the bound only.
      const past = sql.lit(10_008_250_000_000_000);
      await sql`update product_carats set inr_price = ${sql.lit(1_030_849_750_000)}, usd_price = ${past} where pc_id = ${old.carats[0].pc_id}`.execute(store.db);
      await sql`update product_carats set inr_price = ${sql.lit(MAX_PIECE_PRICE.INR + 100)} where pc_id = ${lone.carats[0].pc_id}`.execute(store.db);

      const calls: [string, string, unknown?, Record<string, string>?][] = [
        ['POST', '/getproducts', {}],
        ['POST', '/getproducts', { cate_id: old.cate_id }],
        ['POST', '/getallproducts', {}],
        ['POST', '/getallproducts', { sort: 'price_desc' }],
        ['POST', '/getallproducts', { sort: 'price_asc', filter: { countryCode: 'usd_price' } }],
        ['POST', '/getallproducts', { filter: { minPrice: 1, maxPrice: 1e9 } }],
        ['POST', '/getallproducts', { is_admin: 0 }, admin.auth],
        ['POST', '/getreelproducts', { isReel: 0, search: 'heirloom' }],
        ['POST', '/getproductbyid', { p_id: old.p_id }],
        ['POST', '/getproductbyid', { p_id: lone.p_id }],
        ['POST', '/getproductbyid', { p_id: old.p_id }, admin.auth],
        ['GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth],
        ['GET', `/getwishlist/${shopper.u_id}`, undefined, shopper.auth],
        ['GET', `/getcart/${abroad.u_id}`, undefined, abroad.auth],
        ['GET', '/getmetalrates'],
        ['GET', '/getmetalratehistory', undefined, admin.auth],
        ['POST', '/previewmetalrates', { rates: [{ carat_id: k22, inr_per_gram: 7300 }], usd_inr: 84 }, admin.auth],
      ];
      for (const [method, url, body, headers] of calls) {
        const res = await api(method, url, body, headers);
        expect(res.status, `${method} ${url} ${JSON.stringify(body)}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
      }

      // The forced row is out of sale; the product's other row is listed and sold as before.
      const product = (await api('POST', '/getproductbyid', { p_id: old.p_id })).body.data;
      expect(product.productcarats.map((pc: { pc_id: number }) => pc.pc_id)).toEqual([old.carats[1].pc_id]);
      const listed = (await api('POST', '/getallproducts', { perPage: 100 })).body.data.productData;
      expect(listed.find((p: { p_id: number }) => p.p_id === old.p_id).listed_pc_id).toBe(old.carats[1].pc_id);
      const dearest = (await api('POST', '/getallproducts', { sort: 'price_desc', perPage: 100 })).body.data.productData;
      expect(dearest.every((p: { productcarats: { inr_price: number }[] }) => p.productcarats.every((pc) => pc.inr_price <= MAX_PIECE_PRICE.INR / 100))).toBe(true);
      // The cart line that chose it shows as unavailable, without prices.
      const [line] = (await api('GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth)).body.data;
      expect(line).toMatchObject({ pc_id: old.carats[0].pc_id, available: false, inr_price: null, usd_price: null });
      const [wished] = (await api('GET', `/getwishlist/${shopper.u_id}`, undefined, shopper.auth)).body.data;
      expect(wished).toMatchObject({ pc_id: lone.carats[0].pc_id, available: false, inr_price: null });

      // A dollar rate change reprices the rows within the bound and leaves the forced ones as they are.
      const set = await api('POST', '/setmetalrates', { rates: [], usd_inr: 85 }, admin.auth);
      expect(set.status).toBe(200);
      const raw = await store.db
        .selectFrom('product_carats')
        .select((eb) => ['pc_id', eb.cast<string>('usd_price', 'text').as('usd')])
        .where('pc_id', '=', old.carats[0].pc_id)
        .executeTakeFirstOrThrow();
      expect(raw.usd).toBe('10008250000000000');
      expect((await api('POST', '/getallproducts', {})).status).toBe(200);

      // Each forced row is logged once, however many answers left it out.
      const logged = warn.mock.calls.map((args) => String(args[0])).filter((text) => /out of sale/.test(text));
      expect(logged.filter((text) => text.includes(`carat row ${old.carats[0].pc_id} `))).toHaveLength(1);
      expect(logged.filter((text) => text.includes(`carat row ${lone.carats[0].pc_id} `))).toHaveLength(1);
      expect(logged[0]).toMatch(/"Old Heirloom"|"Lone Relic"/);
    } finally {
      warn.mockRestore();
    }
  });
});
