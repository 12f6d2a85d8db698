/** The two currencies prices come in: inr_price (rupees) and usd_price (dollars). */
export type Currency = 'INR' | 'USD';

/**
 * The one place that decides the shopper's currency (storefront.md §1, §9):
 * rupees for visitors and for country code (or phone prefix) +91, dollars otherwise.
 */
export function currencyFor(user: { countryCode?: string; phoneNumber?: string } | null | undefined): Currency {
  if (!user) return 'INR';
  if (user.countryCode === '+91' || user.phoneNumber?.startsWith('+91')) return 'INR';
  return 'USD';
}

const locales: Record<Currency, string> = { INR: 'en-IN', USD: 'en-US' };
const whole = (currency: Currency) => new Intl.NumberFormat(locales[currency], { maximumFractionDigits: 0 });
const cents = (currency: Currency) => new Intl.NumberFormat(locales[currency], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const formats = { INR: [whole('INR'), cents('INR')], USD: [whole('USD'), cents('USD')] } as const;

const symbols: Record<Currency, string> = { INR: '₹', USD: '$' };

/**
 * One money formatter: ₹1,52,340 or ₹52,340.50 with Indian grouping, $640 or $1,640.25 with US grouping.
 * `cents: true` always shows two decimals (₹52,340.00), as the back office's order totals do.
 */
export function formatMoney(amount: number, currency: Currency, options: { cents?: boolean } = {}): string {
  const [wholeFormat, centsFormat] = formats[currency];
  return `${symbols[currency]}${(Number.isInteger(amount) && !options.cents ? wholeFormat : centsFormat).format(amount)}`;
}

/** A carat price row's amount in a currency (inr_price or usd_price). */
export function priceIn(row: { inr_price: number; usd_price: number }, currency: Currency): number {
  return currency === 'INR' ? row.inr_price : row.usd_price;
}

/** The filter's `countryCode` field of /getallproducts names the price column. */
export function priceColumn(currency: Currency): 'inr_price' | 'usd_price' {
  return currency === 'INR' ? 'inr_price' : 'usd_price';
}
