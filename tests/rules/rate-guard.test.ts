import { describe, expect, it } from 'vitest';
import { priceByRate } from '../../rules/pricing.ts';
import { changePercent, checkRates, movesMoreThan, mustConfirm, rateConfirmationMessage, rateWarning, type RatesNow } from '../../rules/rate-guard.ts';

// The shop's rates in force, in paise: 18K ₹6,020, 22K ₹7,360, 24K ₹8,030 a gram; ₹84.50 a dollar.
const K18 = 1;
const K22 = 2;
const K24 = 3;
const now: RatesNow = {
  rates: [
    { carat_id: K18, name: '18K', inr_per_gram: 602_000 },
    { carat_id: K22, name: '22K', inr_per_gram: 736_000 },
    { carat_id: K24, name: '24K', inr_per_gram: 803_000 },
  ],
  usd_inr: 8450,
};
const THRESHOLD = 5;

// The Temple Necklace: 56.64 g of 22K, no making, no stones.
const necklace = (rate: number) => priceByRate({ netWeightMg: 56_640, makingType: 'percent', makingValue: 0, stoneValue: 0 }, rate).total;

describe('checkRates: which new rates need the owner to confirm them', () => {
  it('22K typed as 73,600 instead of 7,360 is 900% above today\'s rate: refused until confirmed, with the warning in words', () => {
    // 56.64 g x 7,360 = 4,16,870.40 + 3% = 4,29,376.51 -> ₹4,29,377; x 73,600 = 41,68,704 + 3% = 42,93,765.12 -> ₹42,93,765.
    expect(necklace(736_000)).toBe(42_937_700);
    expect(necklace(7_360_000)).toBe(429_376_500);
    const check = checkRates(now, { rates: [{ carat_id: K22, inr_per_gram: 7_360_000 }], usd_inr: 8450 }, THRESHOLD);
    expect(check).toEqual({
      moves: [{ carat_id: K22, name: '22K', from: 736_000, to: 7_360_000, percent: 900, large: true }],
      // 22K above 24K as well: the slip breaks the order of purities too.
      outOfOrder: [{ lower: { carat_id: K22, name: '22K', rate: 7_360_000 }, higher: { carat_id: K24, name: '24K', rate: 803_000 } }],
      confirmRequired: true,
    });
    expect(mustConfirm(check, false)).toBe(true);
    const warning = rateWarning(check, { name: 'Temple Necklace', old_inr: necklace(736_000), new_inr: necklace(7_360_000) }, 12);
    expect(warning).toBe(
      "22K rate ₹73,600 is 900% above today's ₹7,360; 22K at ₹73,600 would not be below 24K at ₹8,030: the Temple Necklace would go from ₹4,29,377 to ₹42,93,765. Saving reprices 12 carat rows.",
    );
    expect(rateConfirmationMessage(warning!)).toBe(`${warning} Check the rates; to save them as they are, send them again with confirm: true.`);
  });

  it('the same change with confirm: true saves', () => {
    const check = checkRates(now, { rates: [{ carat_id: K22, inr_per_gram: 7_360_000 }], usd_inr: 8450 }, THRESHOLD);
    expect(mustConfirm(check, true)).toBe(false);
  });

  it('a slip the other way (7,360 typed as 736) is 90% below and refused too', () => {
    const check = checkRates(now, { rates: [{ carat_id: K22, inr_per_gram: 73_600 }], usd_inr: 8450 }, THRESHOLD);
    expect(check.moves).toEqual([{ carat_id: K22, name: '22K', from: 736_000, to: 73_600, percent: -90, large: true }]);
    // 22K at ₹736 is now below 18K at ₹6,020.
    expect(check.outOfOrder).toEqual([{ lower: { carat_id: K18, name: '18K', rate: 602_000 }, higher: { carat_id: K22, name: '22K', rate: 73_600 } }]);
    expect(rateWarning(check, { name: 'Temple Necklace', old_inr: 42_937_700, new_inr: 4_293_800 }, 1)).toBe(
      "22K rate ₹736 is 90% below today's ₹7,360; 18K at ₹6,020 would not be below 22K at ₹736: the Temple Necklace would go from ₹4,29,377 to ₹42,938. Saving reprices 1 carat row.",
    );
  });

  it('7,360 to 7,400 (0.5%) is an ordinary day: saved without asking, no warning', () => {
    const check = checkRates(now, { rates: [{ carat_id: K22, inr_per_gram: 740_000 }], usd_inr: 8450 }, THRESHOLD);
    expect(check).toEqual({ moves: [{ carat_id: K22, name: '22K', from: 736_000, to: 740_000, percent: 0.5, large: false }], outOfOrder: [], confirmRequired: false });
    expect(mustConfirm(check, false)).toBe(false);
    expect(rateWarning(check, { name: 'Temple Necklace', old_inr: 1, new_inr: 2 }, 3)).toBeNull();
  });

  it('18K set above 22K is refused even when the move itself is small', () => {
    // 22K ₹7,360 and 18K from ₹7,100 to ₹7,400 (+4.2%): within 5%, but above 22K.
    const close: RatesNow = { ...now, rates: [{ carat_id: K18, name: '18K', inr_per_gram: 710_000 }, ...now.rates.slice(1)] };
    const check = checkRates(close, { rates: [{ carat_id: K18, inr_per_gram: 740_000 }], usd_inr: 8450 }, THRESHOLD);
    expect(check.moves).toEqual([{ carat_id: K18, name: '18K', from: 710_000, to: 740_000, percent: 4.2, large: false }]);
    expect(check.outOfOrder).toEqual([{ lower: { carat_id: K18, name: '18K', rate: 740_000 }, higher: { carat_id: K22, name: '22K', rate: 736_000 } }]);
    expect(check.confirmRequired).toBe(true);
    expect(rateWarning(check, null, 0)).toBe('18K at ₹7,400 would not be below 22K at ₹7,360. No product is priced by these rates yet.');
    // Equal is out of order too: 18K must be below 22K.
    expect(checkRates(close, { rates: [{ carat_id: K18, inr_per_gram: 736_000 }], usd_inr: 8450 }, THRESHOLD).outOfOrder).toHaveLength(1);
  });

  it('14K must be below 18K when the shop has it; carats without a purity in their name are left out of the order', () => {
    const more: RatesNow = {
      rates: [...now.rates, { carat_id: 4, name: '14K', inr_per_gram: 470_000 }, { carat_id: 5, name: 'Platinum 950', inr_per_gram: 300_000 }],
      usd_inr: 8450,
    };
    const check = checkRates(more, { rates: [{ carat_id: 4, inr_per_gram: 610_000 }, { carat_id: 5, inr_per_gram: 310_000 }], usd_inr: 8450 }, 50);
    expect(check.outOfOrder).toEqual([{ lower: { carat_id: 4, name: '14K', rate: 610_000 }, higher: { carat_id: K18, name: '18K', rate: 602_000 } }]);
    expect(check.moves.every((m) => !m.large)).toBe(true);
  });

  it('a disorder this change does not touch does not ask again; a first rate has nothing to move from', () => {
    const disordered: RatesNow = { rates: [{ carat_id: K18, name: '18K', inr_per_gram: 800_000 }, { carat_id: K22, name: '22K', inr_per_gram: 736_000 }, { carat_id: K24, name: '24K', inr_per_gram: null }], usd_inr: 8450 };
    expect(checkRates(disordered, { rates: [{ carat_id: K24, inr_per_gram: 900_000 }], usd_inr: 8450 }, THRESHOLD)).toEqual({ moves: [], outOfOrder: [], confirmRequired: false });
    expect(checkRates({ rates: now.rates.map((r) => ({ ...r, inr_per_gram: null })), usd_inr: null }, { rates: [{ carat_id: K22, inr_per_gram: 7_360_000 }], usd_inr: 8450 }, THRESHOLD).confirmRequired).toBe(false);
  });

  it('the rupees per dollar is a rate too: 84.50 typed as 845 asks', () => {
    const check = checkRates(now, { rates: [], usd_inr: 84_500 }, THRESHOLD);
    expect(check.moves).toEqual([{ carat_id: null, name: 'Rupees per dollar', from: 8450, to: 84_500, percent: 900, large: true }]);
    expect(rateWarning(check, null, 40)).toBe("Rupees per dollar ₹845 is 900% above today's ₹84.50. Saving reprices 40 carat rows.");
  });

  it('the owner\'s threshold: more than it asks, exactly it does not', () => {
    expect(movesMoreThan(736_000, 772_800, 5)).toBe(false); // +5.0%
    expect(movesMoreThan(736_000, 772_801, 5)).toBe(true);
    expect(movesMoreThan(736_000, 699_200, 5)).toBe(false); // -5.0%
    expect(movesMoreThan(736_000, 699_199, 5)).toBe(true);
    expect(movesMoreThan(1000, 1002, 0.1)).toBe(true);
    expect(movesMoreThan(1000, 1001, 0.1)).toBe(false);
    expect(checkRates(now, { rates: [{ carat_id: K22, inr_per_gram: 800_000 }], usd_inr: 8450 }, 10).confirmRequired).toBe(false); // +8.7% under a 10% threshold
    expect([changePercent(736_000, 800_000), changePercent(8450, 8000), changePercent(100, 100)]).toEqual([8.7, -5.3, 0]);
  });
});
