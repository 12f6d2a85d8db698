/**
 * What every message's text uses (issue 35): the order's tracking link and money as the shopper
 * reads it. Apart from render.ts so that the templates (templates/*.ts), which render.ts lists,
 * do not import render.ts back.
 */
import { type Currency, formatMoney, toMajor } from '../../rules/money.ts';

/** The order's tracking (My Account's Track Your Order, opened at the order). */
export function trackUrl(context: { config: { publicUrl: string } }, o_id: number): string {
  return `${context.config.publicUrl}/orderconfirm?track=${o_id}`;
}

/** Minor units as the shopper reads them, always with two decimals: ₹1,52,340.00 or $1,640.25. */
export function moneyText(minor: number, currency: Currency): string {
  return formatMoney(toMajor(minor), currency, { cents: true });
}
