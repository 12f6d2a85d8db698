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
  expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/store' })).toThrow(/not supported/);
});

it('refuses a public https store that did not choose its payment provider', () => {
  expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://aurumjewels.in' })).toThrow(/PAYMENT_PROVIDER/);
  expect(loadConfig({ DATA_DIR: dir, PUBLIC_URL: 'https://staging.aurumjewels.in', PAYMENT_PROVIDER: 'sandbox' }).payment.provider).toBe('sandbox');
});
