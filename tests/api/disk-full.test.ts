/**
 * Issue 32: a full disk is a 503, not a 500, and /healthz says so.
 *
 * 1. The error handler (api/errors.ts onError) with the error objects each engine and Node
 *    produce: better-sqlite3's SqliteError (a real SQLITE_FULL from a database at its page
 *    limit), pg's DatabaseError as its protocol parser builds it from a server's ErrorResponse
 *    (53100 and the rest of class 53), Node's ENOSPC from a real write (/dev/full) and EDQUOT.
 * 2. /healthz with a database that can be read but not written (SQLite's query_only,
 *    PostgreSQL's default_transaction_read_only), and with a write lock held elsewhere.
 * 3. A real full disk: a store whose DATA_DIR (and SQLite database) is a 4 MB tmpfs, filled
 *    to ENOSPC, then freed. Needs root or CAP_SYS_ADMIN to mount: skipped with the reason
 *    where mounting is refused, and on PostgreSQL (TEST_DATABASE_URL), whose database is not
 *    a file in DATA_DIR; there a full DATA_DIR (media) is checked instead.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Hono } from 'hono';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../api/context.ts';
import { DISK_FULL_MESSAGE, DISK_FULL_RETRY_AFTER_SECONDS, diskFullAnswers, onError } from '../../api/errors.ts';
import { HEALTH_PROBE_LEASE } from '../../api/routes/health/health.handlers.ts';
import type { DatabaseLocation } from '../../db/connection.ts';
import { callers, type Callers, formData, productFields, sendForm, tinyImage } from '../helpers/admin.ts';
import { createCarat, createFormChoices, createProduct } from '../helpers/catalogue.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { testEngine } from '../helpers/database.ts';
import { codOrderBody } from '../helpers/orders.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';
import { type LogSpy, spyOnLog } from '../helpers/log-spy.ts';

type SqliteError = InstanceType<typeof SQLite.SqliteError>;

const UNAVAILABLE = 'The store is unavailable for a moment. Please try again shortly.';
const FAULT = 'Something went wrong on our side. Please try again.';

/** An app with the store's error handler and one route throwing `error` (deps carry the database's location, as the store's do). */
function appThrowing(error: Error, database?: DatabaseLocation) {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use((c, next) => {
    if (database) c.set('deps', { config: { database } } as never);
    return next();
  });
  app.post('/boom', () => {
    throw error;
  });
  return app;
}

/** Throws `error` through the handler: the answer, and what was logged (the log's errors and warnings). */
async function answerTo(error: Error, database?: DatabaseLocation) {
  const errors = spyOnLog('error');
  const warnings = spyOnLog('warn');
  try {
    const res = await appThrowing(error, database).request('/boom', { method: 'POST' });
    const text = await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), text, body: JSON.parse(text), errors: errors.mock.calls, warnings: warnings.mock.calls };
  } finally {
    errors.mockRestore();
    warnings.mockRestore();
  }
}

type Answer = Awaited<ReturnType<typeof answerTo>>;

/** The disk-full answer: 503, Retry-After, the shop's sentence, one log line (a string: no stack) naming the code. */
function expectDiskFullAnswer(answer: Answer, code: string, before: number) {
  expect(answer.status).toBe(503);
  expect(answer.retryAfter).toBe(String(DISK_FULL_RETRY_AFTER_SECONDS));
  expect(answer.body).toEqual({ status: 0, description: DISK_FULL_MESSAGE, data: null });
  expect(answer.text).not.toMatch(/\bat \S+ \(|SQLITE|ENOSPC|EDQUOT|53100|No space/);
  expect(answer.errors).toHaveLength(1);
  expect(answer.errors[0]).toHaveLength(1);
  expect(typeof answer.errors[0][0]).toBe('string');
  expect(answer.errors[0][0]).toMatch(new RegExp(`^disk full: POST /boom answered 503 \\(${code}[:;) ]`));
  expect(answer.errors[0][0]).not.toMatch(/\n/);
  expect(diskFullAnswers()).toBe(before + 1);
}

/** A real SQLITE_FULL from better-sqlite3: a database at its max_page_count takes no new page, as a full disk. */
function realSqliteFull(): SqliteError {
  const db = new SQLite(':memory:');
  try {
    db.pragma('max_page_count = 8');
    db.exec('create table filler (b blob)');
    for (let i = 0; i < 100; i++) db.prepare('insert into filler values (randomblob(4000))').run();
  } catch (error) {
    return error as SqliteError;
  } finally {
    db.close();
  }
  throw new Error('max_page_count did not stop the inserts');
}

/** pg's DatabaseError exactly as pg-protocol's parser makes it from a server's ErrorResponse (parseErrorMessage). */
function pgError(fields: { S?: string; C: string; M: string; H?: string; F?: string; L?: string; R?: string }) {
  const error = new pg.DatabaseError(fields.M, 0, 'error') as pg.DatabaseError & Record<string, unknown>;
  Object.assign(error, {
    severity: fields.S ?? 'ERROR',
    code: fields.C,
    detail: undefined,
    hint: fields.H,
    position: undefined,
    internalPosition: undefined,
    internalQuery: undefined,
    where: undefined,
    schema: undefined,
    table: undefined,
    column: undefined,
    dataType: undefined,
    constraint: undefined,
    file: fields.F,
    line: fields.L,
    routine: fields.R,
  });
  return error;
}

/** Node's error for a system call refused, as libuv's UVException builds it. */
function systemError(code: 'EDQUOT' | 'ENOSPC', syscall: string, file: string, text: string) {
  return Object.assign(new Error(`${code}: ${text}, ${syscall} '${file}'`), { errno: -constants.errno[code], code, syscall, path: file });
}

describe('the error handler meets a full disk as each engine and Node report it', () => {
  it('SQLite: a real SQLITE_FULL from better-sqlite3 is answered 503 with Retry-After and the sentence, logged as disk full without a stack', async () => {
    const error = realSqliteFull();
    expect(error).toBeInstanceOf(SQLite.SqliteError);
    expect(error.code).toBe('SQLITE_FULL');
    const before = diskFullAnswers();
    expectDiskFullAnswer(await answerTo(error), 'SQLITE_FULL', before);
  });

  it('a full disk found along the cause chain (an error wrapping the driver\'s) is answered the same', async () => {
    const before = diskFullAnswers();
    const wrapped = new Error('the order could not be saved', { cause: new Error('commit failed', { cause: realSqliteFull() }) });
    expectDiskFullAnswer(await answerTo(wrapped), 'SQLITE_FULL', before);
  });

  it('SQLite: an SQLITE_IOERR_* on a disk with room is a fault (500, logged with its stack), not a full disk', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'aurum-ioerr-'));
    try {
      const ioerr = new SQLite.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE');
      for (const database of [{ engine: 'sqlite' as const, file: path.join(dir, 'store.sqlite') }, undefined]) {
        const before = diskFullAnswers();
        const answer = await answerTo(ioerr, database);
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({ status: 0, description: FAULT, data: null });
        expect(answer.errors[0][1]).toMatchObject({ message: ioerr.message, code: ioerr.code });
        expect(diskFullAnswers()).toBe(before);
      }
      // The probe left nothing behind.
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!existsSync('/dev/full'))('Node: a real ENOSPC from a file write (/dev/full) is answered 503 as a full disk', async () => {
    const error = await writeFile('/dev/full', 'an uploaded image').then(() => null, (e: NodeJS.ErrnoException) => e);
    expect(error?.code).toBe('ENOSPC');
    const before = diskFullAnswers();
    expectDiskFullAnswer(await answerTo(error!), 'ENOSPC', before);
  });

  it('Node: EDQUOT (the disk quota of the store\'s user is used up) is answered 503 as a full disk', async () => {
    const before = diskFullAnswers();
    const error = systemError('EDQUOT', 'open', '/srv/aurum/data/media/Products/.upload-1.part', 'disk quota exceeded');
    expectDiskFullAnswer(await answerTo(error), 'EDQUOT', before);
  });

  it('PostgreSQL: 53100 disk_full (a table that could not grow) is answered 503 as a full disk', async () => {
    const before = diskFullAnswers();
    const error = pgError({ C: '53100', M: 'could not extend file "base/16384/16421": No space left on device', H: 'Check free disk space.', F: 'md.c', L: '468', R: 'mdextend' });
    expect(error).toBeInstanceOf(pg.DatabaseError);
    expectDiskFullAnswer(await answerTo(error), '53100', before);
  });

  it('PostgreSQL: 53000, 53200 and 53300 (short of descriptors, memory, connections) are 503 with Retry-After "unavailable for a moment"; 53400 (a configured limit) stays a 500', async () => {
    const cases = [
      { C: '53000', M: 'out of file descriptors: Too many open files in system; release and retry', R: 'AllocateFile' },
      { C: '53200', M: 'out of shared memory', H: 'You might need to increase "max_locks_per_transaction".', R: 'LockAcquireExtended' },
      { C: '53300', S: 'FATAL', M: 'sorry, too many clients already', R: 'InitProcessPhase2' },
    ];
    for (const fields of cases) {
      const before = diskFullAnswers();
      const answer = await answerTo(pgError(fields));
      expect(answer.status, fields.C).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.body).toEqual({ status: 0, description: UNAVAILABLE, data: null });
      expect(answer.errors).toEqual([]);
      expect(answer.warnings.join('\n')).toContain(`database short of resources: POST /boom answered 503 (${fields.C}`);
      expect(diskFullAnswers()).toBe(before);
    }
    const limit = await answerTo(pgError({ C: '53400', M: 'temporary file size exceeds temp_file_limit (1024kB)', R: 'FileWriteV' }));
    expect(limit.status).toBe(500);
    expect(limit.body).toEqual({ status: 0, description: FAULT, data: null });
  });
});

describe('GET /healthz with a database that can be read but not written', () => {
  let store: TestStore;
  beforeAll(async () => {
    // One PostgreSQL connection, so a session setting reaches every query of the store.
    vi.stubEnv('DATABASE_POOL_SIZE', '1');
    store = await createTestStore();
    vi.unstubAllEnvs();
  });
  afterAll(() => store?.close());

  const readOnly = (on: boolean) =>
    testEngine === 'sqlite'
      ? sql.raw(`pragma query_only = ${on ? 1 : 0}`).execute(store.db)
      : sql.raw(`set default_transaction_read_only = ${on ? 'on' : 'off'}`).execute(store.db);

  it('answers 200 with writable: true, and its probe is one row of leases that no one holds', async () => {
    const res = await call(store, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, description: 'OK', data: { database: 'reachable', writable: true } });
    expectMatchesContract('GET', '/healthz', res);
    await call(store, 'GET', '/healthz');
    const rows = await store.db.selectFrom('leases').selectAll().where('name', '=', HEALTH_PROBE_LEASE).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].expires_at).toBeLessThanOrEqual(Date.now());
  });

  it('answers 503 saying the database cannot be written when reads work and writes are refused, and 200 again once they are not', async () => {
    await readOnly(true);
    try {
      expect((await sql`select 1 as ok`.execute(store.db)).rows).toHaveLength(1);
      const res = await call(store, 'GET', '/healthz');
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toEqual({ status: 0, description: `The database cannot be written (${testEngine === 'sqlite' ? 'SQLITE_READONLY' : '25006'}).`, data: null });
      expectMatchesContract('GET', '/healthz', res);
    } finally {
      await readOnly(false);
    }
    expect((await call(store, 'GET', '/healthz')).status).toBe(200);
  });

  it('a write lock held by another process is load, not a fault: 200 within a fraction of the store\'s 5 s lock wait', async () => {
    let release: () => Promise<void>;
    if (store.config.database.engine === 'sqlite') {
      const other = new SQLite(store.config.database.file);
      other.exec('begin immediate');
      release = async () => {
        other.exec('rollback');
        other.close();
      };
    } else {
      const other = new pg.Client({ connectionString: store.config.database.url });
      await other.connect();
      await other.query('begin');
      await other.query('lock table leases in exclusive mode');
      release = async () => {
        await other.query('rollback');
        await other.end();
      };
    }
    try {
      const started = Date.now();
      const res = await call(store, 'GET', '/healthz');
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await release();
    }
  });
});

/**
 * Why a tmpfs cannot be mounted for a test here (null when it can): tried with a tiny one,
 * mounted and unmounted at once.
 */
function tmpfsRefused(): string | null {
  if (process.platform !== 'linux') return `tmpfs mounts are tried on Linux only (this is ${process.platform})`;
  const dir = mkdtempSync(path.join(tmpdir(), 'aurum-mount-check-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir], { stdio: 'pipe' });
    return null;
  } catch (error) {
    const said = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim().split('\n')[0];
    return `mount -t tmpfs was refused (${said || 'no reason given'}); it needs root or CAP_SYS_ADMIN`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A tmpfs of `size` mounted on a new directory, filled to ENOSPC and freed on demand. */
function mountTmpfs(size: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'aurum-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir], { stdio: 'pipe' });
  const filler = path.join(dir, 'filler');
  return {
    dir,
    /** Writes the filler until not even one more page fits; answers the bytes written. */
    fill() {
      const fd = openSync(filler, 'a');
      let written = 0;
      try {
        for (const chunk of [1 << 20, 64 << 10, 4 << 10]) {
          const bytes = Buffer.alloc(chunk, 0x5a);
          try {
            for (;;) written += writeSync(fd, bytes);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
      // Full indeed: a new file of one byte is refused.
      expect(() => writeFileSync(path.join(dir, 'one-more'), 'x')).toThrow(/ENOSPC/);
      rmSync(path.join(dir, 'one-more'), { force: true });
      return written;
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const refused = tmpfsRefused();
const sqliteSkip = testEngine !== 'sqlite' ? 'TEST_DATABASE_URL is set: the database is on PostgreSQL, not a file in DATA_DIR (the handler tests above cover its 53100)' : refused;
if (sqliteSkip) console.warn(`disk-full.test.ts: the full SQLite store on a tmpfs is skipped: ${sqliteSkip}`);
const pgSkip = testEngine !== 'postgres' ? 'runs with TEST_DATABASE_URL only' : refused;
if (testEngine === 'postgres' && pgSkip) console.warn(`disk-full.test.ts: the full DATA_DIR on a tmpfs is skipped: ${pgSkip}`);

describe.skipIf(sqliteSkip !== null)(`a SQLite store whose DATA_DIR is a full 4 MB tmpfs${sqliteSkip ? ` (skipped: ${sqliteSkip})` : ''}`, () => {
  let disk: ReturnType<typeof mountTmpfs>;
  let store: TestStore;
  let shopper: Awaited<ReturnType<typeof createUser>>;
  let admin: Callers['admin'];
  let inCart: Awaited<ReturnType<typeof createProduct>>;
  let another: Awaited<ReturnType<typeof createProduct>>;
  let k22: number;
  let form: () => Promise<FormData>;
  let spies: LogSpy[] = [];

  beforeAll(async () => {
    disk = mountTmpfs('4m');
    store = await createTestStore({ DATA_DIR: disk.dir, DATABASE_URL: path.join(disk.dir, 'store.sqlite') });
    ({ admin } = await callers(store));
    shopper = await createUser(store);
    inCart = await createProduct(store);
    another = await createProduct(store);
    k22 = (await createCarat(store, '22K')).carat_id;
    const choices = await createFormChoices(store);
    const image = await tinyImage('jpeg');
    form = async () => formData(productFields(choices, { caratPrices: JSON.stringify([{ carat_id: k22, inr_price: 40000, usd_price: 480 }]), images: [{ bytes: image, name: 'front.jpg' }] }));
    const line = await call(store, 'POST', '/createcart', { u_id: shopper.u_id, ...inCart.selection, quantity: 1 }, shopper.auth);
    expect(line.status).toBe(201);
  });
  afterEach(() => {
    for (const spy of spies) spy.mockRestore();
    spies = [];
  });
  afterAll(async () => {
    await store?.close();
    disk?.unmount();
  });

  /** What the four calls and the upload would change, and the files of DATA_DIR but the filler. */
  async function snapshot() {
    const count = async (table: 'users' | 'orders' | 'order_items' | 'cart_items' | 'metal_rate_changes' | 'metal_rates' | 'products') =>
      Number((await store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)).map((f) => `${entry.name}/${f}`) : [entry.name]));
    return {
      users: await count('users'),
      orders: await count('orders'),
      order_items: await count('order_items'),
      cart: await store.db.selectFrom('cart_items').select(['p_id', 'quantity']).where('u_id', '=', shopper.u_id).orderBy('c_id').execute(),
      metal_rate_changes: await count('metal_rate_changes'),
      metal_rates: await count('metal_rates'),
      products: await count('products'),
      files: files(disk.dir).filter((f) => f !== 'filler').sort(),
    };
  }

  const signUp = (phoneNumber: string) =>
    call(store, 'POST', '/registeruser', { full_name: 'Asha Mehta', u_name: 'asha', countryCode: '+91', phoneNumber, password: 'Gold@2026', repeatPassword: 'Gold@2026' });

  /** The calls of the issue, and an upload: each answer with its method and path. */
  async function theCalls() {
    return [
      ['POST', '/createorder', await call(store, 'POST', '/createorder', codOrderBody(shopper, { subtotal: 1000.5 }), shopper.auth)],
      ['POST', '/createcart', await call(store, 'POST', '/createcart', { u_id: shopper.u_id, ...another.selection, quantity: 1 }, shopper.auth)],
      ['POST', '/registeruser', await signUp('9876501234')],
      ['POST', '/setmetalrates', await call(store, 'POST', '/setmetalrates', { rates: [{ carat_id: k22, inr_per_gram: 7250 }], usd_inr: 84.5 }, admin.auth)],
      ['POST', '/insertproduct', await sendForm(store, '/insertproduct', await form(), admin.auth)],
    ] as const;
  }

  it('with the disk full, an order, a cart line, a sign-up, metal rates and an upload answer 503 with Retry-After and the sentence, and nothing was changed', async () => {
    const before = await snapshot();
    disk.fill();
    const counted = diskFullAnswers();
    const errors = spyOnLog('error');
    spies.push(errors);
    for (const [method, url, res] of await theCalls()) {
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(503);
      expect(res.headers.get('retry-after'), url).toBe(String(DISK_FULL_RETRY_AFTER_SECONDS));
      expect(res.body, url).toEqual({ status: 0, description: DISK_FULL_MESSAGE, data: null });
      expectMatchesContract(method, url, res);
    }
    expect(diskFullAnswers()).toBe(counted + 5);
    const logged = errors.mock.calls.map((args) => args.map(String).join(' '));
    expect(logged).toHaveLength(5);
    for (const [i, url] of ['/createorder', '/createcart', '/registeruser', '/setmetalrates', '/insertproduct'].entries()) {
      expect(logged[i]).toMatch(new RegExp(`disk full: POST ${url} answered 503 \\((SQLITE_FULL|ENOSPC)`));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('with the disk full, /healthz answers 503 saying the database cannot be written because the disk is full', async () => {
    const res = await call(store, 'GET', '/healthz');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({ status: 0, description: expect.stringMatching(/^The database cannot be written: the disk is full \((SQLITE_FULL|ENOSPC)\)\.$/), data: null });
    expectMatchesContract('GET', '/healthz', res);
  });

  it('with the disk full, an SQLITE_IOERR_* and a Node ENOSPC from the data directory are answered as a full disk', async () => {
    // SQLite keeps no errno with an I/O error: the handler asks the database's directory, which is full.
    let before = diskFullAnswers();
    expectDiskFullAnswer(await answerTo(new SQLite.SqliteError('disk I/O error', 'SQLITE_IOERR_SHMSIZE'), store.config.database), 'SQLITE_IOERR_SHMSIZE \\(ENOSPC\\)', before);
    const enospc = await writeFile(path.join(disk.dir, 'resized.webp'), Buffer.alloc(8192)).then(() => null, (e: NodeJS.ErrnoException) => e);
    expect(enospc?.code).toBe('ENOSPC');
    before = diskFullAnswers();
    expectDiskFullAnswer(await answerTo(enospc!), 'ENOSPC', before);
  });

  it('once space is freed, the same calls succeed and /healthz answers 200 again', async () => {
    disk.free();
    const health = await call(store, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.body.data).toEqual({ database: 'reachable', writable: true });
    const before = await snapshot();
    const expected: Record<string, number> = { '/createorder': 201, '/createcart': 201, '/registeruser': 201, '/setmetalrates': 200, '/insertproduct': 201 };
    for (const [method, url, res] of await theCalls()) {
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(expected[url]);
      expectMatchesContract(method, url, res);
    }
    const after = await snapshot();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.users).toBe(before.users + 1);
    expect(after.metal_rate_changes).toBe(before.metal_rate_changes + 1);
    expect(after.products).toBe(before.products + 1);
    // The order took the cart's line; the line added after it stays.
    expect(after.cart).toEqual([{ p_id: another.p_id, quantity: 1 }]);
  });
});

describe.skipIf(pgSkip !== null)(`a PostgreSQL store whose DATA_DIR (its media) is a full tmpfs${pgSkip ? ` (skipped: ${pgSkip})` : ''}`, () => {
  let disk: ReturnType<typeof mountTmpfs>;
  let store: TestStore;
  beforeAll(async () => {
    disk = mountTmpfs('1m');
    store = await createTestStore({ DATA_DIR: disk.dir });
  });
  afterAll(async () => {
    await store?.close();
    disk?.unmount();
  });

  it('/healthz answers 503 saying the data directory cannot be written, and 200 once space is freed; the database still takes writes', async () => {
    disk.fill();
    const res = await call(store, 'GET', '/healthz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 0, description: 'The data directory cannot be written: the disk is full (ENOSPC).', data: null });
    expectMatchesContract('GET', '/healthz', res);
    const signUp = await call(store, 'POST', '/registeruser', { full_name: 'Asha Mehta', u_name: 'asha', countryCode: '+91', phoneNumber: '9876501234', password: 'Gold@2026', repeatPassword: 'Gold@2026' });
    expect(signUp.status).toBe(201);
    disk.free();
    expect((await call(store, 'GET', '/healthz')).status).toBe(200);
  });
});
