import { initCardActions } from './card-actions.ts';
import { initLoginLinks } from './login-return.ts';
import { initWishlistHearts } from '../stores/wishlist.ts';
import { initPrices } from './prices.ts';
import { initToastHost } from './toast-host.ts';

/** What every storefront page runs: the toast host, card quick actions, login links that come back, and the currency switch. */
export function initSite(): void {
  initToastHost();
  initCardActions();
  initLoginLinks();
  initWishlistHearts();
  initPrices();
}
