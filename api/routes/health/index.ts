import { createRouter } from '../router.ts';
import { healthzHandler, metricsHandler } from './health.handlers.ts';
import { healthz, metrics } from './health.routes.ts';

/** The health check a load balancer or orchestrator asks, and the metrics Prometheus scrapes. */
export function healthRoutes() {
  return createRouter().openapi(healthz, healthzHandler).openapi(metrics, metricsHandler);
}
