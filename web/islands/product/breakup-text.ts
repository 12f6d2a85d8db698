import type { components } from '../../lib/api/schema.d.ts';
import { formatDateTime } from '../../../rules/dates.ts';
import { type Currency, formatMoney } from '../../../rules/money.ts';

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
  const b = row?.breakup;
  if (!row || !b) return;
  const set = (name: string, text: string) => {
    const el = root.querySelector<HTMLElement>(`[data-breakup-${name}]`);
    if (el) el.textContent = text;
  };
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

