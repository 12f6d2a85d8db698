/**
 * The store as an outsider meets it: the real app (createApp) on a migrated,
 * demo-seeded database in its own temporary DATA_DIR, listening on 127.0.0.1 on
 * an ephemeral port, reached only over HTTP.
 *
 * Seeding the demo store renders its pictures (15 s of CPU), so it is done once
 * into a template folder that every probe server copies: the template is keyed
 * by the seed's and migrations' sources and the day (demo orders are dated
 * relative to now), and built by one test worker while the others wait.
 */

import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { type Config, loadConfig } from '../../../api/env.ts';
import { applyTimeouts } from '../../../api/timeouts.ts';
import { type DB, openDatabase } from '../../../db/connection.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { SHOPPER_PASSWORD, SHOPPERS } from '../../../db/seed/customers.ts';
import { seedDemo } from '../../../db/seed/demo.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The demo administrator (the defaults of api/env.ts, as `npm start` seeds them). */
export const DEMO_ADMIN = { countryCode: '+91', phoneNumber: '9999999999', password: 'Admin@12345' } as const;
/** Demo shoppers that sign in over HTTP: two in India (rupees), one abroad (dollars). */
export const DEMO_SHOPPERS = SHOPPERS.map((s) => ({ countryCode: s.country_code, phoneNumber: s.phone_number, password: SHOPPER_PASSWORD }));

/** Hash of what the seeded database depends on: seed code and assets, schema, migrations, password hashing. */
function seedSourceKey(): string {
  const hash = createHash('sha256');
  const walk = (entry: string) => {
    const full = path.join(ROOT, entry);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) walk(path.join(entry, name));
    } else {
      hash.update(entry).update(readFileSync(full));
    }
  };
  for (const entry of ['db', 'migrations', 'rules']) walk(entry);
  hash.update(JSON.stringify(DEMO_ADMIN)).update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_PREFIX = 'aurum-security-seed-';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seeds a template DATA_DIR into `target` (via a private folder renamed into place). */
async function buildTemplate(target: string): Promise<void> {
  const building = `${target}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const config = loadConfig({
    DATA_DIR: building,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_COUNTRY_CODE: DEMO_ADMIN.countryCode,
    ADMIN_PHONE: DEMO_ADMIN.phoneNumber,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
  });
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    if (!(await seedDemo(db, config))) throw new Error('the template database was not empty');
  } finally {
    await db.destroy();
  }
  // Closing checkpointed the WAL: the folder is now one database file and the media.
  for (const leftover of ['store.sqlite-wal', 'store.sqlite-shm']) rmSync(path.join(building, leftover), { force: true });
  renameSync(building, target);
}

/** The seeded template folder, built once per source version and day by whichever worker asks first. */
async function seededTemplate(): Promise<string> {
  const key = seedSourceKey();
  const target = path.join(tmpdir(), `${TEMPLATE_PREFIX}${key}`);
  const lock = `${target}.lock`;
  const deadline = Date.now() + 180_000;
  while (!existsSync(target)) {
    try {
      mkdirSync(lock);
    } catch {
      // Another worker is seeding; a lock older than three minutes belongs to a worker that died.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 180_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // The lock went away meanwhile.
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for the seeded template ${target}`);
      await sleep(250);
      continue;
    }
    try {
      if (!existsSync(target)) {
        // Templates of older sources or days are only disk space now.
        for (const name of readdirSync(tmpdir())) {
          if (name.startsWith(TEMPLATE_PREFIX) && !name.startsWith(`${TEMPLATE_PREFIX}${key}`)) {
            rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
          }
        }
        await buildTemplate(target);
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return target;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: any;
  text: string;
}

export interface SendOptions {
  /** A JSON value (serialised), or raw text sent as it is. */
  body?: unknown;
  raw?: string | Uint8Array;
  token?: string;
  headers?: Record<string, string>;
}

export interface ProbeServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  dir: string;
  config: Config;
  /** The store's own database connection, for checking what a probe changed. */
  db: DB;
  /** Sends a request with fetch; a JSON body gets `Content-Type: application/json`. */
  send(method: string, pathAndQuery: string, options?: SendOptions): Promise<HttpAnswer>;
  /** Sends a request with the path exactly as written (fetch would normalise `%2e%2e` and `..`). */
  sendRaw(method: string, rawPath: string, headers?: Record<string, string>): Promise<HttpAnswer>;
  /** Signs in over /userlogin and answers the session user. */
  login(account: { countryCode: string; phoneNumber: string; password: string }): Promise<Session>;
  close(): Promise<void>;
}

export interface Session {
  u_id: number;
  token: string;
  u_type: string;
  countryCode: string;
}

async function answerOf(status: number, headers: Headers, text: string): Promise<HttpAnswer> {
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text is the body.
  }
  return { status, headers, body, text };
}

/**
 * Starts the real store on 127.0.0.1 on a copy of the seeded template. `env`
 * adds environment settings (e.g. TRUST_PROXY_TLS, PAYMENT_PROVIDER);
 * `prepare` runs on the data folder before the app opens it.
 */
export async function startProbeServer(env: Record<string, string> = {}, prepare?: (dataDir: string) => void): Promise<ProbeServer> {
  const template = await seededTemplate();
  const dir = mkdtempSync(path.join(tmpdir(), 'aurum-security-'));
  cpSync(template, dir, { recursive: true });
  prepare?.(dir);
  const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: randomBytes(32).toString('hex'), ...env });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = createApp({ db, config, onCatalogueChange: () => undefined });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  // The store's own timeouts (api/server.ts does the same): with Node's 5 s keep-alive, a busy
  // machine closes an idle connection just as fetch reuses it, and the request is reset unanswered.
  applyTimeouts(server as import('node:http').Server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  const send: ProbeServer['send'] = async (method, pathAndQuery, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Uint8Array | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
    const res = await fetch(`${origin}${pathAndQuery}`, { method, headers, body: body as BodyInit | undefined, redirect: 'manual' });
    return answerOf(res.status, res.headers, await res.text());
  };

  const sendRaw: ProbeServer['sendRaw'] = (method, rawPath, headers = {}) =>
    new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path: rawPath, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const h = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) h.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          resolve(answerOf(res.statusCode ?? 0, h, Buffer.concat(chunks).toString('latin1')));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });

  const login: ProbeServer['login'] = async (account) => {
    const res = await send('POST', '/userlogin', { body: account });
    if (res.status !== 200 || res.body?.status !== 1) throw new Error(`login of ${account.phoneNumber} failed: ${res.status} ${res.text}`);
    const user = res.body.data;
    return { u_id: user.u_id, token: user.auth_token, u_type: user.u_type, countryCode: user.countryCode };
  };

  return {
    origin,
    port,
    dir,
    config,
    db,
    send,
    sendRaw,
    login,
    async close() {
      (server as import('node:http').Server).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A probe server for the enclosing describe alone (its rate-limit buckets start empty):
 * started before its tests, closed after them; `use` receives it.
 */
export function ownProbeServer(use: (server: ProbeServer) => void): void {
  let server: ProbeServer | undefined;
  beforeAll(async () => use((server = await startProbeServer())));
  afterAll(async () => {
    await server?.close();
  });
}
