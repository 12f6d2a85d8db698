import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../api/env.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'aurum-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps one generated token secret in DATA_DIR across starts', () => {
  const first = loadConfig({ DATA_DIR: dir });
  const second = loadConfig({ DATA_DIR: dir });
  expect(Buffer.from(first.jwtSecret).toString()).toBe(Buffer.from(second.jwtSecret).toString());
  expect(first.databaseFile).toBe(path.join(dir, 'store.sqlite'));
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

it('refuses a public https store that did not choose its payment provider', () => {
  expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://aurumjewels.in' })).toThrow(/PAYMENT_PROVIDER/);
  expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://staging.aurumjewels.in', PAYMENT_PROVIDER: 'sandbox' }).payment.provider).toBe('sandbox');
});
