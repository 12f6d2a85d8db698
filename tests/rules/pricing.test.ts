import { describe, expect, it } from 'vitest';
import { divideHalfUp, dollarsFromRupees, domesticPrice, exportPrice, GST_BASIS_POINTS, gstIncluded, LISTED_INCLUDES_GST, priceByRate, priceRow, supplyPrice, withoutGst } from '../../rules/pricing.ts';
import { splitInclusive } from '../../rules/tax.ts';

describe('withoutGst: the price a dollar shopper\'s breakup ends at', () => {
  const ring = priceByRate({ netWeightMg: 5250, makingType: 'percent', makingValue: 1200, stoneValue: 250_000 }, 725_000);

  it('is the rupee price less its GST, the figure the dollar price is converted from', () => {
    // Rs 46,484 - 46,484 x 3/103 (1,353.90) = 45,130.10; metal + making + stones = 45,130.00, so +0.10 of rounding.
    expect(withoutGst(ring)).toEqual({ value: 4_513_010, roundOff: 10 });
    const priced = priceRow({ netWeightMg: 5250, makingType: 'percent', makingValue: 1200, stoneValue: 250_000 }, 725_000, 8450);
    expect(priced.usd_price).toBe(dollarsFromRupees(withoutGst(priced.breakup).value, 8450));
  });

  it('adds up: metal + making + stones + its rounding, which is under a rupee either way', () => {
    // before tax 1,101.11, Rs 1,134 with GST, 1,134 - 33.03 = 1,100.97: rounding -0.14.
    const small = priceByRate({ netWeightMg: 1001, makingType: 'percent', makingValue: 1000, stoneValue: 0 }, 100_001);
    expect(withoutGst(small)).toEqual({ value: 110_097, roundOff: -14 });
    // A price that needs no rounding has none: Rs 1,00,000 of gold is Rs 1,03,000 with GST.
    expect(withoutGst(priceByRate({ netWeightMg: 10_000, makingType: 'percent', makingValue: 0, stoneValue: 0 }, 1_000_000))).toEqual({ value: 10_000_000, roundOff: 0 });
    for (let grams = 1; grams <= 400; grams += 7) {
      const b = priceByRate({ netWeightMg: grams * 1013, makingType: 'per_gram', makingValue: 48_731, stoneValue: grams * 997 }, 731_117);
      const w = withoutGst(b);
      expect(w.value).toBe(exportPrice(b.total));
      expect(b.metal + b.making + b.stones + w.roundOff).toBe(w.value);
      expect(Math.abs(w.roundOff)).toBeLessThan(100);
    }
  });
});

describe('priceByRate: (weight x rate + making + stones) + 3% GST, rounded to the rupee', () => {
  it('a 22K ring: 5.250 g at Rs 7,250/g, 12% making, Rs 2,500 of stones', () => {
    // metal   5.250 x 7,250          = 38,062.50
    // making  12% of 38,062.50       =  4,567.50
    // stones                         =  2,500.00
    // before tax                     = 45,130.00
    // GST     3% of 45,130.00        =  1,353.90
    // sum                            = 46,483.90 -> Rs 46,484 (round off +0.10)
    const b = priceByRate({ netWeightMg: 5250, makingType: 'percent', makingValue: 1200, stoneValue: 250_000 }, 725_000);
    expect(b).toEqual({ metal: 3_806_250, making: 456_750, stones: 250_000, gst: 135_390, roundOff: 10, total: 4_648_400 });
    expect(b.metal + b.making + b.stones + b.gst + b.roundOff).toBe(b.total);
  });

  it('an 18K necklace: 32.418 g at Rs 5,932.40/g, making Rs 650 per gram, no stones', () => {
    // metal   32.418 x 5,932.40 = 192,316.5432 -> 192,316.54
    // making  32.418 x 650      =  21,071.70
    // before tax                = 213,388.24
    // GST     3%                =   6,401.6472 -> 6,401.65
    // sum                       = 219,789.89 -> Rs 219,790 (round off +0.11)
    const b = priceByRate({ netWeightMg: 32_418, makingType: 'per_gram', makingValue: 65_000, stoneValue: 0 }, 593_240);
    expect(b).toEqual({ metal: 19_231_654, making: 2_107_170, stones: 0, gst: 640_165, roundOff: 11, total: 21_979_000 });
  });

  it('rounds half up at every step and the total down when under half a rupee', () => {
    // metal 1.001 g x Rs 1,000.01 = 1,001.01001 -> 1,001.01; making 10% = 100.101 -> 100.10
    // before tax 1,101.11; GST 33.0333 -> 33.03; sum 1,134.14 -> Rs 1,134 (round off -0.14)
    const b = priceByRate({ netWeightMg: 1001, makingType: 'percent', makingValue: 1000, stoneValue: 0 }, 100_001);
    expect(b).toEqual({ metal: 100_101, making: 10_010, stones: 0, gst: 3303, roundOff: -14, total: 113_400 });
    // exactly half a rupee rounds up: before tax 97.09 + GST 2.91 (2.9127) = 100.00; 48.54 + 1.46 = 50.00
    expect(priceByRate({ netWeightMg: 1000, makingType: 'percent', makingValue: 0, stoneValue: 4854 }, 0).total).toBe(5000);
    expect(priceByRate({ netWeightMg: 1000, makingType: 'percent', makingValue: 0, stoneValue: 49 }, 0)).toMatchObject({ gst: 1, total: 100 });
  });

  it('GST is 3%', () => expect(GST_BASIS_POINTS).toBe(300));
});

describe('dollars from rupees, rounded to the cent', () => {
  it('Rs 46,484 at Rs 84.50 a dollar is $550.11 (550.1065...)', () => {
    expect(dollarsFromRupees(4_648_400, 8450)).toBe(55_011);
  });
  it('the dollar price is the export price: Rs 46,484 less its GST (Rs 1,353.90) = Rs 45,130.10 at Rs 84.50 is $534.08', () => {
    // GST in 46,484.00 = 46,484.00 x 3/103 = 1,353.902... -> 1,353.90; without it 45,130.10; / 84.50 = 534.0840... -> $534.08
    expect(gstIncluded(4_648_400)).toBe(135_390);
    expect(exportPrice(4_648_400)).toBe(4_513_010);
    expect(priceRow({ netWeightMg: 5250, makingType: 'percent', makingValue: 1200, stoneValue: 250_000 }, 725_000, 8450)).toMatchObject({
      inr_price: 4_648_400,
      usd_price: 53_408,
    });
  });
  it('half a cent rounds up, under half down', () => {
    expect(dollarsFromRupees(125, 100)).toBe(125); // Rs 1.25 at Rs 1 = $1.25
    expect(dollarsFromRupees(100, 8000)).toBe(1); // $0.0125 -> 1 cent
    expect(dollarsFromRupees(100, 20_001)).toBe(0); // $0.004999...
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(4, 10)).toBe(0);
  });
  it('stays exact for a crore-rupee piece', () => {
    expect(dollarsFromRupees(1_000_000_000, 8347)).toBe(11_980_352); // 10,000,000 / 83.47 = 119,803.52
  });
});

describe('GST follows the destination, the currency follows the account (supplyPrice)', () => {
  it('listed rupee prices include GST, listed dollar prices do not', () => {
    expect(LISTED_INCLUDES_GST).toEqual({ INR: true, USD: false });
  });
  it('an export price is the inclusive price less 3/103 of it, the same sum an IGST invoice line makes', () => {
    expect(exportPrice(10_300_000)).toBe(10_000_000); // Rs 1,03,000 -> Rs 1,00,000
    for (const gross of [1, 49, 103, 4_648_400, 19_999_900, 20_000_000, 123_456_789]) {
      expect(exportPrice(gross)).toBe(splitInclusive(gross, 'inter_state').taxable);
    }
  });
  it('a price without GST delivered in India has 3% added, half up, and splits back to itself on an IGST invoice', () => {
    expect(domesticPrice(53_408)).toBe(55_010); // $534.08 + $16.0224 -> $550.10
    expect(domesticPrice(50)).toBe(52); // 1.5 cents of GST rounds up to 2
    for (const net of [1, 17, 50, 53_408, 99_999, 12_345_678]) {
      expect(splitInclusive(domesticPrice(net), 'inter_state').taxable).toBe(net);
    }
  });
  it('the four cases: rupees in India as listed, rupees abroad without GST, dollars abroad as listed, dollars in India with GST', () => {
    expect(supplyPrice(4_648_400, 'INR', 'IN')).toBe(4_648_400);
    expect(supplyPrice(4_648_400, 'INR', 'US')).toBe(4_513_010);
    expect(supplyPrice(53_408, 'USD', 'US')).toBe(53_408);
    expect(supplyPrice(53_408, 'USD', 'GB')).toBe(53_408);
    expect(supplyPrice(53_408, 'USD', 'IN')).toBe(55_010);
  });
});
