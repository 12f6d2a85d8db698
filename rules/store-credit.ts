/**
 * Store credit (issue 36): what an exchange gives back, spent at checkout as a payment toward a
 * new order. It is a way of paying, never a discount: the order's taxable value and GST are
 * what they would be without it; it only lowers what the courier or the payment provider
 * collects. Amounts in paise; store credit is in rupees, so only rupee orders can use it.
 */

import type { Currency } from './money.ts';
import { formatMoney, toMajor } from './money.ts';

/** A ledger entry's kind: + from a return's exchange, − paying toward an order, + that order cancelled or refunded. */
export type StoreCreditKind = 'grant' | 'use' | 'give_back';

export const STORE_CREDIT_KINDS: readonly StoreCreditKind[] = ['grant', 'use', 'give_back'];

/** The currency store credit is kept and spent in. */
export const STORE_CREDIT_CURRENCY: Currency = 'INR';

/**
 * How much store credit an order may use, paise: all of the balance up to the amount due,
 * never below zero, and none for an order not in rupees or when the shopper did not ask.
 */
export function storeCreditToUse(balance: number, amountDue: number, options: { currency?: Currency; wanted?: boolean } = {}): number {
  if (options.wanted === false) return 0;
  if (options.currency && options.currency !== STORE_CREDIT_CURRENCY) return 0;
  const usable = Math.min(Math.trunc(balance), Math.trunc(amountDue));
  return Number.isFinite(usable) && usable > 0 ? usable : 0;
}

/** What is left to pay by cash on delivery or online once store credit paid its part, paise. */
export function amountDueAfterCredit(total: number, storeCredit: number): number {
  return Math.max(0, total - Math.max(0, storeCredit));
}

/** Whether store credit pays the whole order (no payment provider and nothing collected on delivery). */
export function paidInFullByCredit(total: number, storeCredit: number): boolean {
  return storeCredit > 0 && amountDueAfterCredit(total, storeCredit) === 0;
}

/** Paise as the shopper reads it: ₹1,234.50. */
export function creditText(paise: number): string {
  return formatMoney(toMajor(paise), STORE_CREDIT_CURRENCY, { cents: true });
}

/** A ledger entry in words, for the shopper's statement. */
export function storeCreditEntryText(entry: { kind: StoreCreditKind; amount: number; r_id: number | null; o_id: number | null }): string {
  const amount = creditText(Math.abs(entry.amount));
  switch (entry.kind) {
    case 'grant':
      return entry.r_id ? `${amount} store credit for the pieces you exchanged (return #${entry.r_id}).` : `${amount} store credit given.`;
    case 'use':
      return entry.o_id ? `${amount} used to pay toward order #${entry.o_id}.` : `${amount} used to pay toward an order.`;
    case 'give_back':
      return entry.o_id ? `${amount} given back: order #${entry.o_id} was cancelled or refunded.` : `${amount} given back from a cancelled order.`;
  }
}

/** The balance in words. */
export function storeCreditBalanceText(balance: number): string {
  return balance > 0 ? `You have ${creditText(balance)} of store credit to spend on your next order.` : 'You have no store credit.';
}

/** The invoice's and order's line for the part paid by store credit. */
export function paidByStoreCreditText(paise: number): string {
  return `Paid by store credit ${creditText(paise)}`;
}
