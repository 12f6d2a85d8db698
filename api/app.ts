import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, Deps } from './context.ts';
import { docsRoutes } from './docs.ts';
import { onError, onNotFound } from './errors.ts';
import { tooLargeError } from '../rules/errors.ts';
import { openApiYaml, registerContract } from './openapi/document.ts';
import { accountsRoutes } from './routes/accounts/index.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { cartRoutes } from './routes/cart/index.ts';
import { catalogueRoutes, KEPT_ANSWER_PATHS, keptCatalogueAnswer } from './routes/catalogue/index.ts';
import { contactRoutes } from './routes/contact/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { lawRoutes } from './routes/law/index.ts';
import { storeCreditRoutes } from './routes/store-credit/index.ts';
import { metalRatesRoutes } from './routes/metal-rates/index.ts';
import { ordersRoutes } from './routes/orders/index.ts';
import { paymentsRoutes } from './routes/payments/index.ts';
import { policyRoutes } from './routes/policy/index.ts';
import { returnsRoutes } from './routes/returns/index.ts';
import { reviewsRoutes } from './routes/reviews/index.ts';
import { createRouter } from './routes/router.ts';
import { totpRoutes } from './routes/totp/index.ts';
import { requestLog } from './request-log.ts';
import { securityHeaders } from './security-headers.ts';
import { mediaRoutes, siteRoutes } from './site/serve.ts';

/** JSON bodies are small; uploads stream through their own limit (120 MB per file). */
const JSON_BODY_LIMIT = 1024 * 1024;

const refuseLargeBody = () => {
  throw tooLargeError('The request body is too large (1 MB at most).');
};

/**
 * Hono's bodyLimit at JSON_BODY_LIMIT, refusing with 413: a declared Content-Length is
 * checked as it stands, a body without one is counted as it streams. Also what the
 * checkout lane reads a body through before handing it over (api/lane).
 */
export function countedJsonBody(): MiddlewareHandler {
  return bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: refuseLargeBody });
}

/**
 * Refuses a non-upload body over JSON_BODY_LIMIT with 413. A declared
 * Content-Length is checked as it stands (Node's parser never reads past it), so
 * the body is left for the route to read straight from the socket; only a body
 * without one (chunked) is counted as it streams, by Hono's bodyLimit. Touching
 * the body stream for every request made @hono/node-server build a full web
 * Request and stream per call (measured: the costliest part of a cached catalogue answer).
 */
function jsonBodyLimit(): MiddlewareHandler {
  const streamed = countedJsonBody();
  return function jsonBodyLimit(c, next) {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if ((c.req.header('content-type') ?? '').startsWith('multipart/form-data')) return next();
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (Number.isSafeInteger(declared) && declared >= 0 && c.req.header('transfer-encoding') === undefined) {
      return declared > JSON_BODY_LIMIT ? refuseLargeBody() : next();
    }
    return streamed(c, next);
  };
}

/** Every API route module, in the order the contract lists them. */
export function apiRoutes() {
  const api = createRouter();
  api.route('/', accountsRoutes());
  api.route('/', totpRoutes());
  api.route('/', catalogueRoutes());
  api.route('/', reviewsRoutes());
  api.route('/', cartRoutes());
  api.route('/', ordersRoutes());
  api.route('/', returnsRoutes());
  api.route('/', paymentsRoutes());
  api.route('/', lawRoutes());
  api.route('/', storeCreditRoutes());
  api.route('/', contactRoutes());
  api.route('/', adminRoutes());
  api.route('/', healthRoutes());
  api.route('/', metalRatesRoutes());
  api.route('/', policyRoutes());
  registerContract(api);
  return api;
}

/**
 * The whole store on one Hono app: API, OpenAPI document and docs, media folders
 * and the pre-rendered storefront. Built around injected dependencies so tests
 * run it on a temporary database with `app.request(...)`.
 */
export function createApp(deps: Deps, options: { lane?: MiddlewareHandler<AppEnv> } = {}) {
  const app = createRouter();
  app.onError(onError);
  app.notFound(onNotFound);
  // Before everything, so every answer is timed, counted and logged with its id.
  app.use(requestLog());
  // First of all: a visitor's kept catalogue answer needs none of what follows (see there).
  app.on('POST', [...KEPT_ANSWER_PATHS], keptCatalogueAnswer(deps));
  app.use(securityHeaders({ hsts: deps.config.hsts }));
  app.use(function injectDeps(c, next) {
    c.set('deps', deps);
    return next();
  });
  app.use(async function endConnectionWhenBodyUnread(c, next) {
    await next();
    // A refusal can leave the request body unread (a 403 before validation, a 413, a refused
    // upload). Ending the connection with the answer keeps the client from sending its next
    // request into a connection the server drops (@hono/node-server does, once the body
    // stream was opened), or into the rest of that body.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || incoming.readableEnded) return;
    if (Number(incoming.headers['content-length'] ?? 0) > 0 || incoming.headers['transfer-encoding']) {
      c.res.headers.set('Connection', 'close');
    }
  });
  app.use(jsonBodyLimit());
  // The cart, orders and payments on the checkout lane's thread, when there is one (api/lane).
  if (options.lane) app.use(options.lane);
  const api = apiRoutes();
  app.route('/', api);
  app.route('/', docsRoutes(() => openApiYaml(api)));
  app.route('/', mediaRoutes(deps.config));
  app.route('/', siteRoutes(deps.config, deps.db));
  return app;
}
