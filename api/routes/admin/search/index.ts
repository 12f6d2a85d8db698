import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../../context.ts';
import { validationHook } from '../../../validation.ts';
import { addSearchSynonymHandler, deleteSearchSynonymHandler, getSearchSynonymsHandler } from './search.handlers.ts';
import { addSearchSynonym, deleteSearchSynonym, getSearchSynonyms } from './search.routes.ts';

/** The search's synonym list: list, add, remove. */
export function searchAdminRoutes() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(getSearchSynonyms, getSearchSynonymsHandler)
    .openapi(addSearchSynonym, addSearchSynonymHandler)
    .openapi(deleteSearchSynonym, deleteSearchSynonymHandler);
}
