import { createServer, type IncomingMessage, type RequestListener, type ServerOptions } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { jsonAnswer, jsonAnswerHeaders } from '../../security-headers.ts';
import { keptAnswerOfRequest, MAX_KNOWN_REQUEST_LENGTH } from './cache.ts';
import { log, requestLines } from '../../../db/log.ts';
import { countKeptAnswer } from '../../metrics.ts';
import { requestIdOf } from '../../request-log.ts';

/** The catalogue calls whose answers are kept (cachedOk), each a POST of a JSON body. */
export const KEPT_ANSWER_PATHS = ['/getproducts', '/getreelproducts', '/getallproducts', '/searchsuggestions', '/getproductbyid'] as const;

/**
 * Whether a request's headers let a kept answer serve it, its body then deciding: no
 * token (administrators see more, a bad token is refused), a JSON body, and a declared
 * length (as browsers and HTTP clients send) no longer than a remembered text.
 */
function mayBeKept(header: (name: string) => string | undefined): boolean {
  if (header('authorization') !== undefined || header('content-type') !== 'application/json' || header('transfer-encoding') !== undefined) return false;
  const declared = Number(header('content-length') ?? Number.NaN);
  return declared >= 0 && declared <= MAX_KNOWN_REQUEST_LENGTH;
}

/** A visitor's request text as cache.ts remembers it: the path, then the body as the route reads it. */
const requestText = (path: string, body: string) => `${path}\n${body}`;

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
 * Under `npm start`, keptAnswersServer below answers those requests before the app
 * sees them; this door serves the app's other callers (`app.request` in tests) and
 * remembers, for the route, the texts it passes on.
 */
export function keptCatalogueAnswer(deps: Deps): MiddlewareHandler<AppEnv> {
  const { db, config } = deps;
  return async function keptCatalogueAnswer(c, next) {
    const req = c.req;
    if (!mayBeKept((name) => req.header(name)) || req.url.includes('?')) return next();
    const text = requestText(req.path, await req.text());
    const kept = await keptAnswerOfRequest(db, text);
    if (kept) return jsonAnswer(kept, { hsts: config.hsts, requestId: c.get('requestId') });
    // Passed on to cachedOk, which remembers it when the route answers it from a kept answer.
    c.set('visitorRequest', text);
    return next();
  };
}

const KEPT_PATHS = new Set<string>(KEPT_ANSWER_PATHS);
/**
 * The level of a kept answer's request line: debug, so a visitor's catalogue read answered from
 * kept bytes (the hot path issue 18 measured: about 50 µs an answer at full load) costs no JSON
 * line at the default level; it is still counted in /metrics. LOG_LEVEL=debug shows them.
 */
const KEPT_ANSWER_LEVEL = 'debug';
/** As @hono/node-server decodes a body for the route (`text()`): UTF-8, a leading BOM dropped. */
const bodyDecoder = new TextDecoder();

/**
 * The HTTP server of `npm start` (and of tests that want its wiring), for
 * @hono/node-server's `serve({ createServer })`: the same door as keptCatalogueAnswer,
 * one step earlier, at Node's request event, ahead of @hono/node-server's request and
 * answer objects and the app's dispatch. It answers exactly the requests the middleware
 * would (the same checks, the same text, the same kept bytes and headers) and hands
 * everything else on unchanged: a request whose body it read goes on with that body as
 * `rawBody`, which @hono/node-server gives the route as its body.
 *
 * Measured on one store at 10,064 products, by id over 1,000 products, 20 connections,
 * the load in its own process, six 3 s turns alternated with the code before: at 10,000
 * req/s the store's CPU per answer was 37-54 µs this way against 47-61 µs through the
 * middleware, lower in each pair of turns; at full load 17,900-19,600 req/s against
 * 16,300-22,400 (the machine's own swings are that large; see README's benchmark section).
 */
export function keptAnswersServer(deps: Pick<Deps, 'db' | 'config'>) {
  const { db, config } = deps;
  const headers = jsonAnswerHeaders({ hsts: config.hsts });
  const answersFirst = (app: RequestListener): RequestListener =>
    function keptAnswerFirst(incoming, outgoing) {
      if (incoming.method !== 'POST' || !KEPT_PATHS.has(incoming.url ?? '') || !mayBeKept((name) => incoming.headers[name] as string | undefined)) return app(incoming, outgoing);
      const started = performance.now();
      void readBody(incoming).then(async (body) => {
        // The client left, or its body broke off: nobody is there to answer.
        if (body === undefined) return;
        // A look-up that failed (the database) is the app's to answer, as it would be without this door.
        const kept = await keptAnswerOfRequest(db, requestText(incoming.url!, bodyDecoder.decode(body))).catch(() => undefined);
        if (kept === undefined) {
          (incoming as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
          return app(incoming, outgoing);
        }
        const id = requestIdOf(incoming.headers['x-request-id'] as string | undefined);
        outgoing.writeHead(200, [...headers, 'Content-Length', String(kept.byteLength), 'X-Request-Id', id]);
        outgoing.end(kept);
        const ms = performance.now() - started;
        countKeptAnswer(incoming.url!, ms / 1000);
        if (requestLines.isLevelEnabled(KEPT_ANSWER_LEVEL)) requestLines[KEPT_ANSWER_LEVEL]({ req_id: id, method: 'POST', route: incoming.url, status: 200, ms: Math.round(ms * 10) / 10, kept: true }, 'request');
      }).catch((error: unknown) => {
        // Not expected (the app answers its own errors): no request may go unanswered, or bring the process down.
        log.error({ err: error, method: incoming.method, route: incoming.url }, 'kept answer failed');
        outgoing.destroy();
      });
    };
  // One of http.createServer's call shapes, the one @hono/node-server's serve() uses.
  return ((options: ServerOptions, app: RequestListener) => createServer(options, answersFirst(app))) as typeof createServer;
}

/** A request's whole body, as it arrived; undefined when the request broke off before its end. */
function readBody(incoming: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => void chunks.push(chunk);
    const onEnd = () => finish(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    const onBreak = () => finish(undefined);
    const finish = (body: Buffer | undefined) => {
      incoming.off('data', onData).off('end', onEnd).off('error', onBreak).off('close', onBreak);
      resolve(body);
    };
    incoming.on('data', onData).on('end', onEnd).on('error', onBreak).on('close', onBreak);
  });
}
