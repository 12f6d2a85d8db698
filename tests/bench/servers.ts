/**
 * The benchmark's servers, each in a process of its own so none shares an event
 * loop with another or with the load generator: the store started as `npm start`
 * starts it (package.json's start script, on an already seeded database, without building
 * the storefront), and a bare Hono JSON route (this file, forked) to compare with.
 */

import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../helpers/ports.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Served {
  origin: string;
  pid: number | undefined;
  /** Lines the process wrote to stderr (the store logs what it could not handle there). */
  onStderr(listener: (text: string) => void): void;
  close(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url}: not answering after ${seconds} s`);
}

function served(child: ChildProcess, origin: string): Served {
  const listeners: ((text: string) => void)[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    process.stderr.write(text);
    for (const l of listeners) l(text);
  });
  return {
    origin,
    pid: child.pid,
    onStderr: (listener) => void listeners.push(listener),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * What `npm start` runs after `node`: package.json's start script, read from there so the
 * benchmark measures the store with the same V8 flags (see the Dockerfile's CMD for why).
 */
export function startArguments(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = scripts.start.trim().split(/\s+/);
  if (command !== 'node' || args.some((arg) => /['"$&|;<>]/.test(arg))) throw new Error(`package.json start is not a plain node command: ${scripts.start}`);
  return args;
}

/** The store as `npm start` runs it, on the database in `env.DATA_DIR` / `env.DATABASE_URL`. */
export async function startStore(env: Record<string, string>): Promise<Served> {
  const port = await freePort();
  const child = spawn(process.execPath, startArguments(), {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SITE_BUILD: 'skip' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/openapi.yaml`, child, 120);
  return served(child, origin);
}

/** An answer the bare process gives to `POST /bare-answer`: its bytes (UTF-8 text) and headers. */
export interface BareAnswer {
  body: string;
  headers: Record<string, string>;
}

/**
 * A bare Hono JSON route in a process of its own: `GET /bare`, a tiny answer; with
 * `answer`, also `POST /bare-answer`, which reads the request's body and gives those
 * bytes and headers (what Node and Hono alone cost for a call of that shape).
 */
export async function startBare(answer?: BareAnswer): Promise<Served> {
  const port = await freePort();
  const env: Record<string, string> = { AURUM_BENCH_BARE_PORT: String(port) };
  if (answer) env.AURUM_BENCH_BARE_ANSWER = JSON.stringify(answer);
  const child = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/bare`, child, 30);
  return served(child, origin);
}

if (process.env.AURUM_BENCH_BARE_PORT) {
  const { serve } = await import('@hono/node-server');
  const { Hono } = await import('hono');
  const app = new Hono().get('/bare', (c) => c.json({ status: 1, description: 'ok', data: { hello: 'world' } }));
  if (process.env.AURUM_BENCH_BARE_ANSWER) {
    const given = JSON.parse(process.env.AURUM_BENCH_BARE_ANSWER) as BareAnswer;
    const bytes = new TextEncoder().encode(given.body);
    app.post('/bare-answer', async (c) => {
      await c.req.text();
      return new Response(bytes, { status: 200, headers: given.headers });
    });
  }
  const server = serve({ fetch: app.fetch, port: Number(process.env.AURUM_BENCH_BARE_PORT), hostname: '127.0.0.1' });
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
}
