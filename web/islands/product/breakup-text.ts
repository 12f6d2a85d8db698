import type { components } from '../../lib/api/schema.d.ts';
import { formatDateTime } from '../../../rules/dates.ts';
import { type Currency, formatMoney, toMajor, toMinor } from '../../../rules/money.ts';
import { GST_RATE_TEXT, gstIncluded } from '../../../rules/pricing.ts';

type ProductCarat = components['schemas']['ProductCarat'];

/* The price breakup's texts, without React: the island renders them, and the page script patches a pre-rendered breakup with them. */

export const rupees = (amount: number) => formatMoney(amount, 'INR');
/** "24 Nov 2026, 2:30 pm" in India's time, where the shop sets its rates (rules/dates.ts, as every date in the shop). */
export function formatRateTime(iso: string): string {
  return formatDateTime(iso, '');
}

/** "22K gold: 5.25 g × ₹7,250/g". */
export function goldLine(row: ProductCarat): string {
  return row.breakup ? `${row.carat.name} gold: ${row.breakup.weight_g} g × ${rupees(row.breakup.rate)}/g` : '';
}

/** "GST 3%": the rate from the rule, never written out. */
export const gstLabel = `GST ${GST_RATE_TEXT}`;

/**
 * What a fixed-price row's breakup can say (issue 33): its price, the GST in it
 * (price x 3/103, half up to the paisa, as an invoice line takes it:
 * rules/pricing.ts gstIncluded) and the price without it, in rupees.
 */
export function fixedFigures(row: Pick<ProductCarat, 'inr_price'>): { total: number; gst: number; withoutGst: number } {
  const price = toMinor(row.inr_price);
  const gst = gstIncluded(price);
  return { total: row.inr_price, gst: toMajor(gst), withoutGst: toMajor(price - gst) };
}

/** "5.25 g": a recorded net weight. */
export const gramsText = (grams: number) => `${grams} g`;

/** Under a fixed price's breakup: why there are no gold and making lines. */
export const FIXED_PRICE_NOTE = 'A fixed price: the gold, making and stones of this piece are not priced apart.';

/** "+₹0.12" / "−₹0.12": a rounding line. */
export const signedRupees = (amount: number) => `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${rupees(Math.abs(amount))}`;

/** Under a dollar shopper's breakup: no Indian GST on an export, and the dollar price is what they pay. */
export function exportNote(row: ProductCarat): string {
  return `Exports carry no Indian GST. Delivered outside India you pay ${formatMoney(row.usd_price, 'USD')}, the price without GST in dollars at our exchange rate.`;
}

/** Shows a rupee shopper the GST and rupee total, a dollar shopper the price without GST (pre-rendered breakups; the island does it itself). */
export function showBreakupFor(root: ParentNode, currency: Currency): void {
  const abroad = currency !== 'INR';
  for (const el of root.querySelectorAll<HTMLElement>('[data-breakup-domestic]')) el.hidden = abroad;
  for (const el of root.querySelectorAll<HTMLElement>('[data-breakup-export], [data-breakup-export-note]')) el.hidden = !abroad;
}

export const rateTimeLine = (iso: string) => `Gold rate as of ${formatRateTime(iso)}`;

/**
 * Writes a fresh row's figures into a pre-rendered breakup before the island
 * hydrates (web/lib/product-page.ts), as the price beside it is: the rates may
 * have changed since the page was built. Round off and stones keep their lines.
 */
export function patchBreakup(root: ParentNode, row: ProductCarat | undefined): void {
  if (!row) return;
  const set = (name: string, text: string) => {
    const el = root.querySelector<HTMLElement>(`[data-breakup-${name}]`);
    if (el) el.textContent = text;
  };
  const b = row.breakup;
  if (!b) {
    // A fixed price: its own figures (a price edited since the build).
    const fixed = fixedFigures(row);
    if (row.net_weight_g !== null) set('weight', gramsText(row.net_weight_g));
    set('before-gst', rupees(fixed.withoutGst));
    set('gst', rupees(fixed.gst));
    set('total', rupees(fixed.total));
    set('without-gst', rupees(fixed.withoutGst));
    set('export-note', exportNote(row));
    return;
  }
  set('gold', goldLine(row));
  set('metal', rupees(b.metal));
  set('making', rupees(b.making));
  set('gst', rupees(b.gst));
  set('total', rupees(row.inr_price));
  set('without-gst', rupees(b.without_gst));
  set('export-round', signedRupees(b.without_gst_round_off));
  set('export-note', exportNote(row));
  const time = root.querySelector<HTMLElement>('[data-rate-time]');
  if (time) time.textContent = rateTimeLine(b.rate_at);
}

