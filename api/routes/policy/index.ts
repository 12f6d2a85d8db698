import { createRouter } from '../router.ts';
import { buybackQuoteHandler, getShopPolicyHandler, setShopPolicyHandler } from './policy.handlers.ts';
import { buybackQuote, getShopPolicy, setShopPolicy } from './policy.routes.ts';

/** The shop's return, exchange and buy-back policy (anyone reads it, the owner sets it) and a piece's value today (issue 36). */
export function policyRoutes() {
  return createRouter().openapi(getShopPolicy, getShopPolicyHandler).openapi(setShopPolicy, setShopPolicyHandler).openapi(buybackQuote, buybackQuoteHandler);
}
