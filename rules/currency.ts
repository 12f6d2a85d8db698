import type { Currency } from './money.ts';

/** India's country code: its shoppers (and visitors) see and pay rupees. */
export const INDIA_COUNTRY_CODE = '+91';

/**
 * The one rule for a shopper's currency (storefront.md §1, §9): rupees for a
 * visitor (null: nobody logged in) and for +91, dollars for every other
 * country code an account has.
 */
export function currencyFor(countryCode: string | null | undefined): Currency {
  if (countryCode === null || countryCode === undefined) return 'INR';
  return countryCode === INDIA_COUNTRY_CODE ? 'INR' : 'USD';
}
