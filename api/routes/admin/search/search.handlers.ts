import type { RouteHandler } from '@hono/zod-openapi';
import { addSynonym, deleteSynonym, listSynonyms } from '../../../../db/queries/search.ts';
import type { AppEnv } from '../../../context.ts';
import { created, ok } from '../../../errors.ts';
import type { addSearchSynonym, deleteSearchSynonym, getSearchSynonyms } from './search.routes.ts';

// Synonyms change search answers only (no pre-rendered page shows them): no rebuild.

export const getSearchSynonymsHandler: RouteHandler<typeof getSearchSynonyms, AppEnv> = async (c) =>
  ok(c, 'Search synonyms.', await listSynonyms(c.var.deps.db));

export const addSearchSynonymHandler: RouteHandler<typeof addSearchSynonym, AppEnv> = async (c) => {
  const { term, expands_to } = c.req.valid('json');
  return created(c, 'Synonym added successfully.', await addSynonym(c.var.deps.db, term, expands_to));
};

export const deleteSearchSynonymHandler: RouteHandler<typeof deleteSearchSynonym, AppEnv> = async (c) => {
  const { syn_id } = c.req.valid('json');
  await deleteSynonym(c.var.deps.db, syn_id);
  return ok(c, 'Synonym removed successfully.', null);
};
