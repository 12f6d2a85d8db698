import { createRouter } from '../../router.ts';
import { dashboardCounterHandler, getAllHandler } from './dashboard.handlers.ts';
import { dashboardCounter, getAll } from './dashboard.routes.ts';

/** The dashboard: counters and the newest inquiries. */
export function dashboardRoutes() {
  return createRouter().openapi(dashboardCounter, dashboardCounterHandler).openapi(getAll, getAllHandler);
}
