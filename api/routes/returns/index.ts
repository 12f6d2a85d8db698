import { createRouter } from '../router.ts';
import { openapiMultipart } from '../../uploads.ts';
import {
  addReturnPhotoHandler,
  getCreditNoteHandler,
  getReturnOptionsHandler,
  getReturnPhotoHandler,
  getReturnsHandler,
  requestReturnHandler,
  withdrawReturnHandler,
} from './returns.handlers.ts';
import { addReturnPhoto, getCreditNote, getReturnOptions, getReturnPhoto, getReturns, requestReturn, withdrawReturn } from './returns.routes.ts';

/** Returns, exchanges and buy-backs as the shopper asks for them, their private photos, and the credit note's PDF (issue 36). */
export function returnsRoutes() {
  const app = createRouter();
  openapiMultipart(app, addReturnPhoto, addReturnPhotoHandler);
  return app
    .openapi(getReturnPhoto, getReturnPhotoHandler)
    .openapi(requestReturn, requestReturnHandler)
    .openapi(getReturns, getReturnsHandler)
    .openapi(getReturnOptions, getReturnOptionsHandler)
    .openapi(withdrawReturn, withdrawReturnHandler)
    .openapi(getCreditNote, getCreditNoteHandler);
}
