/**
 * The checkout lane: on PostgreSQL, the shopper's cart, orders and payments are served
 * by a second copy of the app on a worker thread of its own, with its own pool.
 *
 * Why: a PostgreSQL statement's answer is read by the event loop of the thread that
 * sent it, one turn after it arrives. Under a browsing load that keeps the main thread
 * busy, a turn lasts several milliseconds (measured at 20 connections on 2 cores: 6-8
 * ms), and placing an order waits one turn per statement in sequence: its p99 was
 * 120-160 ms. On the lane's thread, which only the shoppers' calls keep busy, a
 * statement's answer is read at once; the main thread only hands the request over and
 * sends the answer back (one turn each way).
 *
 * The lane is the same app (createApp, the same routes and rules) on another DB
 * handle, like a second instance sharing the database; what one instance tells the
 * others late (stock changed by a sale, the catalogue changed) the lane tells the
 * main thread at once. SQLite has none of this: better-sqlite3 answers synchronously,
 * so no statement waits for a turn, and its one writer is the main thread's connection.
 */

import type { Context, MiddlewareHandler } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { Worker } from 'node:worker_threads';
import { countedJsonBody } from '../app.ts';
import { socketOf } from '../client-address.ts';
import type { AppEnv } from '../context.ts';
import type { StockRow } from '../../db/queries/stock.ts';
import type { StockListener } from '../../db/queries/stock-view.ts';
import { unavailableError } from '../../rules/errors.ts';
import { log } from '../../db/log.ts';
import { cartRoutes } from '../routes/cart/index.ts';
import { ordersRoutes } from '../routes/orders/index.ts';
import { paymentsRoutes } from '../routes/payments/index.ts';

/** A request as it crosses to the lane: what the app reads of it, and the client's socket address. */
export interface LaneRequest {
  id: number;
  method: string;
  url: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
  remote: { address?: string; port?: number; family?: string };
}

/** The lane's answer, byte for byte. */
export interface LaneAnswer {
  id: number;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}

/** What the lane tells the main thread besides answers. */
export type LaneNews =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'answer'; answer: LaneAnswer }
  | { kind: 'lost'; id: number }
  | { kind: 'stock'; pcIds: number[]; rows?: StockRow[] }
  | { kind: 'catalogue' }
  | { kind: 'stopped' };

/** Whether a method and path are one of the lane's routes: every route of the cart, orders and payments modules. */
export function laneRoutes(): (method: string, path: string) => boolean {
  const router = new RegExpRouter<true>();
  for (const module of [cartRoutes(), ordersRoutes(), paymentsRoutes()]) {
    for (const route of module.routes) router.add(route.method, route.path, true);
  }
  return (method, path) => router.match(method === 'HEAD' ? 'GET' : method, path)[0].length > 0;
}

/** How long stop() lets the lane close its database connections before ending its thread. */
const STOP_WAIT_MS = 3_000;

/**
 * The request's body, read whole to hand over, through the JSON limit (countedJsonBody):
 * every lane route takes JSON, and jsonBodyLimit lets a multipart body (an upload's)
 * through to the routes that stream it.
 */
async function bodyOf(c: Context<AppEnv>, limit: MiddlewareHandler): Promise<ArrayBuffer | null> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return null;
  const read: { body?: ArrayBuffer } = {};
  await limit(c, async () => {
    read.body = await c.req.arrayBuffer();
  });
  return read.body ?? null;
}

export interface Lane {
  /** Hands the lane's routes to the worker; every other request goes on. */
  middleware: MiddlewareHandler<AppEnv>;
  stop(): Promise<void>;
  /** The thread serving now, if any (tests end it to see the lane start again). */
  thread(): Worker | undefined;
  /** Requests handed to the lane and not answered yet (the /metrics queue depth). */
  inFlight(): number;
}

export interface LaneOptions {
  /** Called with the carat rows whose stock the lane changed (after its commit), with their stock as left when known. */
  onStockChange: StockListener;
  onCatalogueChange: () => void;
  /** The lane's environment, read by its loadConfig (the process's, unless a test gives its store's). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts the lane's worker and resolves when its app is ready (its database open). A
 * worker that ends is started again, at once and, should that fail, at the next call.
 */
export async function startLane(options: LaneOptions): Promise<Lane> {
  const serves = laneRoutes();
  const limit = countedJsonBody();
  const waiting = new Map<number, (answer: LaneAnswer | Error) => void>();
  let nextId = 1;
  let stopping = false;
  let worker: Worker | undefined;
  let starting: Promise<Worker> | undefined;
  let onStopped: (() => void) | undefined;

  /** The worker starting now, or a new one (none once stopping). */
  function ensureWorker(): Promise<Worker> | undefined {
    if (stopping) return undefined;
    starting ??= spawn()
      .then((started) => (worker = started))
      .finally(() => {
        starting = undefined;
      });
    return starting;
  }

  function spawn(): Promise<Worker> {
    return new Promise((resolve, reject) => {
      const started = new Worker(new URL('./worker.ts', import.meta.url), options.env ? { env: options.env } : {});
      let ready = false;
      started.on('message', (news: LaneNews) => {
        switch (news.kind) {
          case 'ready':
            ready = true;
            resolve(started);
            break;
          case 'failed':
            reject(new Error(`the checkout lane did not start: ${news.message}`));
            break;
          case 'answer':
            waiting.get(news.answer.id)?.(news.answer);
            waiting.delete(news.answer.id);
            break;
          case 'lost':
            waiting.get(news.id)?.(new Error('the checkout lane lost its answer'));
            waiting.delete(news.id);
            break;
          case 'stock':
            options.onStockChange(news.pcIds, news.rows);
            break;
          case 'catalogue':
            options.onCatalogueChange();
            break;
          case 'stopped':
            onStopped?.();
            break;
        }
      });
      started.on('error', (error) => {
        if (!ready) reject(error);
        else log.error({ err: error }, 'checkout lane: thread error');
      });
      started.on('exit', (code) => {
        if (!ready) {
          reject(new Error(`the checkout lane did not start (exit code ${code})`));
          return;
        }
        // Calls in flight have no answer coming; the next ones go to a new worker.
        for (const settle of waiting.values()) settle(new Error(`the checkout lane stopped (exit code ${code})`));
        waiting.clear();
        if (worker === started) worker = undefined;
        if (stopping) return;
        log.error(`checkout lane: stopped (exit code ${code}); starting it again`);
        ensureWorker()?.catch((error) => log.error(String(error)));
      });
    });
  }

  worker = await ensureWorker();

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!serves(c.req.method, c.req.path)) return next();
    const body = await bodyOf(c, limit);
    // Chosen after the last wait: a worker that ended while the body was read is not posted to.
    const target = worker ?? (await ensureWorker()?.catch(() => undefined));
    if (!target) throw unavailableError('The checkout is not available right now. Please try again in a moment.');
    // No socket (app.request): the address is the headers' or nothing, as on the main thread.
    const socket = socketOf(c);
    const remote: LaneRequest['remote'] = { address: socket?.address, port: socket?.port, family: socket?.addressType };
    // The lane logs the call, with its caller, under the request id the main thread chose (api/request-log.ts).
    c.set('laneServed', true);
    const request: LaneRequest = {
      id: nextId++,
      method: c.req.method,
      url: c.req.url,
      headers: [...[...c.req.raw.headers].filter(([name]) => name !== 'x-request-id'), ['x-request-id', c.get('requestId')]],
      body,
      remote,
    };
    const answer = await new Promise<LaneAnswer | Error>((settle) => {
      waiting.set(request.id, settle);
      target.postMessage(request, request.body ? [request.body] : []);
    });
    if (answer instanceof Error) throw unavailableError('The checkout was interrupted. Please try again.');
    return new Response(c.req.method === 'HEAD' ? null : answer.body, { status: answer.status, headers: answer.headers });
  };

  return {
    middleware,
    thread: () => worker,
    inFlight: () => waiting.size,
    /** Closes the lane's connections (waiting at most STOP_WAIT_MS) and ends its thread; its routes answer 503 from then on. */
    async stop() {
      if (stopping) return;
      stopping = true;
      const current = worker;
      worker = undefined;
      if (!current) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, STOP_WAIT_MS);
        onStopped = () => {
          clearTimeout(timer);
          resolve();
        };
        current.postMessage('stop');
      });
      await current.terminate();
    },
  };
}
