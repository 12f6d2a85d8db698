import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { jsonAnswer } from '../../security-headers.ts';
import { keptAnswerBody } from './cache.ts';
import { PRODUCT_DESCRIPTION, productKey } from './catalogue.handlers.ts';

/**
 * POST /getproductbyid from a visitor, answered from the kept answer ahead of the app's
 * other middleware and the route's validation, which for that answer add nothing: it
 * is the very answer (bytes and headers) the route gives, and the route's checks
 * (the body limit, the JSON type, the schema, the caller) have nothing to refuse in a
 * request this lets through. Anything else goes on to the route as usual (the body, when
 * read here, kept by Hono for the route): a token (administrators see inactive products,
 * a bad token is refused), another content type, a body of no declared length (chunked)
 * or too large, a body
 * other than exactly `{"p_id": <whole number from 1>}`, a product whose answer is not
 * kept (or no longer current). Measured at 10,000 products, 20 connections: the store's
 * CPU time per by-id answer 205-214 µs before, 160-168 µs with it.
 */
export function keptProductAnswer(deps: Deps, bodyLimit: number): MiddlewareHandler<AppEnv> {
  const { db, config } = deps;
  return async function keptProductAnswer(c, next) {
    const req = c.req;
    if (req.header('authorization') !== undefined || req.header('content-type') !== 'application/json' || req.header('transfer-encoding') !== undefined) return next();
    // A declared length (as browsers and HTTP clients send): the body is read as the route would read it.
    const declared = Number(req.header('content-length') ?? Number.NaN);
    if (!(declared >= 0 && declared <= bodyLimit)) return next();
    let body: unknown;
    try {
      body = await req.json();
    } catch {
      return next();
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return next();
    const { p_id } = body as { p_id?: unknown };
    if (typeof p_id !== 'number' || !Number.isSafeInteger(p_id) || p_id < 1 || Object.keys(body).length !== 1) return next();
    const kept = await keptAnswerBody(db, productKey(p_id, false), PRODUCT_DESCRIPTION);
    return kept ? jsonAnswer(kept, { hsts: config.hsts }) : next();
  };
}
