import { atom } from 'nanostores';
import type { OfferCoupon } from '../../rules/offers.ts';
import { api } from '../lib/api/client.ts';

/**
 * The active coupons (POST /getcoupon): the only offers checkout honours. Null
 * until read; pre-rendered pages carry the ones active at the build, and this
 * store takes over once the API has answered.
 */
export const $activeCoupons = atom<OfferCoupon[] | null>(null);

let loading: Promise<void> | undefined;

/** Reads the active coupons once per page. */
export function loadActiveCoupons(): Promise<void> {
  loading ??= (async () => {
    try {
      const answer = await api.post('/getcoupon', { is_admin: 1 });
      if (answer.status === 1 && Array.isArray(answer.data)) {
        $activeCoupons.set((answer.data as OfferCoupon[]).map(({ coupon_name, discount }) => ({ coupon_name, discount })));
      }
    } catch {
      // What the page was built with stays.
      loading = undefined;
    }
  })();
  return loading;
}
