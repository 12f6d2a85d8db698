/**
 * What Indian law asks of a jewellery sale, as pure rules:
 * - cash: no one may receive ₹2,00,000 or more in cash for one transaction
 *   (Income-tax Act s.269ST), so cash on delivery stops below that; the shop
 *   may set a lower cap; and cash on delivery is never offered abroad;
 * - PAN: a sale of ₹2,00,000 or more needs the buyer's PAN (Income-tax Rules r.114B);
 * - HUID: every hallmarked piece carries a 6-character hallmark unique ID (BIS).
 * Amounts are integer paise.
 */

import { IST_OFFSET_MS } from './dates.ts';

/** ₹2,00,000 in paise: cash of this much or more is unlawful to receive (s.269ST). */
export const LEGAL_CASH_LIMIT = 2_00_000_00;

/** ₹2,00,000 in paise: a sale of this much or more needs the buyer's PAN (r.114B). */
export const PAN_THRESHOLD = 2_00_000_00;

/** The cap that applies: the administrator's when set and lower, never above the law's. */
export function effectiveCodCap(adminCap: number | null | undefined): number {
  return adminCap === null || adminCap === undefined ? LEGAL_CASH_LIMIT : Math.min(adminCap, LEGAL_CASH_LIMIT);
}

export type CodRefusal = 'abroad' | 'over_cap';

/**
 * Whether cash on delivery may be offered for an order: delivered in India and
 * worth less than the cap in rupees (whatever currency the account pays in).
 * Answers null when allowed, else why not.
 */
export function codRefusal(order: { country: string; rupeeValue: number }, cap: number): CodRefusal | null {
  if (order.country !== 'IN') return 'abroad';
  if (order.rupeeValue >= cap) return 'over_cap';
  return null;
}

/** Rupees with Indian grouping and no paise: 20000000 paise -> "₹2,00,000". */
export function rupeesText(paise: number): string {
  return `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(paise / 100)}`;
}

/** The shopper's sentence for a refusal, offering online payment. */
export function codRefusalMessage(refusal: CodRefusal, cap: number): string {
  if (refusal === 'abroad') return 'Cash on Delivery is available in India only. Please choose Online Payment.';
  return `Cash on Delivery is available for orders below ${rupeesText(cap)}. Please choose Online Payment to place this order.`;
}

/** Whether an order of this rupee value needs the buyer's PAN (sales in India). */
export function panRequired(order: { country: string; rupeeValue: number }): boolean {
  return order.country === 'IN' && order.rupeeValue >= PAN_THRESHOLD;
}

/** PAN: five letters, four digits, a letter (e.g. ABCPE1234F). */
export const PAN_FORMAT = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** A PAN as typed to its canonical form (upper case, no spaces); null when it is not one. */
export function normalisePan(typed: string): string | null {
  const pan = typed.replace(/\s+/g, '').toUpperCase();
  return PAN_FORMAT.test(pan) ? pan : null;
}

/** A PAN as the shopper's own answers show it: only the last four characters ("XXXXXX234F"). */
export function maskPan(pan: string): string {
  return pan.length <= 4 ? pan : `${'X'.repeat(pan.length - 4)}${pan.slice(-4)}`;
}

export const PAN_MESSAGE = 'PAN must be 5 letters, 4 digits and a letter (e.g. ABCPE1234F).';
export const PAN_REQUIRED_MESSAGE = `Orders of ${rupeesText(PAN_THRESHOLD)} or more need the buyer's PAN (Income-tax Rules, rule 114B).`;

/** HUID: the hallmark unique ID, 6 letters or digits (BIS). */
export const HUID_FORMAT = /^[A-Z0-9]{6}$/;

/** A HUID as typed to its canonical form (upper case, trimmed); null when it is not one. */
export function normaliseHuid(typed: string): string | null {
  const huid = typed.trim().toUpperCase();
  return HUID_FORMAT.test(huid) ? huid : null;
}

export const HUID_MESSAGE = 'A HUID is 6 letters or digits (e.g. AB12C4).';

/**
 * The refusal when a HUID is already on a piece of another order: a HUID
 * identifies one hallmarked piece in the whole country, so it is recorded once
 * (a cancelled order releases its HUIDs).
 */
export function huidTakenMessage(huid: string, o_id?: number): string {
  return `HUID ${huid} is already recorded on a piece of ${o_id === undefined ? 'another order' : `order #${o_id}`}: a HUID identifies one hallmarked piece, so it can be recorded only once.`;
}

/** How a buyer checks a HUID: BIS CARE, the Bureau of Indian Standards' app. */
export const HUID_VERIFY_HELP =
  "Verify each piece's HUID in the BIS CARE app (Bureau of Indian Standards, Android and iOS): open 'Verify HUID' and enter the 6 characters to see the jeweller, purity and date of hallmarking.";

/**
 * The Indian calendar day (IST, UTC+5:30, no daylight saving) a moment falls on, with its
 * bounds as UTC moments: the law's "in a day" for cash (s.269ST) and PAN (r.114B).
 */
export function indianDay(moment: Date): { day: string; startUtc: Date; endUtc: Date } {
  const local = new Date(moment.getTime() + IST_OFFSET_MS);
  const day = local.toISOString().slice(0, 10);
  const startUtc = new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
  return { day, startUtc, endUtc: new Date(startUtc.getTime() + 86_400_000) };
}

/** A delivery phone as one buyer: its last ten digits (the number without +91 or spaces); null when too short to tell. */
export function phoneBuyer(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(-10) : null;
}

/**
 * Cash on delivery refused for the day (s.269ST: cash from one person in a day): what this
 * buyer already has in cash-on-delivery orders today plus this one reaches the limit.
 */
export function dailyCashRefusal(codToday: number, rupeeValue: number): string | null {
  if (codToday + rupeeValue < LEGAL_CASH_LIMIT) return null;
  return `Cash on Delivery is limited to below ${rupeesText(LEGAL_CASH_LIMIT)} from one buyer in a day (Income-tax Act, section 269ST): you already have ${rupeesText(codToday)} in Cash on Delivery orders today. Please choose Online Payment to place this order.`;
}

/** Whether the buyer's purchases of the day, this one included, need their PAN (r.114B counts the day's purchases together). */
export function dailyPanRequired(spentToday: number, rupeeValue: number, country: string): boolean {
  return country === 'IN' && spentToday + rupeeValue >= PAN_THRESHOLD;
}

/** The sentence when the day's purchases together need a PAN that was not given. */
export function dailyPanRequiredMessage(spentToday: number): string {
  return `Purchases of ${rupeesText(PAN_THRESHOLD)} or more in a day need the buyer's PAN (Income-tax Rules, rule 114B): you already bought ${rupeesText(spentToday)} today. Please give your PAN.`;
}
