import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context.ts';
import { openapiMultipart } from '../../../uploads.ts';
import { validationHook } from '../../../validation.ts';
import { addDynamicImagesHandler, deleteDynamicImageHandler } from './sliders.handlers.ts';
import { addDynamicImages, deleteDynamicImage } from './sliders.routes.ts';

/** Home slider images: add (multipart, up to 3) and remove. */
export function slidersRoutes() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  openapiMultipart(app, addDynamicImages, addDynamicImagesHandler);
  return app.openapi(deleteDynamicImage, deleteDynamicImageHandler);
}
