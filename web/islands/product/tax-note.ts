import type { Currency } from '../../../rules/money.ts';

/**
 * The line beside a product's price. Rupee prices include India's 3% GST.
 * Dollar prices are export prices without it (exports are zero-rated: see
 * rules/pricing.ts supplyPrice); GST is added only when a dollar shopper has
 * the piece delivered in India, and import duties abroad are the recipient's
 * (shipping policy).
 */
export function taxNote(currency: Currency): string {
  return currency === 'INR' ? 'Inclusive of all taxes (GST 3%)' : "Excludes India's GST (added only for delivery in India); duties may apply at delivery";
}
