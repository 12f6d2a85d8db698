import { createRouter } from '../router.ts';
import { getStoreCreditHandler } from './store-credit.handlers.ts';
import { getStoreCredit } from './store-credit.routes.ts';

/** The shopper's store credit (issue 36): balance and statement. */
export function storeCreditRoutes() {
  return createRouter().openapi(getStoreCredit, getStoreCreditHandler);
}
