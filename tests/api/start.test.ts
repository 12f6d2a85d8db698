/**
 * `npm start` (node api/server.ts) on databases it did not create: an existing
 * empty file is not seeded as the demo store, a damaged one stops start with one
 * line saying what, where and how to restore, and a public https store is never
 * seeded with the demo administrator password.
 */

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { freePort } from '../helpers/ports.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'aurum-start-'));
  dirs.push(dir);
  return dir;
}

interface Outcome {
  /** The exit code, or 'open' when the server started listening (it is stopped then). */
  ended: number | 'open';
  output: string;
}

/** Runs `node api/server.ts` until it listens or exits. */
async function start(env: Record<string, string>): Promise<Outcome> {
  const port = await freePort();
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATA_DIR|DATABASE_URL|PUBLIC_URL|PAYMENT_PROVIDER|ADMIN_|JWT_SECRET|PORT|SITE_BUILD)/.test(k)));
  const child = spawn(process.execPath, ['api/server.ts'], {
    cwd: ROOT,
    // LOG_LEVEL info: the start's lines are what this reads (vitest runs at warn).
    env: { ...clean, PORT: String(port), HOST: '127.0.0.1', SITE_BUILD: 'skip', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve) => {
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/is open on/.test(output)) {
        child.kill('SIGTERM');
        child.once('exit', () => resolve({ ended: 'open', output }));
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('exit', (code) => {
      if (!/is open on/.test(output)) resolve({ ended: code ?? -1, output });
    });
  });
}

it('an existing empty database file is not seeded as the demo store', { timeout: 60_000 }, async () => {
  const dir = dataDir();
  const file = path.join(dir, 'store.sqlite');
  writeFileSync(file, '');
  const { ended, output } = await start({ DATA_DIR: dir });
  expect(ended, output).toBe('open');
  expect(output).toMatch(/not seeding the demo/);
  const db = openDatabase(file);
  try {
    expect(await db.selectFrom('users').select('u_id').execute()).toEqual([]);
    expect(await db.selectFrom('products').select('p_id').execute()).toEqual([]);
  } finally {
    await db.destroy();
  }
});

it('a damaged database stops start with one line: what, where, and how to restore', { timeout: 60_000 }, async () => {
  const dir = dataDir();
  const file = path.join(dir, 'store.sqlite');
  writeFileSync(file, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(8192, 0x5a)]));
  const { ended, output } = await start({ DATA_DIR: dir });
  expect(ended, output).toBe(1);
  const lines = output.trim().split('\n');
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toContain(file);
  expect(lines[0]).toMatch(/damaged/);
  expect(lines[0]).toContain('npm run restore -- --from');
  expect(output).not.toMatch(/^\s+at /m);
});

it('a public https store is not seeded with the demo administrator password: start refuses and creates nothing', { timeout: 60_000 }, async () => {
  const dir = dataDir();
  const { ended, output } = await start({ DATA_DIR: dir, PUBLIC_URL: 'https://shop.example.com', PAYMENT_PROVIDER: 'sandbox' });
  expect(ended, output).toBe(1);
  expect(output.trim().split('\n'), output).toHaveLength(1);
  expect(output).toMatch(/ADMIN_PASSWORD/);
  expect(existsSync(path.join(dir, 'store.sqlite'))).toBe(false);
});
