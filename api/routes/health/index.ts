import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { validationHook } from '../../validation.ts';
import { healthzHandler } from './health.handlers.ts';
import { healthz } from './health.routes.ts';

/** The health check a load balancer or orchestrator asks. */
export function healthRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(healthz, healthzHandler);
}
