/**
 * The benchmark's shoppers: a pool of logged-in customers in a child process,
 * each adding 1-3 pieces to the cart, reading it and placing a cash-on-delivery
 * order with an Idempotency-Key, over and over, through the real API (as the
 * storefront does), pausing `thinkMs` before each call as a person does (0: none,
 * a stress test whose latency is mostly the shoppers queueing behind each other).
 * Every call is timed; every answer outside 2xx, every 5xx and every answer that
 * mentions a busy or locked database is counted.
 *
 * `startShoppers()` forks this file; the child registers and logs in its
 * shoppers, places one unmeasured order each (JIT, prepared statements), says
 * ready, and runs for the time it is then given.
 *
 * The law allows cash from one buyer below ₹2,00,000 in a day (rules/compliance.ts), and a
 * shopper ordering again and again reaches that in a few orders: each shopper therefore has
 * several accounts (each with its own phone) and moves to the next when the day's cash limit
 * refuses an order, as another person would be. Such a refusal is counted apart, neither an
 * error nor a timed placement (it places nothing).
 */

import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { checkoutBody, type Coupon, type Shopper } from '../reliability/shoppers.ts';
import { percentile, roundMs as round, sortedMs } from './percentile.ts';
import type { Selection } from '../../api/orders/pricing.ts';

/** An answer that says the database was busy (SQLITE_BUSY, "database is locked"). */
export const BUSY = /SQLITE_BUSY|database is (locked|busy)|busy database|store is busy/i;

/** The timed calls, as the summary names them. */
export const OPERATIONS = ['POST /createcart', 'GET /getcart', 'POST /createorder'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface ShoppersResult {
  shoppers: number;
  thinkMs: number;
  seconds: number;
  orders: number;
  /** Calls answered in the measured window. */
  calls: number;
  latency: Record<Operation, Latency>;
  /** Answers outside 2xx, and requests that got no answer. */
  errors: number;
  /** Answers 500 and above. */
  serverErrors: number;
  /** Answers mentioning SQLITE_BUSY or a locked database. */
  busy: number;
  /** Orders refused by the day's cash limit for one buyer (the shopper then moved to its next account). */
  dayLimitRefusals: number;
  /** Shoppers who used up every account before the time was up. */
  shoppersOutOfAccounts: number;
  /** The first few problems, for the report. */
  samples: string[];
}

interface Reply {
  status: number;
  body: any;
  text: string;
}


const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

function client(origin: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        new URL(path, origin),
        {
          method,
          agent,
          timeout: 30_000,
          headers: { ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) } : {}), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown = null;
            try {
              json = JSON.parse(text);
            } catch {
              // Not JSON: kept as text for the report.
            }
            resolve({ status: res.statusCode ?? 0, body: json, text });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
      req.on('error', reject);
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}

type Request = ReturnType<typeof client>['request'];

function expectOk(reply: Reply, what: string): any {
  if (reply.status < 200 || reply.status >= 300) throw new Error(`${what}: HTTP ${reply.status} ${reply.text.slice(0, 300)}`);
  return reply.body.data;
}

/** The day's cash limit for one buyer (rules/compliance.ts dailyCashRefusal): an honest refusal. */
const DAY_CASH_LIMIT = /from one buyer in a day/;

/** Registers and logs in `count` shoppers (+91: prices in rupees) on a fresh store, a few at a time (argon2id). */
async function registerShoppers(request: Request, count: number): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, async (_, j) => {
      const i = start + j;
      const phone = `70000${String(i).padStart(5, '0')}`;
      const password = 'Shopper@Bench1';
      expectOk(
        await request('POST', '/registeruser', {
          full_name: `Bench Shopper ${i}`,
          u_name: `bench.shopper${i}`,
          countryCode: '+91',
          phoneNumber: phone,
          password,
          repeatPassword: password,
        }),
        'register',
      );
      const session = expectOk(await request('POST', '/userlogin', { countryCode: '+91', phoneNumber: phone, password }), 'login');
      return { u_id: session.u_id as number, phone, auth: { Authorization: `Bearer ${session.auth_token}` } };
    });
    shoppers.push(...(await Promise.all(batch)));
  }
  return shoppers;
}

/**
 * Cash on delivery takes orders below ₹2,00,000 (rules/): a cart of up to six pieces
 * stays below it when each piece costs at most this much, in rupees.
 */
const COD_PIECE_RUPEES = 33_000;

/** Choices across the catalogue: every carat (priced for a cash-on-delivery cart), material and size of a few hundred products. */
async function loadSelections(request: Request): Promise<Selection[]> {
  const selections: Selection[] = [];
  for (let page = 1; page <= 4; page++) {
    const data = expectOk(await request('POST', '/getallproducts', { is_admin: 1, page, perPage: 100, filter: { countryCode: 'inr_price', maxPrice: COD_PIECE_RUPEES } }), 'catalogue');
    for (const product of data.productData as any[]) {
      for (const carat of product.productcarats) {
        if (carat.inr_price > COD_PIECE_RUPEES) continue;
        const sizes = product.sizeDetails.length ? product.sizeDetails.map((s: { size_id: number }) => s.size_id) : [null];
        for (const material of product.materialDetails) {
          selections.push({ p_id: product.p_id, pc_id: carat.pc_id, carat_id: carat.carat_id, m_id: material.m_id, size_id: pick(sizes) });
        }
      }
    }
  }
  if (selections.length === 0) throw new Error('the catalogue is empty');
  return selections;
}

async function activeCoupons(request: Request): Promise<Coupon[]> {
  const list = expectOk(await request('POST', '/getcoupon', {}), 'coupons') as { coupon_name: string; discount: string }[];
  return list.map((c) => ({ coupon_name: c.coupon_name, bp: Math.round(Number(c.discount) * 100) }));
}

class Recorder {
  readonly times = new Map<Operation, number[]>(OPERATIONS.map((op) => [op, []]));
  errors = 0;
  serverErrors = 0;
  busy = 0;
  dayLimitRefusals = 0;
  readonly samples: string[] = [];

  problem(line: string) {
    if (this.samples.length < 10) this.samples.push(line);
  }

  /** Sends one call, timing it when `record` (the measured window) and checking the answer. */
  async call(request: Request, op: Operation, record: boolean, path: string, body: unknown, headers: Record<string, string>): Promise<Reply | null> {
    const [method] = op.split(' ');
    const started = performance.now();
    let reply: Reply;
    try {
      reply = await request(method, path, body, headers);
    } catch (error) {
      this.errors += 1;
      this.problem(`${op}: no answer (${(error as Error).message})`);
      return null;
    }
    // The day's cash limit placed nothing: counted apart, and not timed as a placement.
    if (reply.status === 400 && DAY_CASH_LIMIT.test(reply.text)) {
      this.dayLimitRefusals += 1;
      return null;
    }
    if (record) this.times.get(op)!.push(performance.now() - started);
    if (BUSY.test(reply.text)) this.busy += 1;
    if (reply.status >= 500) this.serverErrors += 1;
    // An honest refusal for stock (the demo's limited carat rows run out): not an error, no answer to use.
    if (reply.status === 409 && /is sold out\.|"Sorry, only \d+ of /.test(reply.text)) return null;
    if (reply.status < 200 || reply.status >= 300) {
      this.errors += 1;
      this.problem(`${op}: HTTP ${reply.status} ${reply.text.slice(0, 200)}`);
      return null;
    }
    return reply;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Pace {
  /** Pause before each call, about this long (0.5x to 1.5x). */
  thinkMs: number;
  /** No call starts after this (Date.now()); the round ends there. */
  deadline: number;
}

/**
 * Shoppers whose last round left lines in their cart (an order refused for stock
 * taken meanwhile, the time up before ordering). Their next round starts from an
 * empty cart, as a shopper starting again would: a cart that only grew would pass
 * the cash-on-delivery limit the pieces are chosen to stay under (COD_PIECE_RUPEES),
 * and every later order of that shopper would be refused for it.
 */
const leftovers = new Set<number>();

/** Removes every line of the shopper's cart; untimed, a failure counted as an error. */
async function emptyCart(request: Request, shopper: Shopper, recorder: Recorder): Promise<void> {
  try {
    const lines = expectOk(await request('GET', `/getcart/${shopper.u_id}`, undefined, shopper.auth), 'GET /getcart') as { c_id: number }[];
    for (const line of lines) expectOk(await request('DELETE', '/removecart', { u_id: shopper.u_id, c_id: line.c_id }, shopper.auth), 'DELETE /removecart');
  } catch (error) {
    recorder.errors += 1;
    recorder.problem(`emptying a cart: ${(error as Error).message}`);
  }
}

/**
 * One shopper's round: 1-3 pieces into the cart, read it, order it all, pausing
 * before each call. Answers whether an order was placed.
 */
async function shopOnce(request: Request, shopper: Shopper, selections: Selection[], coupons: Coupon[], recorder: Recorder, record: boolean, pace: Pace): Promise<boolean> {
  if (leftovers.has(shopper.u_id)) await emptyCart(request, shopper, recorder);
  leftovers.add(shopper.u_id);
  /** Waits before the next call; false once the time is up. */
  const ready = async () => {
    if (pace.thinkMs > 0) await sleep(pace.thinkMs * (0.5 + Math.random()));
    return Date.now() < pace.deadline;
  };
  const pieces = 1 + Math.floor(Math.random() * 3);
  for (let i = 0; i < pieces; i++) {
    const quantity = 1 + Math.floor(Math.random() * 2);
    if (!(await ready())) return false;
    if (!(await recorder.call(request, 'POST /createcart', record, '/createcart', { ...pick(selections), quantity }, shopper.auth))) return false;
  }
  if (!(await ready())) return false;
  const cart = await recorder.call(request, 'GET /getcart', record, `/getcart/${shopper.u_id}`, undefined, shopper.auth);
  if (!cart) return false;
  const lines = (cart.body.data as { c_id: number; quantity: number; inr_price: number; available: boolean }[]).filter((l) => l.available);
  const coupon = coupons.length && Math.random() < 0.5 ? pick(coupons) : null;
  const body = checkoutBody(shopper, lines, coupon);
  const headers = { ...shopper.auth, 'Idempotency-Key': `bench-${randomUUID()}` };
  if (!(await ready())) return false;
  const placed = await recorder.call(request, 'POST /createorder', record, '/createorder', body, headers);
  if (placed && typeof placed.body?.data?.o_id !== 'number') {
    recorder.errors += 1;
    recorder.problem(`POST /createorder: no o_id in ${placed.text.slice(0, 200)}`);
    return false;
  }
  if (placed) leftovers.delete(shopper.u_id);
  return placed !== null;
}

function summarise(times: number[]): Latency {
  const sorted = sortedMs(times);
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? Number.NaN) };
}

/** Accounts each shopper has for a run of `seconds` (an order of about ₹50,000 every second or so; about three a day per account). */
export function accountsPerShopper(seconds: number): number {
  return 2 + Math.ceil(seconds / 2);
}

async function runShoppers(origin: string, count: number, thinkMs: number, accounts: number): Promise<void> {
  const { request, close } = client(origin);
  const registered = await registerShoppers(request, count * accounts);
  // Shopper i's accounts are i, i + count, i + 2 count, ...: its first account first.
  const seats = Array.from({ length: count }, (_, i) => ({ accounts: registered.filter((_, k) => k % count === i), current: 0 }));
  const shoppers = seats.map((seat) => seat.accounts[0]);
  const selections = await loadSelections(request);
  const coupons = await activeCoupons(request);
  const recorder = new Recorder();
  // One unmeasured round each: the server's JIT and prepared statements warm up.
  await Promise.all(shoppers.map((shopper) => shopOnce(request, shopper, selections, coupons, recorder, false, { thinkMs: 0, deadline: Infinity })));
  const start = await new Promise<{ seconds: number }>((resolve) => {
    process.once('message', (message) => resolve(message as { seconds: number }));
    process.send!({ ready: true });
  });
  const started = Date.now();
  const deadline = started + start.seconds * 1000;
  let orders = 0;
  let shoppersOutOfAccounts = 0;
  await Promise.all(
    seats.map(async (seat, i) => {
      // Staggered, so the pool does not move in step.
      if (thinkMs > 0) await sleep((thinkMs * i) / seats.length);
      while (Date.now() < deadline) {
        const refusedBefore = recorder.dayLimitRefusals;
        if (await shopOnce(request, seat.accounts[seat.current], selections, coupons, recorder, true, { thinkMs, deadline })) orders += 1;
        // This buyer's cash for the day is spent: the next account (another buyer) goes on.
        if (recorder.dayLimitRefusals > refusedBefore && ++seat.current === seat.accounts.length) {
          shoppersOutOfAccounts += 1;
          break;
        }
      }
    }),
  );
  close();
  const result: ShoppersResult = {
    shoppers: count,
    thinkMs,
    seconds: (Date.now() - started) / 1000,
    orders,
    calls: [...recorder.times.values()].reduce((sum, times) => sum + times.length, 0),
    latency: Object.fromEntries(OPERATIONS.map((op) => [op, summarise(recorder.times.get(op)!)])) as Record<Operation, Latency>,
    errors: recorder.errors,
    serverErrors: recorder.serverErrors,
    busy: recorder.busy,
    dayLimitRefusals: recorder.dayLimitRefusals,
    shoppersOutOfAccounts,
    samples: recorder.samples,
  };
  process.send!({ result });
}

const SHOPPERS_ENV = 'AURUM_BENCH_SHOPPERS';

/**
 * Forks the shoppers and resolves once they are registered, logged in and warm;
 * `run(seconds)` then lets them shop for that long and resolves with the figures.
 */
export function startShoppers(origin: string, count: number, thinkMs: number, accounts: number): Promise<{ run: (seconds: number) => Promise<ShoppersResult> }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, [SHOPPERS_ENV]: JSON.stringify({ origin, count, thinkMs, accounts }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let result: ShoppersResult | undefined;
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 && result ? resolve() : reject(new Error(`shoppers process exited with ${code}`))));
  });
  return new Promise((resolve, reject) => {
    exited.catch(reject);
    child.on('message', (message: { ready?: boolean; result?: ShoppersResult }) => {
      if (message.result) result = message.result;
      if (message.ready) {
        resolve({
          run: async (seconds) => {
            child.send({ seconds });
            await exited;
            return result!;
          },
        });
      }
    });
  });
}

if (process.env[SHOPPERS_ENV]) {
  const { origin, count, thinkMs, accounts } = JSON.parse(process.env[SHOPPERS_ENV]) as { origin: string; count: number; thinkMs: number; accounts: number };
  await runShoppers(origin, count, thinkMs, accounts);
  process.disconnect();
}
