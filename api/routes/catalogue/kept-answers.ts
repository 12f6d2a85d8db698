import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { jsonAnswer } from '../../security-headers.ts';
import { keptAnswerOfRequest, MAX_KNOWN_REQUEST_LENGTH } from './cache.ts';

/** The catalogue calls whose answers are kept (cachedOk), each a POST of a JSON body. */
export const KEPT_ANSWER_PATHS = ['/getproducts', '/getreelproducts', '/getallproducts', '/searchsuggestions', '/getproductbyid'] as const;

/**
 * A visitor's catalogue call answered from its kept answer ahead of the app's other
 * middleware and the route's validation, which for that answer add nothing: the route
 * answered this very request text from that answer before (cache.ts knownRequests), and
 * it is the very answer, bytes and headers, that the route gives while it is current.
 * Anything else goes on to the route as usual, the body (read here) kept by Hono for
 * the route: a token (administrators see more, a bad token is refused), another
 * content type, a query string, a body of no declared length (chunked) or longer than
 * a remembered text can be (read by the route alone: a padded body up to the JSON
 * limit is not read, joined and looked up here too), a text the route has not
 * answered from a kept answer, an answer no longer current.
 *
 * Measured at 10,000 products, 20 connections, the store in its own process: by id,
 * the store's CPU time per answer 205-214 µs through the route, 160-168 µs this way;
 * a listing with repeated filters (a ~24 kB answer), see README's benchmark section.
 */
export function keptCatalogueAnswer(deps: Deps): MiddlewareHandler<AppEnv> {
  const { db, config } = deps;
  return async function keptCatalogueAnswer(c, next) {
    const req = c.req;
    if (req.header('authorization') !== undefined || req.header('content-type') !== 'application/json' || req.header('transfer-encoding') !== undefined) return next();
    // A declared length (as browsers and HTTP clients send), no longer than a remembered text: the body is read as the route would read it.
    const declared = Number(req.header('content-length') ?? Number.NaN);
    if (!(declared >= 0 && declared <= MAX_KNOWN_REQUEST_LENGTH) || req.url.includes('?')) return next();
    const text = `${req.path}\n${await req.text()}`;
    const kept = await keptAnswerOfRequest(db, text);
    if (kept) return jsonAnswer(kept, { hsts: config.hsts });
    // Passed on to cachedOk, which remembers it when the route answers it from a kept answer.
    c.set('visitorRequest', text);
    return next();
  };
}
