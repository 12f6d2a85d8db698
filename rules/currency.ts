import type { Currency } from './money.ts';

/** India's country code: its shoppers (and visitors) see and pay rupees. */
export const INDIA_COUNTRY_CODE = '+91';

/**
 * The country codes an account may have, in the order sign-up and login offer them
 * (storefront.md §5, §9), each with the country a checkout suggests for it (ISO 3166
 * alpha-2) and the name the list shows.
 */
export const ACCOUNT_COUNTRIES = [
  { code: INDIA_COUNTRY_CODE, country: 'IN', name: 'India' },
  { code: '+1', country: 'US', name: 'US' },
  { code: '+44', country: 'GB', name: 'UK' },
  { code: '+81', country: 'JP', name: 'Japan' },
  { code: '+86', country: 'CN', name: 'China' },
] as const;

export type AccountCountryCode = (typeof ACCOUNT_COUNTRIES)[number]['code'];

/** The codes alone, for a schema's enum. */
export const ACCOUNT_COUNTRY_CODES: readonly AccountCountryCode[] = ACCOUNT_COUNTRIES.map((c) => c.code);

/**
 * The one rule for a shopper's currency (storefront.md §1, §9): rupees for a
 * visitor (null: nobody logged in) and for +91, dollars for every other
 * country code an account has.
 */
export function currencyFor(countryCode: string | null | undefined): Currency {
  if (countryCode === null || countryCode === undefined) return 'INR';
  return countryCode === INDIA_COUNTRY_CODE ? 'INR' : 'USD';
}
