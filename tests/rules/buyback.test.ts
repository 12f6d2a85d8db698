import { describe, expect, it } from 'vitest';
import { gramsText, quotedWhenAskedWords, quotePiece, quoteRefusal, quoteValidUntil, quoteWords, valuedPieceWords } from '../../rules/buyback.ts';
import { DEFAULT_SHOP_POLICY } from '../../rules/shop-policy.ts';

const RATE_22K = 7_250_00; // ₹7,250 a gram, in paise

describe("what a piece is worth today (rules/buyback.ts)", () => {
  it('5.250 g of 22K at ₹7,250/g, plain gold: metal ₹38,062.50; exchange at 100% ₹38,062.50; buy-back at 90% ₹34,256.25', () => {
    const quote = quotePiece({ netWeightMg: 5_250, quantity: 1, stonesInr: null, makingInr: null }, RATE_22K, DEFAULT_SHOP_POLICY);
    expect(quote.metalValue).toBe(38_062_50);
    expect(quote.exchange?.metal).toEqual({ value: 38_062_50, percent: 100, amount: 38_062_50 });
    expect(quote.exchange?.total).toBe(38_062_50);
    expect(quote.buyback.metal).toEqual({ value: 38_062_50, percent: 90, amount: 34_256_25 });
    expect(quote.buyback.total).toBe(34_256_25);
    expect(quoteWords(quote, '22K', RATE_22K)).toBe('5.250 g of 22K at ₹7,250.00/g: exchange value ₹38,062.50, buy-back value ₹34,256.25.');
  });

  it("with stones of ₹5,000 and making of ₹4,567.50: stones at 80% / 50%, making at 0% (the policy's defaults)", () => {
    const quote = quotePiece({ netWeightMg: 5_250, quantity: 1, stonesInr: 5_000_00, makingInr: 4_567_50 }, RATE_22K, DEFAULT_SHOP_POLICY);
    expect(quote.exchange).toEqual({
      metal: { value: 38_062_50, percent: 100, amount: 38_062_50 },
      stones: { value: 5_000_00, percent: 80, amount: 4_000_00 },
      making: { value: 4_567_50, percent: 0, amount: 0 },
      total: 42_062_50,
    });
    expect(quote.buyback.total).toBe(34_256_25 + 2_500_00);
  });

  it("a line of two pieces is worth twice one; the owner's rates are used, rounded half-up to the paisa", () => {
    const policy = { ...DEFAULT_SHOP_POLICY, buyback_metal_percent: 87.5, buyback_making_percent: 10 };
    const quote = quotePiece({ netWeightMg: 3_333, quantity: 2, stonesInr: 0, makingInr: 1_001 }, 6_123_45, policy);
    // 6.666 g x ₹6,123.45 = ₹40,818.9177 -> ₹40,818.92 (half-up on the paisa)
    expect(quote.netWeightMg).toBe(6_666);
    expect(quote.metalValue).toBe(40_818_92);
    // 87.5% of ₹40,818.92 = ₹35,716.555 -> ₹35,716.56; 10% of ₹20.02 = ₹2.002 -> ₹2.00
    expect(quote.buyback.metal.amount).toBe(35_716_56);
    expect(quote.buyback.making).toEqual({ value: 2_002, percent: 10, amount: 200 });
    expect(quote.buyback.total).toBe(35_716_56 + 200);
  });

  it('gives no exchange value when the shop takes no exchanges', () => {
    const quote = quotePiece({ netWeightMg: 1_000, quantity: 1, stonesInr: 0, makingInr: 0 }, RATE_22K, { ...DEFAULT_SHOP_POLICY, exchange_allowed: false });
    expect(quote.exchange).toBeNull();
    expect(quoteWords(quote, '22K', RATE_22K)).toBe('1.000 g of 22K at ₹7,250.00/g: buy-back value ₹6,525.00.');
  });

  it('refuses in words a piece not delivered, without a weight, or without a rate today', () => {
    const line = { status: 4, netWeightMg: 5_250, ratePaisePerGram: RATE_22K, carat: '22K' };
    expect(quoteRefusal(line)).toBeNull();
    expect(quoteRefusal({ ...line, status: 3 })).toBe('A piece can be valued once its order has been delivered.');
    expect(quoteRefusal({ ...line, netWeightMg: null })).toMatch(/weight was not recorded/);
    expect(quoteRefusal({ ...line, ratePaisePerGram: null })).toBe("Today's rate for 22K has not been set yet, so this piece cannot be valued. Please try again later.");
  });

  it('holds for the policy\'s days', () => {
    expect(quoteValidUntil(new Date('2026-11-28T10:00:00Z'), DEFAULT_SHOP_POLICY)).toBe('2026-11-29T10:00:00.000Z');
    expect(quoteValidUntil(new Date('2026-11-28T10:00:00Z'), { quote_valid_days: 3 })).toBe('2026-12-01T10:00:00.000Z');
    expect(gramsText(12_345)).toBe('12.345 g');
  });

  it('a buy-back request says what it was quoted when asked: each piece, the sum of several, and until when', () => {
    const ring = quotePiece({ netWeightMg: 5_250, quantity: 1, stonesInr: null, makingInr: null }, RATE_22K, DEFAULT_SHOP_POLICY);
    const pair = quotePiece({ netWeightMg: 2_000, quantity: 2, stonesInr: null, makingInr: null }, RATE_22K, DEFAULT_SHOP_POLICY);
    const ringWords = valuedPieceWords({ productName: 'Lotus Ring', quantity: 1, carat: '22K', quote: ring, ratePaisePerGram: RATE_22K, rateAt: '2026-11-28T13:00:00.000Z' });
    expect(ringWords).toBe('Lotus Ring × 1: 5.250 g of 22K at ₹7,250.00/g: exchange value ₹38,062.50, buy-back value ₹34,256.25. Rate of 28 Nov 2026, 6:30 pm.');
    // Two studs of 2 g: metal ₹29,000.00, buy-back at 90% ₹26,100.00; no rate time known: none said.
    const pairWords = valuedPieceWords({ productName: 'Gold Studs', quantity: 2, carat: '22K', quote: pair, ratePaisePerGram: RATE_22K, rateAt: null });
    expect(pairWords).toBe('Gold Studs × 2: 4.000 g of 22K at ₹7,250.00/g: exchange value ₹29,000.00, buy-back value ₹26,100.00.');
    const validUntil = '2026-11-29T13:00:00.000Z';
    expect(quotedWhenAskedWords([ringWords], { payout: ring.buyback.total, currency: 'INR', validUntil })).toBe(
      `Quoted at today's rate: ${ringWords} Valid until 29 Nov 2026, 6:30 pm.`,
    );
    expect(quotedWhenAskedWords([ringWords, pairWords], { payout: ring.buyback.total + pair.buyback.total, currency: 'INR', validUntil })).toBe(
      `Quoted at today's rate: ${ringWords} ${pairWords} In all: ₹60,356.25. Valid until 29 Nov 2026, 6:30 pm.`,
    );
  });
});
