import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { requestLines } from '../db/log.ts';
import type { AppEnv } from './context.ts';
import { countRequest } from './metrics.ts';
import { carriesRequestId } from './security-headers.ts';

/** An X-Request-Id a client or proxy sent that is kept as it is: short, and only characters a log line shows plainly. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request id of a call: the caller's X-Request-Id when sane, else a new one. */
export function requestIdOf(incoming: string | undefined): string {
  return incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The route pattern that answered ('/getorder/:u_id'), never the raw path; '(none)' when no route matched. */
function routeOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  // Middleware is registered for every method ('ALL'): the answering route is the last other one,
  // a named path before a catch-all (the storefront's pages).
  const routes = matchedRoutes(c).filter((route) => route.method !== 'ALL');
  return (routes.findLast((route) => !route.path.includes('*')) ?? routes.at(-1))?.path ?? '(none)';
}

/**
 * One line per request (id, method, route pattern, status, duration, the caller's id when
 * known) and its count in the metrics; the id also goes back as X-Request-Id. First of the
 * app's middleware, so it times and sees every answer, errors included.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async function requestLog(c, next) {
    const started = performance.now();
    const id = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', id);
    await next();
    // A catalogue answer carries it already (jsonAnswer): added again, it would cost the answer's light form.
    if (!carriesRequestId(c.res)) c.header('X-Request-Id', id);
    const ms = performance.now() - started;
    const route = routeOf(c);
    const status = c.res.status;
    countRequest(c.req.method, route, status, ms / 1000);
    // A call the checkout lane answered is logged there, where its caller is known (api/lane).
    if (c.get('laneServed')) return;
    // An answer 5xx is a request line like any other: what went wrong is logged where it happened (api/errors.ts).
    if (!requestLines.isLevelEnabled('info')) return;
    requestLines.info({ req_id: id, method: c.req.method, route, status, ms: Math.round(ms * 10) / 10, user_id: c.get('caller')?.u_id }, 'request');
  };
}
