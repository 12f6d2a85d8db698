import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../validation.ts';

/**
 * A router of API routes (a resource's, or the app's): each route's zod schemas validate its
 * request before the handler runs and describe it in openapi.yaml; a request they refuse is
 * answered 400 in the envelope, naming the field (validationHook).
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
