import { Icon } from './Icon.tsx';

/**
 * The delivery estimate box (shipping policy: 2-4 business days processing,
 * then 3-7 in India or 7-15 abroad). Rendered once, never re-rendered: the
 * dates depend on today and the shopper's currency, so web/lib/product-page.ts
 * fills `[data-delivery-dates]` and picks the domestic or international line.
 */
export function DeliveryEstimate() {
  return (
    <div className="pd__delivery" data-delivery="">
      <Icon name="truck" size={20} />
      <p>
        {/* Filled in the browser before or after hydration: React leaves these as they are. */}
        <span data-delivery-when="" hidden suppressHydrationWarning>
          Estimated delivery <strong data-delivery-dates="" suppressHydrationWarning>
            {/* a text node for the dates to replace, so hydration finds the same shape */}—
          </strong>
          <br />
        </span>
        <span data-delivery-domestic="" suppressHydrationWarning>Ships in 2-4 business days, then 3-7 business days within India · free shipping. </span>
        <span data-delivery-abroad="" hidden suppressHydrationWarning>
          Ships in 2-4 business days, then 7-15 business days internationally.{' '}
        </span>
        <a href="/shippingpolicy">Shipping policy</a>
      </p>
    </div>
  );
}
