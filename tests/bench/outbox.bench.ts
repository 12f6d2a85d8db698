/**
 * `npm run bench:outbox`: the outbox's throughput (issue 35), messages per second from the
 * outbox to a local SMTP server. Enqueues `--messages` order-placed e-mails (default 2,000), each
 * in a transaction of its own as an order writes it, then starts the dispatcher (the store's own,
 * api/messages/dispatcher.ts, with its defaults: 20 claimed at a time, 4 sent at once over a pool
 * of SMTP connections) and times it until every message is marked sent. The SMTP server (smtp-server)
 * runs in this process and counts what it accepts by Message-ID, so a message sent twice shows.
 * `--instances N` runs N dispatchers on the one database (on PostgreSQL, what N instances of the
 * store would do). `--render fixed` sends one fixed body instead of rendering the shop's template
 * for each message: the outbox's own cost (claim, send, mark) apart from the template's.
 * Prints the figures and the machine's load average (the machine is shared).
 *
 * DATABASE_URL chooses the engine, as for the store: unset, a SQLite file in a temporary
 * directory; a postgres:// URL, that database (it must be empty). Under tests/helpers/with-pg.sh
 * (TEST_DATABASE_URL) a fresh database on that server: `tests/helpers/with-pg.sh npm run bench:outbox`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../api/env.ts';
import { startDispatcher } from '../../api/messages/dispatcher.ts';
import { orderPlacedMessages } from '../../api/messages/events.ts';
import { templates } from '../../api/messages/render.ts';
import { describeDatabase, openDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { enqueue } from '../../db/queries/outbox.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { freePort } from '../helpers/ports.ts';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { messages: { type: 'string', default: '2000' }, instances: { type: 'string', default: '1' }, render: { type: 'string', default: 'template' }, batch: { type: 'string' }, concurrency: { type: 'string' } },
});
const count = Number(values.messages);
if (values.render === 'fixed') {
  const text = 'Thank you for your order. '.repeat(40);
  templates['order.placed'] = { ...templates['order.placed'], email: () => ({ subject: 'Your order is placed', text, html: `<p>${text}</p>` }) };
}
const instances = Number(values.instances);
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

// The SMTP server: accepts everything, counts each message by its Message-ID header.
const received = new Map<string, number>();
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 4096) head += chunk.toString('latin1');
    });
    stream.on('end', () => {
      const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '';
      received.set(id, (received.get(id) ?? 0) + 1);
      callback();
    });
  },
});
const port = await freePort();
await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));

const dir = mkdtempSync(path.join(tmpdir(), 'aurum-outbox-bench-'));
const fresh = process.env.DATABASE_URL ? undefined : await createTestDatabase(dir);
const database = { DATABASE_URL: process.env.DATABASE_URL ?? fresh!.url };
const config = loadConfig({
  DATA_DIR: dir,
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!!',
  PAN_KEY: process.env.PAN_KEY ?? 'YmVuY2gtcGFuLWtleS10aGlydHktdHdvLWJ5dGVzISE=',
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  MAIL_FROM: 'Aurum Jewels <orders@bench.test>',
  ...database,
});
console.log(`database: ${config.database.engine} (${describeDatabase(config.database)}); ${count} e-mails (${values.render === 'fixed' ? 'a fixed body' : "the shop's template"}); ${instances} dispatcher(s); load ${load()}`);
const db = openDatabase(config.database);

/** An order as the order-placed e-mail shows it: three lines. */
const order = {
  placed_at: new Date().toISOString(),
  currency: 'INR' as const,
  subtotal: 45_000_00,
  discount: 0,
  shipping: 0,
  total: 45_000_00,
  coupon_name: null,
  payment_method: 'cod' as const,
  address: { first_name: 'Asha', last_name: 'Patel', email: 'asha@example.com', phone_number: '9876543210', address: '12 Ring Road', apartment: 'Flat 4', city: 'Surat', state: 'Gujarat', zip_code: '395003', country: 'IN' },
  lines: [1, 2, 3].map((n) => ({
    product_name: `Temple Necklace ${n}`,
    product_image: null,
    category_name: 'Necklaces',
    carat_name: '22K',
    material_name: 'Yellow Gold',
    size_name: null,
    quantity: 1,
    price: 15_000_00,
    line_total: 15_000_00,
    net_weight_mg: 12_500,
  })),
};

const dispatchers: ReturnType<typeof startDispatcher>[] = [];
try {
  await migrateToLatest(db);
  const enqueueStarted = performance.now();
  for (let o_id = 1; o_id <= count; o_id++) {
    const email = orderPlacedMessages(o_id, order).filter((m) => m.channel === 'email');
    await writeTransaction(db, (trx) => enqueue(trx, email), { audit: 'none' });
  }
  const enqueueMs = performance.now() - enqueueStarted;
  console.log(`enqueued ${count} in ${(enqueueMs / 1000).toFixed(2)} s (${Math.round(count / (enqueueMs / 1000))} transactions/s)`);

  const started = performance.now();
  for (let i = 0; i < instances; i++) dispatchers.push(
      startDispatcher({
        db,
        config,
        instance: `bench-${i}`,
        batch: values.batch ? Number(values.batch) : undefined,
        concurrency: values.concurrency ? Number(values.concurrency) : undefined,
      }),
    );
  for (;;) {
    const { n } = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    if (Number(n) >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const twice = [...received.values()].filter((n) => n > 1).length;
  console.log(`sent ${count} e-mails to a local SMTP server in ${seconds.toFixed(2)} s: ${Math.round(count / seconds)} messages/s`);
  console.log(`SMTP server: ${received.size} distinct Message-IDs, ${twice} received twice; load ${load()}`);
  if (received.size !== count || twice) process.exitCode = 1;
} finally {
  await Promise.all(dispatchers.map((d) => d.stop()));
  await db.destroy();
  await fresh?.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
}
