import type { Currency } from '../../../rules/money.ts';
import { GST_RATE_TEXT } from '../../../rules/pricing.ts';

/**
 * The line beside a product's price. Rupee prices include India's 3% GST.
 * Dollar prices are export prices without it (exports are zero-rated: see
 * rules/pricing.ts supplyPrice); GST is added only when a dollar shopper has
 * the piece delivered in India, and import duties abroad are the recipient's
 * (shipping policy).
 */
export function taxNote(currency: Currency): string {
  return currency === 'INR' ? `Inclusive of all taxes (GST ${GST_RATE_TEXT})` : "Excludes India's GST (added only for delivery in India); duties may apply at delivery";
}
