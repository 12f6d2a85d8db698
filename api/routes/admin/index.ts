import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { validationHook } from '../../validation.ts';
import { attributesRoutes } from './attributes/index.ts';
import { categoriesRoutes } from './categories/index.ts';
import { productsRoutes } from './products/index.ts';

/** Every back-office call (backoffice.md §7), each behind requireAdmin (the database decides the role). */
export function adminRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .route('/', categoriesRoutes())
    .route('/', attributesRoutes())
    .route('/', productsRoutes());
}
