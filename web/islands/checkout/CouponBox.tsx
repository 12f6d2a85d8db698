import { useStore } from '@nanostores/react';
import { $applyingCoupon, $coupon, $couponCode, $couponMessage, applyCoupon, removeCoupon, typeCouponCode } from '../../stores/checkout.ts';

/** The coupon box: a code applied with Apply or Enter, what it gives or why not, and Remove. */
export function CouponBox() {
  const couponCode = useStore($couponCode);
  const coupon = useStore($coupon);
  const couponMessage = useStore($couponMessage);
  const applying = useStore($applyingCoupon);
  return (
    <div className="coupon">
      <label htmlFor="checkout-coupon">Coupon code</label>
      <input
        id="checkout-coupon"
        className="input"
        name="coupon"
        autoComplete="off"
        value={couponCode}
        aria-invalid={couponMessage?.kind === 'error' || undefined}
        aria-describedby={couponMessage ? 'checkout-coupon-message' : undefined}
        onChange={(e) => typeCouponCode(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void applyCoupon();
          }
        }}
      />
      <button type="button" className="btn btn--ghost" onClick={() => void applyCoupon()} disabled={applying}>
        Apply
      </button>
      {couponMessage ? (
        <p id="checkout-coupon-message" className={couponMessage.kind === 'error' ? 'field-error' : 'field-hint coupon__applied'} role={couponMessage.kind === 'error' ? 'alert' : 'status'}>
          {couponMessage.text}
          {coupon ? (
            <>
              {' '}
              <button type="button" className="btn btn--link" onClick={removeCoupon}>
                Remove
              </button>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
