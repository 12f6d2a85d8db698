import { createRouter } from '../router.ts';
import { getCreditNoteHandler, getReturnOptionsHandler, getReturnsHandler, requestReturnHandler, withdrawReturnHandler } from './returns.handlers.ts';
import { getCreditNote, getReturnOptions, getReturns, requestReturn, withdrawReturn } from './returns.routes.ts';

/** Returns, exchanges and buy-backs as the shopper asks for them, and the credit note's PDF (issue 36). */
export function returnsRoutes() {
  return createRouter()
    .openapi(requestReturn, requestReturnHandler)
    .openapi(getReturns, getReturnsHandler)
    .openapi(getReturnOptions, getReturnOptionsHandler)
    .openapi(withdrawReturn, withdrawReturnHandler)
    .openapi(getCreditNote, getCreditNoteHandler);
}
