import { initCardActions } from './card-actions.ts';
import { initPrices } from './prices.ts';
import { initToastHost } from './toast-host.ts';

/** What every storefront page runs: the toast host, card quick actions and the currency switch. */
export function initSite(): void {
  initToastHost();
  initCardActions();
  initPrices();
}
