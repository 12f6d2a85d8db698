/**
 * The outbox (issue 35) against a real SMTP server started here (smtp-server, each message
 * parsed with mailparser) and a fake SMS provider: an order placed writes its e-mail and SMS in
 * its own transaction and the dispatcher sends them outside the request; a replay enqueues
 * nothing twice and a refused order nothing at all; SMTP down then up delivers each message
 * once; a refused address fails and Retry sends it again; the embedded defaults (.eml files,
 * sms.log) and the back office's list. SQLite and PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { startDispatcher, type Dispatcher } from '../../api/messages/dispatcher.ts';
import { claimDue, enqueue, markRetry, nextAttemptAfter, RETRY_DELAYS_MS, type OutboxMessage } from '../../db/queries/outbox.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { codOrderBody, placeCodOrder } from '../helpers/orders.ts';
import { freePort } from '../helpers/ports.ts';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

const FROM = 'Aurum Jewels <orders@example.test>';

/** What each test started, stopped after it. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

async function storeWith(env: Record<string, string>): Promise<TestStore> {
  const store = await createTestStore(env);
  cleanups.push(() => store.close());
  return store;
}

async function smtpServer(): Promise<TestSmtp> {
  const smtp = await startSmtp();
  cleanups.push(() => smtp.stop());
  return smtp;
}

function dispatcherFor(store: TestStore, instance?: string): Dispatcher {
  const dispatcher = startDispatcher({ db: store.db, config: store.config, pollMs: 50, instance });
  cleanups.push(() => dispatcher.stop());
  return dispatcher;
}

type Shopper = Awaited<ReturnType<typeof createUser>>;

/** A shopper with one piece (₹1,000) in the cart. */
async function shopperWithCart(store: TestStore): Promise<Shopper> {
  const shopper = await createUser(store);
  const product = await createProduct(store, { name: 'Temple Necklace', carats: [{ inr_price: 100000, usd_price: 1200 }] });
  const res = await call(store, 'POST', '/createcart', { ...product.selection, quantity: 1 }, shopper.auth);
  expect(res.status).toBe(201);
  return shopper;
}

async function placeOrder(store: TestStore, extra: object = {}): Promise<{ o_id: number; shopper: Shopper }> {
  const shopper = await shopperWithCart(store);
  return { o_id: await placeCodOrder(store, shopper, { subtotal: 1000 }, extra), shopper };
}

function outboxRows(store: TestStore, where: { o_id?: number; channel?: string } = {}): Promise<OutboxMessage[]> {
  let query = store.db.selectFrom('outbox').selectAll().orderBy('id');
  if (where.o_id !== undefined) query = query.where('dedupe_key', 'like', `order.placed:${where.o_id}:%`);
  if (where.channel) query = query.where('channel', '=', where.channel as never);
  return query.execute();
}

async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function staff(store: TestStore, role: string) {
  const user = await createUser(store, { u_type: '0' });
  await store.db.updateTable('users').set({ role }).where('u_id', '=', user.u_id).execute();
  return user;
}

describe('order placed', () => {
  it('sends the e-mail to the real SMTP server with its Message-ID, subject, text and HTML, and the SMS to sms.log', async () => {
    const smtp = await smtpServer();
    const store = await storeWith({ SMTP_URL: smtp.url, MAIL_FROM: FROM });
    dispatcherFor(store);
    const { o_id, shopper } = await placeOrder(store);

    const [mail] = await smtp.waitFor(1);
    const [email, sms] = await until('both sent', async () => {
      const rows = await outboxRows(store, { o_id });
      return rows.length === 2 && rows.every((r) => r.status === 'sent') && rows;
    });
    expect(email).toMatchObject({ channel: 'email', event: 'order.placed', recipient: 'asha@example.com', attempts: 1, last_error: null });
    expect(mail.messageId).toBe(`<${email.message_id}@example.test>`);
    expect(mail.to).toEqual(['asha@example.com']);
    expect(mail.parsed.from?.value).toEqual([{ name: 'Aurum Jewels', address: 'orders@example.test' }]);
    // What the templates say is theirs to test (api/messages/templates); here: this order's message, both parts.
    expect(mail.parsed.subject).toContain(`#${o_id}`);
    expect(mail.parsed.text).toContain(`#${o_id}`);
    expect(mail.parsed.text).toContain('Temple Necklace');
    expect(mail.parsed.text).toContain('₹1,000');
    expect(mail.parsed.text).toMatch(/cash on delivery/i);
    expect(mail.parsed.html).toContain(`#${o_id}`);
    expect(mail.parsed.html).toContain('Temple Necklace');
    // The Date is the order's: every attempt is the very same message.
    expect(Math.abs(mail.parsed.date!.getTime() - email.created_at)).toBeLessThan(1000);

    expect(sms).toMatchObject({ channel: 'sms', recipient: `+91${codOrderBody(shopper, { subtotal: 1 }).phone_number}` });
    const lines = (await readFile(path.join(store.dir, 'sms.log'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([{ to: sms.recipient, text: expect.stringContaining(`#${o_id}`), at: expect.any(String), message_id: sms.message_id }]);
  });

  it('enqueues once: a replayed request (the same Idempotency-Key) adds nothing, a refused order writes no message', async () => {
    const store = await storeWith({});
    const shopper = await shopperWithCart(store);
    const headers = { ...shopper.auth, 'Idempotency-Key': 'outbox-replay-0001' };
    const body = codOrderBody(shopper, { subtotal: 1000 });
    const first = await call(store, 'POST', '/createorder', body, headers);
    expect(first.status).toBe(201);
    const again = await call(store, 'POST', '/createorder', body, headers);
    expect(again.body.data.o_id).toBe(first.body.data.o_id);
    expect((await outboxRows(store)).map((r) => r.dedupe_key)).toEqual([`order.placed:${first.body.data.o_id}:email`, `order.placed:${first.body.data.o_id}:sms`]);

    // A total that does not match: refused, rolled back, and no message with it.
    const other = await shopperWithCart(store);
    const refused = await call(store, 'POST', '/createorder', codOrderBody(other, { subtotal: 999 }), other.auth);
    expect(refused.status).toBe(400);
    expect(await outboxRows(store)).toHaveLength(2);
  });
});

describe('delivery', () => {
  it('SMTP down: orders are placed at once; SMTP up again: each message is delivered exactly once', async () => {
    const smtp = await smtpServer();
    await smtp.stop();
    const store = await storeWith({ SMTP_URL: smtp.url, MAIL_FROM: FROM, METRICS_TOKEN: 'metrics-token-0123456789' });
    dispatcherFor(store);
    const placed: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      placed.push((await placeOrder(store)).o_id);
      // The request never waits for the mail server.
      expect(performance.now() - started).toBeLessThan(2000);
    }
    // Every e-mail tried once and refused by the connection: due again after the back-off.
    const failedOnce = await until('every e-mail tried', async () => {
      const rows = await outboxRows(store, { channel: 'email' });
      return rows.length === 5 && rows.every((r) => r.attempts === 1 && r.last_error && r.claimed_by === null) && rows;
    });
    for (const row of failedOnce) {
      expect(row.status).toBe('pending');
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(row.next_attempt_at - Date.now()).toBeGreaterThan(20_000);
    }
    const metrics = await store.app.request('/metrics', { headers: { Authorization: 'Bearer metrics-token-0123456789' } });
    const text = await metrics.text();
    expect(text).toContain('aurum_outbox_messages{channel="email",status="pending"} 5');
    expect(text).toMatch(/aurum_messages_total\{channel="email",outcome="retry"\} 5/);

    await smtp.start();
    // The back-off passes.
    await store.db.updateTable('outbox').set({ next_attempt_at: Date.now() }).where('status', '=', 'pending').execute();
    await smtp.waitFor(5);
    await until('all sent', async () => (await outboxRows(store, { channel: 'email' })).every((r) => r.status === 'sent'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const counts = smtp.countsById();
    expect(counts.size).toBe(5);
    expect([...counts.values()]).toEqual([1, 1, 1, 1, 1]);
    const ids = (await outboxRows(store, { channel: 'email' })).map((r) => `<${r.message_id}@example.test>`);
    expect([...counts.keys()].sort()).toEqual(ids.sort());
    for (const o_id of placed) expect(smtp.received.filter((m) => m.parsed.subject?.includes(`#${o_id} `) || m.parsed.subject?.endsWith(`#${o_id}`))).toHaveLength(1);
  });

  it('an address the server refuses for good fails at once, is listed with its error, and Retry sends the same message again', async () => {
    const smtp = await smtpServer();
    smtp.refuse.add('nobody@example.com');
    const store = await storeWith({ SMTP_URL: smtp.url, MAIL_FROM: FROM });
    dispatcherFor(store);
    const { o_id } = await placeOrder(store, { email: 'nobody@example.com' });
    const failed = await until('failed', async () => (await outboxRows(store, { o_id, channel: 'email' })).find((r) => r.status === 'failed'));
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/550/);

    const owner = await staff(store, 'owner');
    const desk = await staff(store, 'orders');
    const list = await call(store, 'GET', '/getmessages?status=failed&channel=email', undefined, desk.auth);
    expect(list.status).toBe(200);
    expectMatchesContract('GET', '/getmessages', list);
    expect(list.body.data).toMatchObject({
      totalCount: 1,
      messages: [{ id: failed.id, channel: 'email', event: 'order.placed', recipient: 'nobody@example.com', status: 'failed', attempts: 1, message_id: failed.message_id, nextAttemptAt: null, sentAt: null }],
      mailFiles: null,
      smsLog: expect.any(Array),
    });
    expect(list.body.data.messages[0].last_error).toMatch(/550/);

    // The order desk may look, not retry.
    const refused = await call(store, 'POST', '/retrymessage', { id: failed.id }, desk.auth);
    expect(refused.status).toBe(403);
    smtp.refuse.clear();
    const retried = await call(store, 'POST', '/retrymessage', { id: failed.id }, owner.auth);
    expect(retried.status).toBe(200);
    expectMatchesContract('POST', '/retrymessage', retried);
    expect(retried.body.data).toMatchObject({ id: failed.id, status: expect.stringMatching(/pending|sent/), message_id: failed.message_id });
    const [mail] = await smtp.waitFor(1);
    expect(mail.messageId).toBe(`<${failed.message_id}@example.test>`);
    await until('sent', async () => (await outboxRows(store, { o_id, channel: 'email' }))[0].status === 'sent');
    const audit = await store.db.selectFrom('audit_log').selectAll().where('action', '=', 'message.retry').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_u_id: owner.u_id, entity: 'message', entity_id: String(failed.id) });
    expect(JSON.parse(audit[0].before!)).toMatchObject({ status: 'failed', attempts: 1 });

    expect((await call(store, 'POST', '/retrymessage', { id: failed.id }, owner.auth)).status).toBe(409);
    expect((await call(store, 'POST', '/retrymessage', { id: 999_999 }, owner.auth)).status).toBe(404);
    expect((await call(store, 'GET', '/getmessages?status=lost', undefined, owner.auth)).status).toBe(400);
  });

  it('retries back off (30 s, 2 min, 10 min ... about a day) and then give up, failed with the error', async () => {
    let total = 0;
    for (let attempt = 1; nextAttemptAfter(attempt, 0) !== null; attempt++) total += nextAttemptAfter(attempt, 0)!;
    expect(RETRY_DELAYS_MS.slice(0, 3)).toEqual([30_000, 120_000, 600_000]);
    expect(total / 3_600_000).toBeGreaterThan(23);
    expect(total / 3_600_000).toBeLessThan(25);

    const store = await storeWith({});
    await writeTransaction(store.db, (trx) => enqueue(trx, { channel: 'email', event: 'test.event', recipient: 'a@example.com', dedupe_key: 'test:1', payload: { n: 1 } }), { audit: 'none' });
    let now = Date.now();
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length + 1; attempt++) {
      const [claimed] = await claimDue(store.db, 'me', 10, 60_000, now);
      expect(claimed.attempts).toBe(attempt);
      const status = await markRetry(store.db, claimed, 'me', `421 try later (${attempt})`, { now });
      expect(status).toBe(attempt <= RETRY_DELAYS_MS.length ? 'pending' : 'failed');
      const row = (await outboxRows(store))[0];
      if (status === 'pending') expect(row.next_attempt_at - now).toBe(RETRY_DELAYS_MS[attempt - 1]);
      // Not due before its time.
      expect(await claimDue(store.db, 'me', 10, 60_000, row.next_attempt_at - 1)).toEqual([]);
      now = row.next_attempt_at;
    }
    expect((await outboxRows(store))[0]).toMatchObject({ status: 'failed', last_error: `421 try later (${RETRY_DELAYS_MS.length + 1})`, attempts: RETRY_DELAYS_MS.length + 1 });
    expect(await claimDue(store.db, 'me', 10, 60_000, now + 10 * 86_400_000)).toEqual([]);
  });

  it('each due message is claimed by one claimer at a time; a claim that runs out (its instance died) is due again', async () => {
    const store = await storeWith({});
    await writeTransaction(
      store.db,
      (trx) => enqueue(trx, Array.from({ length: 60 }, (_, i) => ({ channel: 'sms' as const, event: 'test.event', recipient: `+9198765${String(i).padStart(5, '0')}`, dedupe_key: `test:${i}`, payload: { i } }))),
      { audit: 'none' },
    );
    const now = Date.now();
    const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => claimDue(store.db, `instance-${i}`, 15, 60_000, now)));
    const ids = claims.flatMap((c) => c.map((m) => m.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(60);
    for (const [i, claim] of claims.entries()) for (const m of claim) expect(m).toMatchObject({ claimed_by: `instance-${i}`, attempts: 1, locked_until: now + 60_000 });
    expect(await claimDue(store.db, 'another', 100, 60_000, now + 59_999)).toEqual([]);
    const again = await claimDue(store.db, 'another', 100, 60_000, now + 60_000);
    expect(again).toHaveLength(60);
    expect(again.every((m) => m.attempts === 2 && m.claimed_by === 'another')).toBe(true);
  });
});

describe('the embedded defaults', () => {
  it('without SMTP_URL each e-mail is an .eml file under DATA_DIR/mail, and the back office lists the files and sms.log', async () => {
    const store = await storeWith({ MAIL_FROM: FROM });
    dispatcherFor(store);
    const { o_id } = await placeOrder(store);
    const [email, sms] = await until('both sent', async () => {
      const rows = await outboxRows(store, { o_id });
      return rows.length === 2 && rows.every((r) => r.status === 'sent') && rows;
    });
    const parsed = await simpleParser(await readFile(path.join(store.dir, 'mail', `${email.message_id}.eml`)));
    expect(parsed.messageId).toBe(`<${email.message_id}@example.test>`);
    expect(parsed.subject).toContain(`#${o_id}`);
    expect(parsed.text).toContain('Temple Necklace');
    expect(parsed.html).toContain(`#${o_id}`);

    const owner = await staff(store, 'owner');
    const list = await call(store, 'GET', '/getmessages', undefined, owner.auth);
    expect(list.status).toBe(200);
    expectMatchesContract('GET', '/getmessages', list);
    expect(list.body.data.totalCount).toBe(2);
    expect(list.body.data.mailFiles).toEqual([
      { message_id: email.message_id, to: 'asha@example.com', at: expect.any(String), summary: parsed.subject, file: `${email.message_id}.eml` },
    ]);
    expect(list.body.data.smsLog).toEqual([{ message_id: sms.message_id, to: sms.recipient, at: expect.any(String), summary: expect.stringContaining(`#${o_id}`), file: 'sms.log' }]);
    // Shoppers and visitors see none of it.
    expect((await call(store, 'GET', '/getmessages', undefined, (await createUser(store)).auth)).status).toBe(403);
  });

  it('npm start needs no set-up: the defaults are the .eml files and sms.log in DATA_DIR', async () => {
    const store = await storeWith({});
    expect(store.config.mail).toEqual({ transport: 'files', dir: path.join(store.dir, 'mail'), from: 'Aurum Jewels <orders@localhost>' });
    expect(store.config.sms).toEqual({ provider: 'log', file: path.join(store.dir, 'sms.log') });
    await expect(createTestStore({ SMTP_URL: 'http://mail.example.com' })).rejects.toThrow(/SMTP_URL must be smtp:\/\//);
    await expect(createTestStore({ SMS_PROVIDER: 'twilio' })).rejects.toThrow(/SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID/);
  });
});

/** A fake of Twilio's Messages API: records each request; `answer` decides the reply. */
async function fakeTwilio(answer: (form: URLSearchParams) => { status: number; body: object }) {
  const requests: { path: string; authorization: string | undefined; form: URLSearchParams }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, form });
      const { status, body: reply } = answer(form);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${port}`, requests };
}

describe('the SMS provider (Twilio, against a local fake)', () => {
  it('sends the text with the account credentials; a refused number fails at once, a provider error is retried', async () => {
    const twilio = await fakeTwilio((form) => {
      if (form.get('To') === '+917000000404') return { status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } };
      if (form.get('To') === '+917000000500') return { status: 503, body: { message: 'Service unavailable' } };
      return { status: 201, body: { sid: 'SM123', status: 'queued' } };
    });
    const store = await storeWith({ SMS_PROVIDER: 'twilio', SMS_URL: twilio.url, TWILIO_ACCOUNT_SID: 'AC0001', TWILIO_AUTH_TOKEN: 'secret-token', TWILIO_FROM: '+15005550006' });
    dispatcherFor(store);
    const { o_id } = await placeOrder(store);
    const sms = await until('sent', async () => (await outboxRows(store, { o_id, channel: 'sms' })).find((r) => r.status === 'sent'));
    const request = twilio.requests.find((r) => r.form.get('To') === sms.recipient)!;
    expect(request.path).toBe('/2010-04-01/Accounts/AC0001/Messages.json');
    expect(request.authorization).toBe(`Basic ${Buffer.from('AC0001:secret-token').toString('base64')}`);
    expect(request.form.get('From')).toBe('+15005550006');
    expect(request.form.get('Body')).toContain(`#${o_id}`);

    const bad = await placeOrder(store, { phone_number: '7000000404' });
    const refused = await until('failed', async () => (await outboxRows(store, { o_id: bad.o_id, channel: 'sms' })).find((r) => r.status === 'failed'));
    expect(refused.last_error).toMatch(/400.*not a valid phone number/);
    const busy = await placeOrder(store, { phone_number: '7000000500' });
    const later = await until('retried', async () => (await outboxRows(store, { o_id: busy.o_id, channel: 'sms' })).find((r) => r.attempts === 1 && r.last_error));
    expect(later.status).toBe('pending');
    expect(later.last_error).toMatch(/503/);
  });
});
