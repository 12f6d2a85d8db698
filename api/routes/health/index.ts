import { createRouter } from '../router.ts';
import { healthzHandler } from './health.handlers.ts';
import { healthz } from './health.routes.ts';

/** The health check a load balancer or orchestrator asks. */
export function healthRoutes() {
  return createRouter().openapi(healthz, healthzHandler);
}
