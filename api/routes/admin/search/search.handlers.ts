import type { RouteHandler } from '@hono/zod-openapi';
import { addSynonym, deleteSynonym, listSynonyms } from '../../../../db/queries/search.ts';
import type { AppEnv } from '../../../context.ts';
import { conflict, created, notFound, ok } from '../../../errors.ts';
import type { addSearchSynonym, deleteSearchSynonym, getSearchSynonyms } from './search.routes.ts';

// Synonyms change search answers only (no pre-rendered page shows them): no rebuild.

export const getSearchSynonymsHandler: RouteHandler<typeof getSearchSynonyms, AppEnv> = async (c) =>
  ok(c, 'Search synonyms.', await listSynonyms(c.var.deps.db));

export const addSearchSynonymHandler: RouteHandler<typeof addSearchSynonym, AppEnv> = async (c) => {
  const { term, expands_to } = c.req.valid('json');
  const synonym = await addSynonym(c.var.deps.db, term, expands_to);
  if (!synonym) throw conflict('That synonym is already there.');
  return created(c, 'Synonym added successfully.', synonym);
};

export const deleteSearchSynonymHandler: RouteHandler<typeof deleteSearchSynonym, AppEnv> = async (c) => {
  const { syn_id } = c.req.valid('json');
  if (!(await deleteSynonym(c.var.deps.db, syn_id))) throw notFound('Synonym not found.');
  return ok(c, 'Synonym removed successfully.', null);
};
