import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../api/env.ts';
import { POSTGRES_TIMEOUTS } from '../../db/connection.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'aurum-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps one generated token secret in DATA_DIR across starts', () => {
  const first = loadConfig({ DATA_DIR: dir });
  const second = loadConfig({ DATA_DIR: dir });
  expect(Buffer.from(first.jwtSecret).toString()).toBe(Buffer.from(second.jwtSecret).toString());
  expect(first.database).toEqual({ engine: 'sqlite', file: path.join(dir, 'store.sqlite') });
  expect(first.port).toBe(8080);
});

it('names every problem of a bad environment and fails fast', () => {
  expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty', ADMIN_COUNTRY_CODE: '+33' })).toThrow(/PORT.*ADMIN_COUNTRY_CODE|ADMIN_COUNTRY_CODE.*PORT/);
  expect(() => loadConfig({ DATA_DIR: dir, PAYMENT_PROVIDER: 'cashfree' })).toThrow(/CASHFREE_APP_ID/);
  expect(() => loadConfig({ DATA_DIR: dir, MEDIA_URL: 'https://bucket/x' })).toThrow(/MEDIA_URL must be s3:/);
  expect(() => loadConfig({ DATA_DIR: dir, MEDIA_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'key' })).toThrow(/AWS_SECRET_ACCESS_KEY/);
});

it('requires JWT_SECRET with a PostgreSQL database: a generated secret is for a single SQLite store', () => {
  const refused = () => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://store@db/store' });
  expect(refused).toThrow(/JWT_SECRET is required with a PostgreSQL DATABASE_URL/);
  expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgresql://store@db/store' })).toThrow(/JWT_SECRET is required/);
  // SQLite keeps the convenience.
  expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: path.join(dir, 'other.sqlite') }).jwtSecret.length).toBeGreaterThanOrEqual(32);
});

it('reads MEDIA_URL: local disk by default, an S3 bucket and prefix with the AWS variables', () => {
  expect(loadConfig({ DATA_DIR: dir }).media).toEqual({ kind: 'local', root: dir });
  const s3 = loadConfig({
    DATA_DIR: dir,
    MEDIA_URL: 's3://aurum-media/store/prod/',
    AWS_ENDPOINT_URL: 'http://127.0.0.1:9000',
    AWS_REGION: 'ap-south-1',
    AWS_ACCESS_KEY_ID: 'key',
    AWS_SECRET_ACCESS_KEY: 'secret',
  }).media;
  expect(s3).toEqual({
    kind: 's3',
    bucket: 'aurum-media',
    prefix: 'store/prod',
    endpoint: 'http://127.0.0.1:9000',
    region: 'ap-south-1',
    credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
  });
  expect(loadConfig({ DATA_DIR: dir, MEDIA_URL: 's3://aurum-media' }).media).toMatchObject({ bucket: 'aurum-media', prefix: '', region: 'us-east-1', credentials: undefined });
});

it('picks the engine from DATABASE_URL: a SQLite path or file: URL, or a postgres:// URL; refuses anything else without repeating it', () => {
  expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'file:///srv/aurum/store.sqlite' }).database).toEqual({ engine: 'sqlite', file: '/srv/aurum/store.sqlite' });
  expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: './shop.sqlite' }).database).toEqual({ engine: 'sqlite', file: './shop.sqlite' });
  for (const url of ['postgres://shop:s3cret@db.internal:5432/aurum', 'postgresql://shop:s3cret@db.internal/aurum']) {
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: url, JWT_SECRET: 'a-shared-secret-of-at-least-32-characters!', PAN_KEY: 'a'.repeat(64) }).database).toEqual({ engine: 'postgres', url, timeouts: POSTGRES_TIMEOUTS });
  }
  for (const url of ['host=db.internal dbname=aurum user=shop password=s3cret', 'mysql://shop:s3cret@db/aurum']) {
    let message = '';
    try {
      loadConfig({ DATA_DIR: dir, DATABASE_URL: url });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SQLite file path or file: URL, or a postgres:\/\/ \(postgresql:\/\/\) URL/);
    expect(message).not.toContain('s3cret');
    expect(message.split('\n')).toHaveLength(1);
  }
});

it('takes the PostgreSQL session timeouts from DATABASE_*_TIMEOUT_MS, refusing a value that is not 100 ms to an hour with a sentence naming the variable', () => {
  const postgres = { DATA_DIR: dir, DATABASE_URL: 'postgres://shop@db.internal/aurum', JWT_SECRET: 'a-shared-secret-of-at-least-32-characters!', PAN_KEY: 'a'.repeat(64) };
  const configured = loadConfig({ ...postgres, DATABASE_LOCK_TIMEOUT_MS: '2500', DATABASE_STATEMENT_TIMEOUT_MS: '10000', DATABASE_IDLE_TRANSACTION_TIMEOUT_MS: '120000' });
  expect(configured.database).toEqual({
    engine: 'postgres',
    url: postgres.DATABASE_URL,
    timeouts: { lock_timeout: 2500, statement_timeout: 10_000, idle_in_transaction_session_timeout: 120_000 },
  });
  for (const [name, value] of [['DATABASE_STATEMENT_TIMEOUT_MS', '30s'], ['DATABASE_LOCK_TIMEOUT_MS', '0'], ['DATABASE_IDLE_TRANSACTION_TIMEOUT_MS', '1.5'], ['DATABASE_STATEMENT_TIMEOUT_MS', '3600001']]) {
    expect(() => loadConfig({ ...postgres, [name]: value })).toThrow(`Invalid environment: ${name}: ${name} must be a whole number of milliseconds from 100 to 3600000`);
  }
  // Checked on SQLite too (a typo is refused wherever it is), though only PostgreSQL sessions use them.
  expect(() => loadConfig({ DATA_DIR: dir, DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds/);
  expect(loadConfig({ DATA_DIR: dir, DATABASE_STATEMENT_TIMEOUT_MS: '1000' }).database).toEqual({ engine: 'sqlite', file: path.join(dir, 'store.sqlite') });
});

it('names a PostgreSQL database in logs without its user or password', async () => {
  const { describeDatabase } = await import('../../db/connection.ts');
  expect(describeDatabase({ engine: 'postgres', url: 'postgres://shop:s3cret@db.internal:5432/aurum' })).toBe('postgres://db.internal:5432/aurum');
});

it('refuses a public https store that did not choose its payment provider', () => {
  expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://aurumjewels.in' })).toThrow(/PAYMENT_PROVIDER/);
  expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://staging.aurumjewels.in', PAYMENT_PROVIDER: 'sandbox' }).payment.provider).toBe('sandbox');
});
