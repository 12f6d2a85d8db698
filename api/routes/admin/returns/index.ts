import { createRouter } from '../../router.ts';
import { getReturnDetailHandler, getReturnListHandler, updateReturnStatusHandler } from './returns.handlers.ts';
import { getReturnDetail, getReturnList, updateReturnStatus } from './returns.routes.ts';

/** The returns desk (issue 36): the list, one request in full, and its one lifecycle. */
export function returnsAdminRoutes() {
  return createRouter().openapi(getReturnList, getReturnListHandler).openapi(getReturnDetail, getReturnDetailHandler).openapi(updateReturnStatus, updateReturnStatusHandler);
}
