import { formatMoney, type Currency } from '../../rules/money.ts';

export interface PriceProps {
  inr: number;
  usd: number;
  /** The currency to show now; static pages render rupees and web/lib/prices.ts switches them. */
  currency?: Currency;
  className?: string;
}

/**
 * A price that knows both amounts: pre-rendered pages show rupees, and the
 * price switcher (web/lib/prices.ts) rewrites `[data-price]` elements in
 * dollars for shoppers outside India after the session is read.
 */
export function Price({ inr, usd, currency = 'INR', className }: PriceProps) {
  return (
    // The price switcher may already have written dollars when an island hydrates.
    <span className={className} data-price="" data-inr={inr} data-usd={usd} suppressHydrationWarning>
      {formatMoney(currency === 'INR' ? inr : usd, currency)}
    </span>
  );
}
