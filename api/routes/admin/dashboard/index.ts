import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context.ts';
import { validationHook } from '../../../validation.ts';
import { dashboardCounterHandler, getAllHandler } from './dashboard.handlers.ts';
import { dashboardCounter, getAll } from './dashboard.routes.ts';

/** The dashboard: counters and the newest inquiries. */
export function dashboardRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(dashboardCounter, dashboardCounterHandler).openapi(getAll, getAllHandler);
}
