import { $activeCoupons, loadActiveCoupons } from '../stores/coupons.ts';
import { bestCoupon, describeCoupon } from '../../rules/offers.ts';

/**
 * The promo bar's offer: the best active coupon told in full (what, how much,
 * the code, the conditions), as the build saw it and then as the API says it
 * is now; gone when no coupon is active (checkout would not honour it).
 */
export function initPromoOffer(bar: HTMLElement): void {
  $activeCoupons.subscribe((coupons) => {
    if (coupons === null) return;
    const best = bestCoupon(coupons);
    bar.hidden = !best;
    if (!best) return;
    const offer = describeCoupon(best);
    const set = (selector: string, text: string) => {
      const el = bar.querySelector<HTMLElement>(selector);
      if (el && el.textContent !== text) el.textContent = text;
    };
    set('[data-promo-title]', offer.title);
    set('[data-promo-how]', offer.how);
    set('[data-promo-terms]', offer.conditions);
  });
  void loadActiveCoupons();
}
