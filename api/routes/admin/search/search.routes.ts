import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonBody, jsonOk } from '../../../openapi/schemas.ts';
import { adminErrors, adminRoute, recordId, requiredText } from '../admin.schemas.ts';

export const SearchSynonym = z
  .object({
    syn_id: z.number().int(),
    term: z.string().openapi({ description: 'What shoppers type, lowercased.', example: 'jhumka' }),
    expands_to: z.string().openapi({ description: 'The catalogue word (or words) it stands for.', example: 'earrings' }),
  })
  .openapi('SearchSynonym');

export const AddSearchSynonym = z
  .object({
    term: requiredText('Word is required.', 40, 'Word').regex(/[\p{L}\p{N}]/u, 'Word must contain a letter or digit.'),
    expands_to: requiredText('Catalogue word is required.', 80, 'Catalogue word').regex(/[\p{L}\p{N}]/u, 'Catalogue word must contain a letter or digit.'),
  })
  .openapi('AddSearchSynonym');

export const DeleteSearchSynonym = z.object({ syn_id: recordId('syn_id') }).openapi('DeleteSearchSynonym');

export const getSearchSynonyms = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'get',
  path: '/getsearchsynonyms',
  summary: 'The search synonyms',
  description: "The jeweller's words the search understands, each with the catalogue word it stands for (jhumka: earrings), by word.",
  responses: { 200: jsonOk(z.array(SearchSynonym), 'The synonyms.'), ...adminErrors },
});

export const addSearchSynonym = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'post',
  path: '/addsearchsynonym',
  summary: 'Add a search synonym',
  description: 'Both sides are stored lowercased; a search for `term` then also finds what `expands_to` finds, at once. The same pair twice: 409.',
  request: { body: jsonBody(AddSearchSynonym) },
  responses: { 201: jsonOk(SearchSynonym, 'The new synonym.'), ...adminErrors, 409: errorResponses[409] },
});

export const deleteSearchSynonym = createRoute({
  ...adminRoute('catalogue.manage'),
  method: 'post',
  path: '/deletesearchsynonym',
  summary: 'Remove a search synonym',
  request: { body: jsonBody(DeleteSearchSynonym) },
  responses: { 200: jsonOk(z.null(), 'Removed.'), ...adminErrors, 404: errorResponses[404] },
});
