/**
 * A busy database: shoppers order through one server while a second server
 * instance starts on the same data directory and takes half the traffic, and
 * `npm run backup` (api/cli/backup.ts) copies the database again and again. No
 * answer may be a 5xx (SQLITE_BUSY must wait, not fail), and every write the
 * API acknowledged must be in the database afterwards, and in every backup
 * taken after it. The last backup is then restored as README says, and a
 * backup of a large database must finish promptly while orders keep coming.
 */

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../helpers/database.ts';
import { killAllChildren, prepareSmallStore, runNode, sleep, startServer, storeDatabaseUrl, type StoreServer, waitFor } from './harness.ts';
import { activeCoupons, Ledger, loadSelections, registerShoppers, type Shopper, shopperLoop } from './shoppers.ts';
import { SIZE } from './sizes.ts';
import { checkStore } from './store-check.ts';

let dataDir: string;
let scratch: string;
let a: StoreServer;
let b: StoreServer | undefined;
/** The store's database: its SQLite file, or its PostgreSQL database (harness.ts). */
const databaseFile = () => storeDatabaseUrl(dataDir);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'aurum-busy-'));
  scratch = mkdtempSync(path.join(tmpdir(), 'aurum-busy-backups-'));
  await prepareSmallStore(dataDir);
  a = await startServer({ dataDir });
}, 120_000);

afterAll(async () => {
  await killAllChildren();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

interface BackupRun {
  dir: string;
  /** Orders acknowledged before the backup started: the copy must hold them. */
  before: { u_id: number; key: string; o_id: number }[];
  seconds: number;
  code: number | null;
  output: string;
}

describe('a second writer process during load', () => {
  const ledger = new Ledger();
  const backups: BackupRun[] = [];
  let shoppers: Shopper[] = [];

  it(
    `${SIZE.shoppers} shoppers for ${SIZE.loadSeconds} s, a second server instance and repeated backups: no 5xx, no lost write`,
    async () => {
      shoppers = await registerShoppers(a, SIZE.shoppers, '57');
      const selections = await loadSelections(a);
      const coupons = await activeCoupons(a);
      const pool: StoreServer[] = [a];
      let turn = 0;
      const next = () => pool[turn++ % pool.length];
      // The load runs until SIZE.loadSeconds after the second instance is up (at most 3 minutes in all).
      const started = Date.now();
      let loadEnd = started + 180_000;
      const over = () => Date.now() > loadEnd;
      const loops = shoppers.map((shopper) =>
        shopperLoop({ shopper, server: next, selections, coupons, ledger, round: 1, maxOrders: 100_000, deadline: started + 180_000, stopped: over }),
      );

      // The second instance starts (migrations, seed check) while the first one writes.
      const second = (async () => {
        await sleep(300);
        b = await startServer({ dataDir });
        pool.push(b);
        loadEnd = Date.now() + SIZE.loadSeconds * 1000;
      })();
      const backing = (async () => {
        for (let i = 0; i < 100 && !over(); i++) {
          const run: BackupRun = {
            dir: path.join(scratch, `backup-${i}`),
            before: ledger.attempts.filter((x) => x.outcome === 'acknowledged').map((x) => ({ u_id: x.u_id, key: x.key, o_id: x.o_id! })),
            seconds: 0,
            code: null,
            output: '',
          };
          const t = Date.now();
          const { code, output } = await runNode(['api/cli/backup.ts', '--out', run.dir], { DATA_DIR: dataDir }, 60_000);
          Object.assign(run, { code, output, seconds: (Date.now() - t) / 1000 });
          backups.push(run);
        }
      })();
      await Promise.all([...loops, second, backing]);
      const loadSeconds = (Date.now() - started) / 1000;

      const logs = `first instance:\n${a.output().slice(-3000)}\nsecond instance:\n${b?.output().slice(-3000) ?? ''}`;
      expect(ledger.unexpected, `answers other than success\n${logs}`).toEqual([]);
      expect(ledger.networkErrors, `requests without an answer\n${logs}`).toEqual([]);
      expect(logs).not.toMatch(/SQLITE_BUSY|database is locked/);
      expect(b!.answered(), 'requests the second instance answered').toBeGreaterThan(0);
      const findings = await checkStore(await databaseFile(), ledger, shoppers.map((s) => s.u_id));
      expect(findings.problems).toEqual([]);

      expect(backups.length).toBeGreaterThan(0);
      for (const run of backups) {
        expect(run.code, run.output).toBe(0);
        // A pg_dump is checked by restoring it (the next test); a SQLite copy is opened here.
        if (testEngine !== 'sqlite') {
          expect(statSync(path.join(run.dir, 'store.pgdump')).size).toBeGreaterThan(0);
          continue;
        }
        const copy = new SQLite(path.join(run.dir, 'store.sqlite'), { readonly: true });
        try {
          expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
          const find = copy.prepare('select o_id from orders where u_id = ? and idempotency_key = ?');
          const missing = run.before.filter((o) => (find.get(o.u_id, o.key) as { o_id: number } | undefined)?.o_id !== o.o_id);
          expect(missing, `${run.dir}: orders acknowledged before the backup began`).toEqual([]);
          const bare = copy.prepare('select o_id from orders where o_id not in (select o_id from order_items)').all();
          expect(bare, `${run.dir}: orders without items`).toEqual([]);
        } finally {
          copy.close();
        }
      }

      const acknowledged = ledger.attempts.filter((x) => x.outcome === 'acknowledged');
      console.log(
        `busy database: ${SIZE.shoppers} shoppers, ${loadSeconds.toFixed(1)} s, ${ledger.requests} requests, ${acknowledged.length} orders acknowledged ` +
          `(${findings.placed} found), ${ledger.cart.length} cart writes acknowledged, slowest answer ${ledger.slowestMs.toFixed(0)} ms, ` +
          `answered by the first/second instance ${a.answered()}/${b!.answered()}, second instance up in ${b!.startSeconds.toFixed(1)} s, ${backups.length} backups (${backups.map((r) => r.seconds.toFixed(1)).join(', ')} s), 0 errors`,
      );
    },
    SIZE.loadSeconds * 1000 + 120_000,
  );

  it('restores the last backup into the store, as README tells an operator to', async () => {
    const last = backups.at(-1);
    expect(last, 'a backup was taken').toBeDefined();
    await Promise.all([a.stop(), b?.stop()]);
    const restore = await runNode(['api/cli/backup.ts', '--restore', '--from', last!.dir], { DATA_DIR: dataDir }, 60_000);
    expect(restore.code, restore.output).toBe(0);
    const restored = await startServer({ dataDir });
    // The same DATA_DIR keeps the signing key: sessions survive; orders up to the backup are there.
    for (const shopper of shoppers) {
      const reply = await restored.request('GET', `/getorder/${shopper.u_id}`, undefined, shopper.auth);
      expect(reply.status).toBe(200);
      const seen = new Set((reply.body.data as { o_id: number }[]).map((o) => o.o_id));
      for (const order of last!.before.filter((o) => o.u_id === shopper.u_id)) expect(seen.has(order.o_id)).toBe(true);
    }
    await restored.stop();
  });
});

// SQLite only: its online backup API copying a large file under load (pg_dump reads one snapshot).
describe.skipIf(testEngine !== 'sqlite')('npm run backup of a large database while the store takes orders', () => {
  it('finishes promptly, and the copy holds every order acknowledged before it began', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'aurum-busy-large-'));
    try {
      await prepareSmallStore(dir);
      // 20 MB, 40 MB at the long size (the order of the 10,000-product catalogue): an inbox of long messages.
      const raw = new SQLite(path.join(dir, 'store.sqlite'));
      const insert = raw.prepare('insert into contact_messages (name, email, message) values (?, ?, ?)');
      raw.transaction(() => {
        for (let i = 0; i < (SIZE.long ? 10_000 : 5_000); i++) insert.run(`Guest ${i}`, `guest${i}@example.com`, 'Is this bangle available in 22K? '.repeat(120));
      })();
      raw.close();
      const server = await startServer({ dataDir: dir });
      const shoppers = await registerShoppers(server, 6, '59');
      const selections = await loadSelections(server);
      const ledger = new Ledger();
      let done = false;
      const loops = shoppers.map((shopper) =>
        shopperLoop({ shopper, server: () => server, selections, coupons: [], ledger, round: 1, maxOrders: 100_000, deadline: Date.now() + 180_000, stopped: () => done }),
      );
      try {
        expect(await waitFor(() => ledger.acknowledgedIn(1).length >= 6, 60_000)).toBe(true);
        const before = ledger.acknowledgedIn(1).map((x) => ({ u_id: x.u_id, key: x.key, o_id: x.o_id! }));
        const out = path.join(dir, 'backup');
        const started = Date.now();
        const run = await runNode(['api/cli/backup.ts', '--out', out], { DATA_DIR: dir }, 120_000);
        const seconds = (Date.now() - started) / 1000;
        const during = ledger.acknowledgedIn(1).length - before.length;
        done = true;
        await Promise.all(loops);
        expect(run.code, run.output).toBe(0);
        expect(during, 'orders placed while the backup ran').toBeGreaterThan(0);
        // Copying in small steps restarts whenever another process commits; one pass takes a few seconds.
        expect(seconds, 'backup duration under load, seconds').toBeLessThan(30);
        const copy = new SQLite(path.join(out, 'store.sqlite'), { readonly: true });
        try {
          const find = copy.prepare('select o_id from orders where u_id = ? and idempotency_key = ?');
          expect(before.filter((o) => (find.get(o.u_id, o.key) as { o_id: number } | undefined)?.o_id !== o.o_id)).toEqual([]);
        } finally {
          copy.close();
        }
        expect(ledger.unexpected).toEqual([]);
        console.log(`backup of a ${(statSync(path.join(out, 'store.sqlite')).size / 1e6).toFixed(0)} MB database under load: ${seconds.toFixed(1)} s, ${during} orders placed meanwhile`);
      } finally {
        done = true;
        await Promise.all(loops);
        await server.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
