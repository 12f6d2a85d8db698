/**
 * Issue 35's done-when "kill -9 of the store during a burst of 200 orders loses none of their
 * messages and sends no message twice", against the real store in its own process (harness.ts)
 * sending to a real SMTP server started here (smtp-server, each message parsed with mailparser).
 *
 * Shoppers send 200 cash-on-delivery Buy Now orders, each with its Idempotency-Key, 16 at a
 * time (the first ten alone, until their e-mails arrive: the dispatcher is up); the store is killed
 * with kill -9 while its dispatcher is sending the burst's e-mails (twenty of them in, or two thirds
 * of the orders answered). The store starts again; the shoppers send again what got no answer
 * (the same key and body: a storefront's retry) and the rest of the burst. Then, on both engines:
 * - every order has exactly its two messages in the outbox (an e-mail, an SMS), all sent;
 * - every e-mail arrived at the SMTP server under its own Message-ID, every SMS is in sms.log;
 * - no message arrived twice but one whose send the kill cut between the server's "250 OK" and
 *   the outbox's "sent" (no system can know whether such a message left: it is sent again, with
 *   the same Message-ID, so the recipient's mail client shows it once); there are at most as many
 *   of those as the dispatcher sends at once (4), and each was claimed again after the restart.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DB } from '../../db/connection.ts';
import { toMajor } from '../../rules/money.ts';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { killAllChildren, NetworkError, prepareSmallStore, type Reply, sleep, startServer, withStoreDb, type StoreServer } from './harness.ts';
import { ADDRESS, loadSelections, phoneOf, registerShoppers, type Selection, type Shopper } from './shoppers.ts';

const ORDERS = 200;
const SHOPPERS = 20;
const IN_FLIGHT = 16;
/** The dispatcher's sends at once (api/messages/dispatcher.ts): the most a kill can leave sent but not marked. */
const SENDING_AT_ONCE = 4;
const DOMAIN = 'example.test';

let dataDir: string;
let smtp: TestSmtp;
let server: StoreServer;
let port: number;
let env: Record<string, string>;

const withDb = <T>(work: (db: DB) => Promise<T>) => withStoreDb(dataDir, work);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'aurum-outbox-crash-'));
  await prepareSmallStore(dataDir, 2);
  smtp = await startSmtp();
  // A claim cut by the kill is due again after 5 s (the default 60 s is for slow servers).
  env = { SMTP_URL: smtp.url, MAIL_FROM: `Aurum Jewels <orders@${DOMAIN}>`, OUTBOX_CLAIM_SECONDS: '5', SMS_PROVIDER: 'log' };
  server = await startServer({ dataDir, env });
  port = server.port;
}, 120_000);

afterAll(async () => {
  await killAllChildren();
  await smtp?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Attempt {
  key: string;
  shopper: Shopper;
  body: Record<string, unknown>;
  o_id?: number;
}

/** A Buy Now order of one piece, cash on delivery, with the totals the storefront shows. */
function orderBody(shopper: Shopper, selection: Selection) {
  const { inr_paise, ...choice } = selection;
  const total = toMajor(inr_paise);
  return {
    u_id: shopper.u_id,
    cartItems: [{ ...choice, quantity: 1 }],
    shipping: 0,
    subtotal: total,
    discount: 0,
    total,
    priceType: 'inr_price',
    ...ADDRESS,
    email: `shopper${shopper.u_id}@example.com`,
    phone_number: phoneOf(shopper),
    payment_method: 'cod',
  };
}

/** Sends an attempt; records its order when answered 201/200; a dead connection leaves it in doubt. */
async function send(attempt: Attempt): Promise<void> {
  let reply: Reply;
  try {
    reply = await server.request('POST', '/createorder', attempt.body, { ...attempt.shopper.auth, 'Idempotency-Key': attempt.key });
  } catch (error) {
    if (error instanceof NetworkError) return;
    throw error;
  }
  if (reply.status !== 201 && reply.status !== 200) throw new Error(`order refused: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  attempt.o_id = reply.body.data.o_id;
}

/** Sends the attempts without an order yet, IN_FLIGHT at a time; `stop` ends the sending early (the kill). */
async function burst(attempts: Attempt[], stop?: () => boolean): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < attempts.length && !stop?.()) {
      const attempt = attempts[next++];
      if (attempt.o_id === undefined) await send(attempt);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

it('kill -9 during a burst of 200 orders: no order loses a message, none is sent twice but those the kill cut mid-send', async () => {
  const shoppers = await registerShoppers(server, SHOPPERS, '59');
  const [selection] = await loadSelections(server);
  const attempts: Attempt[] = Array.from({ length: ORDERS }, (_, i) => {
    const shopper = shoppers[i % SHOPPERS];
    return { key: randomUUID(), shopper, body: orderBody(shopper, selection) };
  });

  // The first ten, until their e-mails arrive: the dispatcher's thread is up and sending.
  await burst(attempts.slice(0, 10));
  await smtp.waitFor(10, 60_000);
  // The burst, and the kill once the dispatcher is sending its e-mails (or two thirds are answered).
  const killed = (async () => {
    while (smtp.received.length < 30 && attempts.filter((a) => a.o_id !== undefined).length < (2 * ORDERS) / 3) await sleep(2);
    await server.kill9();
  })();
  let dead = false;
  await Promise.all([burst(attempts, () => dead), killed.then(() => (dead = true))]);
  const beforeKill = smtp.received.length;
  const answered = attempts.filter((a) => a.o_id !== undefined).length;
  expect(answered).toBeLessThan(ORDERS);

  // The store again, on the same port; the shoppers send again what got no answer, and the rest.
  server = await startServer({ dataDir, port, env });
  await burst(attempts);
  expect(attempts.every((a) => a.o_id !== undefined)).toBe(true);
  const orderIds = new Set(attempts.map((a) => a.o_id!));
  expect(orderIds.size).toBe(ORDERS);

  // Everything sent (a claim the kill cut runs out after OUTBOX_CLAIM_SECONDS).
  const rows = await withDb(async (db) => {
    const until = Date.now() + 90_000;
    for (;;) {
      const all = await db.selectFrom('outbox').selectAll().execute();
      if (all.length >= 2 * ORDERS && all.every((r) => r.status === 'sent')) return all;
      if (Date.now() > until) throw new Error(`not all sent: ${all.filter((r) => r.status !== 'sent').length} of ${all.length} left\n${server.output().slice(-2000)}`);
      await sleep(200);
    }
  });
  const orders = await withDb((db) => db.selectFrom('orders').select('o_id').execute());
  expect(orders).toHaveLength(ORDERS);

  // Exactly two messages per order, and no message for anything else.
  const byOrder = new Map<number, string[]>();
  for (const row of rows) {
    const [, o_id, channel] = /^order\.placed:(\d+):(email|sms)$/.exec(row.dedupe_key) ?? [];
    byOrder.set(Number(o_id), [...(byOrder.get(Number(o_id)) ?? []), channel]);
  }
  expect([...byOrder.keys()].sort((a, b) => a - b)).toEqual([...orderIds].sort((a, b) => a - b));
  for (const channels of byOrder.values()) expect(channels.sort()).toEqual(['email', 'sms']);

  // Every e-mail at the server under its Message-ID; none twice unless the kill cut its send.
  await sleep(500);
  const emails = rows.filter((r) => r.channel === 'email');
  const counts = smtp.countsById();
  const missing = emails.filter((r) => !counts.has(`<${r.message_id}@${DOMAIN}>`));
  expect(missing).toEqual([]);
  expect(counts.size).toBe(ORDERS);
  const twice = emails.filter((r) => (counts.get(`<${r.message_id}@${DOMAIN}>`) ?? 0) > 1);
  expect(twice.length).toBeLessThanOrEqual(SENDING_AT_ONCE);
  for (const row of twice) {
    expect(counts.get(`<${row.message_id}@${DOMAIN}>`)).toBe(2);
    expect(row.attempts).toBeGreaterThanOrEqual(2);
  }
  // Each arrived as its order's e-mail.
  for (const mail of smtp.received) expect(mail.parsed.subject).toMatch(/order #\d+/);

  // Every SMS in sms.log, by its message id; twice only for a send the kill cut.
  const lines = readFileSync(path.join(dataDir, 'sms.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { message_id: string; to: string });
  const smsCounts = new Map<string, number>();
  for (const line of lines) smsCounts.set(line.message_id, (smsCounts.get(line.message_id) ?? 0) + 1);
  const sms = rows.filter((r) => r.channel === 'sms');
  expect(sms.filter((r) => !smsCounts.has(r.message_id))).toEqual([]);
  const smsTwice = sms.filter((r) => (smsCounts.get(r.message_id) ?? 0) > 1);
  expect(smsTwice.length).toBeLessThanOrEqual(SENDING_AT_ONCE);
  for (const row of smsTwice) expect(row.attempts).toBeGreaterThanOrEqual(2);

  console.log(
    `outbox crash: ${answered} of ${ORDERS} orders answered before the kill, ${beforeKill} e-mails received by then; ` +
      `after the restart all ${ORDERS} orders' ${rows.length} messages sent; e-mails received twice: ${twice.length}, SMS twice: ${smsTwice.length}`,
  );
}, 300_000);
