import { createRouter } from '../router.ts';
import { getLowStockHandler, getMetalRateHistoryHandler, getMetalRatesHandler, previewMetalRatesHandler, setMetalRatesHandler } from './metal-rates.handlers.ts';
import { getLowStock, getMetalRateHistory, getMetalRates, previewMetalRates, setMetalRates } from './metal-rates.routes.ts';

/** The day's metal rates (anyone reads them; administrators set them and see their history). */
export function metalRatesRoutes() {
  return createRouter()
    .openapi(getMetalRates, getMetalRatesHandler)
    .openapi(setMetalRates, setMetalRatesHandler)
    .openapi(previewMetalRates, previewMetalRatesHandler)
    .openapi(getMetalRateHistory, getMetalRateHistoryHandler)
    .openapi(getLowStock, getLowStockHandler);
}
