import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { caratPricingView } from '../../db/queries/carat-pricing.ts';
import type { ProductCaratView } from '../../db/queries/catalogue.ts';
import { formatMoney } from '../../rules/money.ts';
import { priceRow } from '../../rules/pricing.ts';
import { exportNote, FIXED_PRICE_NOTE, fixedFigures } from '../../web/islands/product/breakup-text.ts';
import { PriceBreakup } from '../../web/islands/product/PriceBreakup.tsx';

/** The 22K ring of tests/api/pricing.test.ts: 5.25 g at Rs 7,250/g, 12% making, Rs 2,500 of stones, Rs 84.50 to the dollar. */
function ring(): ProductCaratView {
  const recipe = { netWeightMg: 5250, makingType: 'percent', makingValue: 1200, stoneValue: 250_000 } as const;
  const priced = priceRow(recipe, 725_000, 8450);
  return {
    pc_id: 1,
    carat_id: 1,
    inr_price: priced.inr_price / 100,
    usd_price: priced.usd_price / 100,
    carat: { carat_id: 1, name: '22K' },
    ...caratPricingView({
      pricing: 'rate',
      net_weight_mg: 5250,
      making_type: 'percent',
      making_value: 1200,
      stone_value: 250_000,
      rate_per_gram: 725_000,
      rate_at: '2026-11-24T08:00:00Z',
      stock: 3,
      lead_time_days: null,
    }),
  };
}

/** The lines of the part of the breakup a shopper sees (hidden parts left out), as "label = amount". */
const visibleHtml = (html: string) => html.replace(/<(div|p)[^>]*hidden=""[^>]*>[\s\S]*?<\/\1>/g, '');
function shownLines(html: string): string[] {
  return [...visibleHtml(html).matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map((m) => `${m[1]} = ${m[2]}`.replace(/<!-- -->/g, ''));
}

describe('the product page price breakup follows the price shown', () => {
  const row = ring();

  it('a rupee shopper sees GST 3% and the rupee price, as before', () => {
    const html = renderToStaticMarkup(createElement(PriceBreakup, { row, currency: 'INR' }));
    expect(shownLines(html)).toEqual([
      '22K gold: 5.25 g × ₹7,250/g = ₹38,062.50',
      'Making charges (12% of gold) = ₹4,567.50',
      'Stones = ₹2,500',
      'GST 3% = ₹1,353.90',
      'Rounded to the rupee = +₹0.10',
      'Total = ₹46,484',
    ]);
    expect(visibleHtml(html)).not.toContain('Exports carry no Indian GST');
    expect(visibleHtml(html)).toContain('Gold rate as of');
  });

  it('a dollar shopper sees no GST: the price without GST their dollar price is made from, and that the dollar price is what they pay', () => {
    const html = renderToStaticMarkup(createElement(PriceBreakup, { row, currency: 'USD' }));
    const lines = shownLines(html);
    expect(lines).toEqual([
      '22K gold: 5.25 g × ₹7,250/g = ₹38,062.50',
      'Making charges (12% of gold) = ₹4,567.50',
      'Stones = ₹2,500',
      'Rounding = +₹0.10',
      'Price without GST = ₹45,130.10',
    ]);
    expect(lines.join(' ')).not.toContain('GST 3%');
    expect(row.usd_price).toBe(534.08);
    expect(exportNote(row)).toBe(
      `Exports carry no Indian GST. Delivered outside India you pay ${formatMoney(534.08, 'USD')}, the price without GST in dollars at our exchange rate.`,
    );
    expect(visibleHtml(html)).toContain(exportNote(row));
  });

});

describe('a fixed-price row shows what is known of its price (issue 33)', () => {
  /** A fixed ₹1,03,000 piece of 5.25 g: its GST is 1,03,000 x 3/103 = ₹3,000. */
  const fixed = (changes: Partial<ProductCaratView> = {}): ProductCaratView => ({
    ...ring(),
    pricing: 'fixed',
    inr_price: 103000,
    usd_price: 1204.82,
    making_type: null,
    making_value: null,
    stone_value: null,
    breakup: null,
    ...changes,
  });

  it('a rupee shopper sees the net weight, the price before GST, the GST in the price (price x 3/103) and the price', () => {
    const html = renderToStaticMarkup(createElement(PriceBreakup, { row: fixed(), currency: 'INR' }));
    expect(shownLines(html)).toEqual(['Net weight = 5.25 g', 'Price before GST = ₹1,00,000', 'GST 3% = ₹3,000', 'Total = ₹1,03,000']);
    expect(html).toContain('Price breakup for 22K');
    expect(visibleHtml(html)).toContain(FIXED_PRICE_NOTE);
    // Not made from the day's rate: no gold, making or rate time.
    expect(visibleHtml(html)).not.toContain('Gold rate as of');
    expect(visibleHtml(html)).not.toContain('Making charges');
  });

  it('to the paisa, half up: ₹46,484 holds ₹1,353.90 of GST; no weight line where none is recorded', () => {
    expect(fixedFigures({ inr_price: 46484 })).toEqual({ total: 46484, gst: 1353.9, withoutGst: 45130.1 });
    expect(fixedFigures({ inr_price: 1000.5 })).toEqual({ total: 1000.5, gst: 29.14, withoutGst: 971.36 });
    const html = renderToStaticMarkup(createElement(PriceBreakup, { row: fixed({ inr_price: 46484, net_weight_g: null }), currency: 'INR' }));
    expect(shownLines(html)).toEqual(['Price before GST = ₹45,130.10', 'GST 3% = ₹1,353.90', 'Total = ₹46,484']);
  });

  it('a dollar shopper sees the price without GST and that the dollar price is what they pay', () => {
    const row = fixed();
    const html = renderToStaticMarkup(createElement(PriceBreakup, { row, currency: 'USD' }));
    expect(shownLines(html)).toEqual(['Net weight = 5.25 g', 'Price without GST = ₹1,00,000']);
    expect(visibleHtml(html)).toContain(exportNote(row));
    expect(visibleHtml(html)).not.toContain('GST 3%');
  });
});
