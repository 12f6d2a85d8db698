/**
 * The real store as child processes, for the reliability suites: start
 * `node api/server.ts` on a data directory, talk HTTP to it, kill it hard, and
 * always leave no process behind (killAllChildren in afterAll; a last-resort
 * kill when the test process exits).
 */

import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DB, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createCoupon, createProduct } from '../helpers/catalogue.ts';
import { createTestDatabase, type TestDatabase, testEngine } from '../helpers/database.ts';
import { freePort } from '../helpers/ports.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every child still running; afterAll hooks kill them whatever happened. */
const children = new Map<ChildProcess, Promise<unknown>>();
process.once('exit', () => {
  for (const child of children.keys()) child.kill('SIGKILL');
});

/** Kills every child process this file started and waits until they are gone (and drops their PostgreSQL databases). */
export async function killAllChildren(): Promise<void> {
  const running = [...children.entries()];
  for (const [child] of running) child.kill('SIGKILL');
  await Promise.all(running.map(([, exited]) => exited));
  await dropStoreDatabases();
}

function track(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  children.set(child, exited);
  return exited;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The database of each data directory: its SQLite file, or (TEST_DATABASE_URL set) a
 * PostgreSQL database made for it on first use, with the JWT_SECRET every instance
 * on it must share (a PostgreSQL store does not generate one). Dropped by dropStoreDatabases.
 */
const storeDatabases = new Map<string, Promise<TestDatabase>>();

/** DATABASE_URL (and JWT_SECRET on PostgreSQL) for a store on this data directory. */
export async function storeDatabaseEnv(dataDir: string): Promise<Record<string, string>> {
  let database = storeDatabases.get(dataDir);
  if (!database) {
    database = createTestDatabase(dataDir);
    storeDatabases.set(dataDir, database);
  }
  const { url } = await database;
  return testEngine === 'postgres'
    ? { DATABASE_URL: url, JWT_SECRET: 'reliability-secret-long-enough-for-hs256!!', PAN_KEY: 'cmVsaWFiaWxpdHktcGFuLWtleS1vZi0zMi1ieXRlcyE=' }
    : { DATABASE_URL: url };
}

/** The DATABASE_URL of a data directory's store (see storeDatabaseEnv). */
export async function storeDatabaseUrl(dataDir: string): Promise<string> {
  return (await storeDatabaseEnv(dataDir)).DATABASE_URL;
}

/** Runs `work` on a store's database (its SQLite file or its PostgreSQL database), a connection of the test's own. */
export async function withStoreDb<T>(dataDir: string, work: (db: DB) => Promise<T>): Promise<T> {
  const db = openDatabase(await storeDatabaseUrl(dataDir));
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** Drops the PostgreSQL databases made for data directories (after killAllChildren). */
export async function dropStoreDatabases(): Promise<void> {
  const all = [...storeDatabases.values()];
  storeDatabases.clear();
  for (const database of all) await (await database).drop();
}

/** The store's own settings: never inherited from the shell running the tests (a developer's SMTP_URL would mail the test orders). */
const STORE_ENV = /^(PORT|HOST|DATA_DIR|DATABASE_URL|JWT_SECRET|PAN_KEY|ADMIN_.*|PAYMENT_PROVIDER|CASHFREE_.*|PUBLIC_URL|TRUST_PROXY_TLS|SITE_BUILD|SIGNUPS_PER_ADDRESS_HOUR|SMTP_URL|MAIL_FROM|SMS_.*|TWILIO_.*|OUTBOX_.*|WEBHOOK_.*)$/;

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !STORE_ENV.test(k)));
  return { ...env, ...extra };
}

/** A request that got no HTTP answer (refused, reset, timed out): its outcome is unknown. */
export class NetworkError extends Error {}

export interface Reply {
  status: number;
  body: any;
}

export interface StoreServer {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Seconds from spawn until the API answered. */
  readonly startSeconds: number;
  /** Requests sent and not yet answered or failed. */
  inFlight(): number;
  /** Requests that got an HTTP answer. */
  answered(): number;
  request(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** The last lines the server printed (stdout and stderr). */
  output(): string;
  /** kill -9: no shutdown handler runs. */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not gone within 10 s. */
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  /** How long start-up may take (seeding an empty database renders the demo media). */
  readyTimeoutMs?: number;
  requestTimeoutMs?: number;
}

/**
 * Starts `node api/server.ts` (SITE_BUILD=skip: the API without the Astro build)
 * and resolves once it answers HTTP. Rejects, with the server's output, when
 * it exits or does not answer in time.
 */
export async function startServer(options: StartOptions): Promise<StoreServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = spawn(process.execPath, ['api/server.ts'], {
    cwd: ROOT,
    env: childEnv({ DATA_DIR: options.dataDir, PORT: String(port), HOST: '127.0.0.1', SITE_BUILD: 'skip', SIGNUPS_PER_ADDRESS_HOUR: '100000', ...(await storeDatabaseEnv(options.dataDir)), ...options.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = track(child);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  // One connection pool per server process, dropped when it dies. With a timeout
  // set, Node's agent also closes idle connections 1 s before the server's
  // Keep-Alive hint, as a well-behaved client (or load balancer) does.
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: requestTimeoutMs });
  let pending = 0;
  let answered = 0;
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    pending += 1;
    try {
      const reply = await httpJson(agent, url, method, path, body, headers, requestTimeoutMs);
      answered += 1;
      return reply;
    } finally {
      pending -= 1;
    }
  };

  const deadline = started + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (gone) throw new Error(`the server exited during start-up:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`the server did not answer within ${options.readyTimeoutMs ?? 60_000} ms:\n${log}`);
    }
    try {
      const reply = await httpJson(agent, url, 'GET', '/paymentconfig', undefined, {}, 2_000);
      if (reply.status === 200) break;
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
    await sleep(100);
  }
  const startSeconds = (Date.now() - started) / 1000;

  const end = async (signal: NodeJS.Signals) => {
    if (!gone) {
      child.kill(signal);
      if (signal !== 'SIGKILL') {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    }
    await exited;
    agent.destroy();
  };
  return {
    url,
    port,
    pid: child.pid!,
    startSeconds,
    inFlight: () => pending,
    answered: () => answered,
    request,
    output: () => log,
    kill9: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
  };
}

const idleSince = new WeakMap<object, number>();

function httpJson(
  agent: http.Agent,
  base: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const req = http.request(
      new URL(path, base),
      {
        method,
        agent,
        timeout: timeoutMs,
        headers: { ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => reject(new NetworkError(error.message)));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, body: json });
        });
      },
    );
    const sent = Date.now();
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => {
      // Say whether a kept-alive connection was reused, and how long it had been idle.
      const idle = req.reusedSocket && req.socket ? `, reused connection idle ${sent - (idleSince.get(req.socket) ?? sent)} ms` : '';
      reject(new NetworkError(`${method} ${base}${path}: ${error.message} after ${Date.now() - sent} ms${idle}`));
    });
    req.on('socket', (socket) => socket.once('free', () => idleSince.set(socket, Date.now())));
    req.end(payload);
  });
}

/** Runs `node <args>` from the project root; resolves with its exit code and output, killing it at the time limit. */
export async function runNode(args: string[], env: Record<string, string>, timeoutMs: number) {
  const database = env.DATA_DIR ? await storeDatabaseEnv(env.DATA_DIR) : {};
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv({ ...database, ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = track(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const { code, signal } = await exited;
  clearTimeout(timer);
  return { code, signal, output };
}

/** Waits until `condition` holds, checking every 20 ms; false when `timeoutMs` passes first. */
export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/**
 * A migrated database with a small catalogue (factories, no media) and one
 * coupon, for suites that need something to buy but not the demo store: the
 * server then starts in a second instead of rendering the demo's media.
 */
export async function prepareSmallStore(dataDir: string, products = 6): Promise<void> {
  const db = openDatabase(await storeDatabaseUrl(dataDir));
  try {
    await migrateToLatest(db);
    for (let i = 0; i < products; i++) {
      await createProduct({ db }, { carats: [{ inr_price: 100_000 + i * 12_345, usd_price: 1_200 + i * 150 }] });
    }
    await createCoupon({ db }, { coupon_name: 'RELIABLE12', discount_bp: 1250 });
  } finally {
    await db.destroy();
  }
}
