import { createRouter } from '../router.ts';
import {
  checkoutQuoteHandler,
  getCodLimitHandler,
  getInvoiceHandler,
  getShippingRatesHandler,
  setCodLimitHandler,
  setOrderHuidHandler,
  setShippingRatesHandler,
} from './law.handlers.ts';
import { checkoutQuote, getCodLimit, getInvoice, getShippingRates, setCodLimit, setOrderHuid, setShippingRates } from './law.routes.ts';

/** Selling lawfully: shipping rates, the cash cap, the checkout's quote, HUIDs and tax invoices. */
export function lawRoutes() {
  return createRouter()
    .openapi(getShippingRates, getShippingRatesHandler)
    .openapi(setShippingRates, setShippingRatesHandler)
    .openapi(getCodLimit, getCodLimitHandler)
    .openapi(setCodLimit, setCodLimitHandler)
    .openapi(checkoutQuote, checkoutQuoteHandler)
    .openapi(setOrderHuid, setOrderHuidHandler)
    .openapi(getInvoice, getInvoiceHandler);
}
