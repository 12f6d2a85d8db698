/**
 * 2026_11_29_0001_phone_numbers on a store written before it: every phone number as it
 * was typed becomes the one form (E.164 for orders and saved addresses, the national
 * number under the account's code for users), and what cannot be read stays as it was.
 * Runs on the engine under test (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { databaseBefore, type OldDatabase } from '../helpers/database.ts';

let old: OldDatabase | undefined;
afterAll(() => old?.close());

it('stores every phone in one form: orders and saved addresses in E.164, accounts as the national number under their code', async () => {
  old = await databaseBefore('2026_11_29_0001_phone_numbers');
  const { db } = old;

  let n = 0;
  const user = async (country_code: string, phone_number: string) => {
    n += 1;
    const row = await db
      .insertInto('users')
      .values({ full_name: `Old ${n}`, u_name: `old${n}`, country_code, phone_number, password_hash: 'x', token_key: `key-${n}` })
      .returning('u_id')
      .executeTakeFirstOrThrow();
    return row.u_id;
  };
  const plain = await user('+91', '9876543210');
  const trunk = await user('+91', '09811122233');
  const withCode = await user('+91', '919822233344');
  // Two accounts that are one number: the one already in the one form keeps it, the other its own.
  const twinOld = await user('+91', '09876543210');
  const american = await user('+1', '17325550148');
  const british = await user('+44', '07700900123');
  const short = await user('+91', '98765');

  const order = async (u_id: number, phone_number: string, country: string) => {
    const row = await db
      .insertInto('orders')
      .values({
        u_id, currency: 'INR', subtotal: 100, total: 100, first_name: 'A', last_name: 'B', email: 'a@example.com', phone_number,
        address: 'x', city: 'x', state: 'x', zip_code: '395001', country, payment_method: 'cod', payment_status: 'unpaid',
      })
      .returning('o_id')
      .executeTakeFirstOrThrow();
    return row.o_id;
  };
  const orders = {
    bare: await order(plain, '9876543210', 'IN'),
    spaced: await order(plain, '+91 9876543210', 'IN'),
    dashed: await order(plain, '098765-43210', 'IN'),
    sameAgain: await order(trunk, '9876543210', 'IN'),
    abroad: await order(american, '(732) 555-0148', 'US'),
    abroadWithCode: await order(british, '+44 7700 900123', 'GB'),
    giftHome: await order(american, '+91 98765 43210', 'IN'),
    unreadable: await order(short, 'ask at the gate', 'IN'),
  };
  await db.insertInto('saved_addresses').values([
    { u_id: plain, email: 'a@example.com', first_name: 'A', last_name: 'B', phone_number: '+91 98765 43210', address: 'x', city: 'x', state: 'Gujarat', zip_code: '395001', country: 'IN' },
    { u_id: american, email: 'r@example.com', first_name: 'R', last_name: 'M', phone_number: '732-555-0148', address: 'x', city: 'Edison', state: 'New Jersey', zip_code: '08820', country: 'US' },
  ]).execute();

  await migrateToLatest(db);

  const phoneOf = async (o_id: number) => (await db.selectFrom('orders').select('phone_number').where('o_id', '=', o_id).executeTakeFirstOrThrow()).phone_number;
  expect(await phoneOf(orders.bare)).toBe('+919876543210');
  expect(await phoneOf(orders.spaced)).toBe('+919876543210');
  expect(await phoneOf(orders.dashed)).toBe('+919876543210');
  expect(await phoneOf(orders.sameAgain)).toBe('+919876543210');
  expect(await phoneOf(orders.abroad)).toBe('+17325550148');
  expect(await phoneOf(orders.abroadWithCode)).toBe('+447700900123');
  expect(await phoneOf(orders.giftHome)).toBe('+919876543210');
  expect(await phoneOf(orders.unreadable)).toBe('ask at the gate');

  const saved = await db.selectFrom('saved_addresses').select(['u_id', 'phone_number']).orderBy('u_id').execute();
  expect(saved).toEqual([
    { u_id: plain, phone_number: '+919876543210' },
    { u_id: american, phone_number: '+17325550148' },
  ]);

  const accounts = await db.selectFrom('users').select(['u_id', 'phone_number']).orderBy('u_id').execute();
  expect(Object.fromEntries(accounts.map((a) => [a.u_id, a.phone_number]))).toEqual({
    [plain]: '9876543210',
    [trunk]: '9811122233',
    [withCode]: '9822233344',
    [twinOld]: '09876543210',
    [american]: '7325550148',
    [british]: '7700900123',
    [short]: '98765',
  });
});
