import type { Currency } from '../../../rules/money.ts';

/** The line beside a product's price: rupee prices include taxes; abroad, import duties are the recipient's (shipping policy). */
export function taxNote(currency: Currency): string {
  return currency === 'INR' ? 'Inclusive of all taxes' : 'Duties may apply at delivery';
}
