import { shippingLine } from '../islands/product/delivery.ts';
import { Icon } from './Icon.tsx';

/**
 * The delivery estimate box (shipping policy: 2-4 business days processing,
 * then 3-7 in India or 7-15 abroad; a made-to-order piece ships after its lead
 * time instead). The dates depend on today and the shopper's currency, so
 * web/lib/product-page.ts fills `[data-delivery-dates]` (again whenever
 * `data-lead-days` changes: another carat chosen) and picks the domestic or
 * international line; React leaves those parts as they are.
 */
export function DeliveryEstimate({ leadDays = 0 }: { leadDays?: number | null }) {
  const lead = leadDays ?? 0;
  return (
    <div className="pd__delivery" data-delivery="" data-lead-days={lead}>
      <Icon name="truck" size={20} />
      <p>
        {/* Filled in the browser before or after hydration: React leaves these as they are. */}
        <span data-delivery-when="" hidden suppressHydrationWarning>
          Estimated delivery <strong data-delivery-dates="" suppressHydrationWarning>
            {/* a text node for the dates to replace, so hydration finds the same shape */}—
          </strong>
          <br />
        </span>
        <span data-delivery-domestic="" suppressHydrationWarning>{shippingLine(false, lead)}</span>
        <span data-delivery-abroad="" hidden suppressHydrationWarning>
          {shippingLine(true, lead)}
        </span>
        <a href="/shippingpolicy">Shipping policy</a>
      </p>
    </div>
  );
}
