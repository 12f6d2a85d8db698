import { createRouter } from '../../router.ts';
import { addSearchSynonymHandler, deleteSearchSynonymHandler, getSearchSynonymsHandler } from './search.handlers.ts';
import { addSearchSynonym, deleteSearchSynonym, getSearchSynonyms } from './search.routes.ts';

/** The search's synonym list: list, add, remove. */
export function searchAdminRoutes() {
  return createRouter()
    .openapi(getSearchSynonyms, getSearchSynonymsHandler)
    .openapi(addSearchSynonym, addSearchSynonymHandler)
    .openapi(deleteSearchSynonym, deleteSearchSynonymHandler);
}
