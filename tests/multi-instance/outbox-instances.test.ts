/**
 * Issue 35's done-when "two instances on PostgreSQL send each message once": two real store
 * processes (`node api/server.ts`, tests/reliability/harness.ts) on separate data directories and
 * one database, each with its dispatcher, sending to one real SMTP server started here. Shoppers
 * place orders through both at once; every order's e-mail arrives exactly once (counted by
 * Message-ID at the server) and every SMS is appended once, whichever instance claimed it.
 * On SQLite both processes open the one file (one machine), which must hold as well.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import type { OutboxMessage } from '../../db/queries/outbox.ts';
import { toMajor } from '../../rules/money.ts';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { killAllChildren, prepareSmallStore, sleep, startServer, storeDatabaseEnv, type StoreServer } from '../reliability/harness.ts';
import { ADDRESS, loadSelections, phoneOf, registerShoppers } from '../reliability/shoppers.ts';

const ORDERS = 60;
const DOMAIN = 'example.test';

let dirs: string[] = [];
let smtp: TestSmtp;
let servers: StoreServer[] = [];

beforeAll(async () => {
  dirs = [mkdtempSync(path.join(tmpdir(), 'aurum-outbox-a-')), mkdtempSync(path.join(tmpdir(), 'aurum-outbox-b-'))];
  await prepareSmallStore(dirs[0], 2);
  smtp = await startSmtp();
  // One database (the first directory's), one SMTP server; each instance its own DATA_DIR and sms.log.
  const shared = {
    JWT_SECRET: 'outbox-instances-secret-long-enough-for-hs256!!',
    PAN_KEY: 'b3V0Ym94LWluc3RhbmNlcy1wYW4ta2V5LTMyLWJ5dGU=',
    ...(await storeDatabaseEnv(dirs[0])),
    SMTP_URL: smtp.url,
    MAIL_FROM: `Aurum Jewels <orders@${DOMAIN}>`,
  };
  servers = await Promise.all(dirs.map((dataDir) => startServer({ dataDir, env: shared })));
}, 120_000);

afterAll(async () => {
  await killAllChildren();
  await smtp?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('two instances on one database: every message is sent exactly once, by one of them', async () => {
  const shoppers = await registerShoppers(servers[0], 10, '61');
  const [selection] = await loadSelections(servers[0]);
  const { inr_paise, ...choice } = selection;
  // Orders through both instances at once, 8 in flight.
  let next = 0;
  const placed: number[] = [];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < ORDERS) {
        const i = next++;
        const shopper = shoppers[i % shoppers.length];
        const body = {
          u_id: shopper.u_id,
          cartItems: [{ ...choice, quantity: 1 }],
          shipping: 0,
          subtotal: toMajor(inr_paise),
          discount: 0,
          total: toMajor(inr_paise),
          priceType: 'inr_price',
          ...ADDRESS,
          email: `shopper${shopper.u_id}@example.com`,
          phone_number: phoneOf(shopper),
          payment_method: 'cod',
        };
        const reply = await servers[i % 2].request('POST', '/createorder', body, { ...shopper.auth, 'Idempotency-Key': randomUUID() });
        expect(reply.status, JSON.stringify(reply.body).slice(0, 300)).toBe(201);
        placed.push(reply.body.data.o_id);
      }
    }),
  );

  const db = openDatabase((await storeDatabaseEnv(dirs[0])).DATABASE_URL);
  let rows: OutboxMessage[];
  try {
    const until = Date.now() + 60_000;
    for (;;) {
      rows = await db.selectFrom('outbox').selectAll().execute();
      if (rows.length === 2 * ORDERS && rows.every((r) => r.status === 'sent')) break;
      if (Date.now() > until) throw new Error(`not all sent: ${rows.filter((r) => r.status !== 'sent').length} of ${rows.length} left`);
      await sleep(100);
    }
  } finally {
    await db.destroy();
  }
  await sleep(1500);

  const emails = rows.filter((r) => r.channel === 'email');
  const counts = smtp.countsById();
  expect(counts.size).toBe(ORDERS);
  for (const row of emails) expect(counts.get(`<${row.message_id}@${DOMAIN}>`), row.dedupe_key).toBe(1);
  expect(smtp.received).toHaveLength(ORDERS);
  for (const row of rows) expect(row.attempts).toBe(1);

  // Each SMS appended once, to the log of the instance that sent it.
  const logged = dirs.flatMap((dir) => {
    try {
      return readFileSync(path.join(dir, 'sms.log'), 'utf8').trim().split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { message_id: string }).message_id);
    } catch {
      return [];
    }
  });
  expect(logged.sort()).toEqual(rows.filter((r) => r.channel === 'sms').map((r) => r.message_id).sort());

  const byInstance = new Map<string, number>();
  for (const row of rows) byInstance.set(row.claimed_by ?? '', (byInstance.get(row.claimed_by ?? '') ?? 0) + 1);
  console.log(`outbox, two instances: ${ORDERS} orders, ${rows.length} messages sent once each; claimed by instance: ${[...byInstance.values()].join(' and ')}`);
}, 180_000);
