/**
 * The store credit ledger (issue 36, db/queries/store-credit.ts), on the engine under test:
 * a grant once per return, a use once per order and never past the balance, a give-back once,
 * and two uses racing for one credit: one passes, the other is refused, the balance never
 * below zero.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveBackStoreCredit, grantStoreCredit, storeCreditBalance, storeCreditEntries, useStoreCredit } from '../../db/queries/store-credit.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(async () => {
  await store?.close();
});

/** An order row of the shopper's to hang a use on (the ledger's o_id refers to orders). */
async function anOrder(u_id: number): Promise<number> {
  const row = await store.db
    .insertInto('orders')
    .values({
      u_id, currency: 'INR', subtotal: 100000, total: 100000, payment_method: 'cod', payment_status: 'unpaid',
      first_name: 'A', last_name: 'B', email: 'a@example.com', phone_number: '+919876543210', address: 'x', city: 'Surat', state: 'Gujarat', zip_code: '395003', country: 'India',
    } as any)
    .returning('o_id')
    .executeTakeFirstOrThrow();
  return row.o_id;
}

describe('store credit ledger', () => {
  it('grants once per return, uses and gives back once per order, with the balance after each', async () => {
    const shopper = await createUser(store);
    const grant = await writeTransaction(store.db, (trx) => grantStoreCredit(trx, { u_id: shopper.u_id, amount: 1_250_050, r_id: 901, note: 'exchange' }));
    expect(grant).toMatchObject({ amount: 1_250_050, balance: 1_250_050, replayed: false });
    const again = await writeTransaction(store.db, (trx) => grantStoreCredit(trx, { u_id: shopper.u_id, amount: 1_250_050, r_id: 901 }));
    expect(again.replayed).toBe(true);
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(1_250_050);

    const o_id = await anOrder(shopper.u_id);
    const use = await writeTransaction(store.db, (trx) => useStoreCredit(trx, { u_id: shopper.u_id, o_id, amount: 1_000_000 }));
    expect(use).toMatchObject({ amount: 1_000_000, balance: 250_050, replayed: false });
    expect((await writeTransaction(store.db, (trx) => useStoreCredit(trx, { u_id: shopper.u_id, o_id, amount: 1_000_000 }))).replayed).toBe(true);
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(250_050);

    // More than the balance: refused, nothing changed.
    const other = await anOrder(shopper.u_id);
    await expect(writeTransaction(store.db, (trx) => useStoreCredit(trx, { u_id: shopper.u_id, o_id: other, amount: 250_051 }))).rejects.toMatchObject({ kind: 'conflict' });
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(250_050);

    expect(await writeTransaction(store.db, (trx) => giveBackStoreCredit(trx, { o_id }))).toBe(1_000_000);
    expect(await writeTransaction(store.db, (trx) => giveBackStoreCredit(trx, { o_id }))).toBe(0);
    expect(await writeTransaction(store.db, (trx) => giveBackStoreCredit(trx, { o_id: other }))).toBe(0);
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(1_250_050);

    const entries = await storeCreditEntries(store.db, shopper.u_id);
    expect(entries.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['give_back', 1_000_000, 1_250_050],
      ['use', -1_000_000, 250_050],
      ['grant', 1_250_050, 1_250_050],
    ]);
  });

  it('refuses a grant of nothing or of a fraction of a paisa', async () => {
    const shopper = await createUser(store);
    for (const amount of [0, -5, 10.5, Number.NaN]) {
      await expect(writeTransaction(store.db, (trx) => grantStoreCredit(trx, { u_id: shopper.u_id, amount, r_id: 902 }))).rejects.toMatchObject({ kind: 'invalid' });
    }
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(0);
  });

  it('lets one of ten orders racing for the same credit use it, never more than the balance', async () => {
    const shopper = await createUser(store);
    await writeTransaction(store.db, (trx) => grantStoreCredit(trx, { u_id: shopper.u_id, amount: 500_000, r_id: 903 }));
    const orders = await Promise.all(Array.from({ length: 10 }, () => anOrder(shopper.u_id)));
    const results = await Promise.allSettled(
      orders.map((o_id) => writeTransaction(store.db, (trx) => useStoreCredit(trx, { u_id: shopper.u_id, o_id, amount: 300_000 }), { isolation: 'read committed' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ kind: 'conflict' });
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(200_000);
    // Ten grants of one return at once: one recorded.
    const grants = await Promise.allSettled(Array.from({ length: 10 }, () => writeTransaction(store.db, (trx) => grantStoreCredit(trx, { u_id: shopper.u_id, amount: 100_000, r_id: 904 }))));
    expect(grants.every((g) => g.status === 'fulfilled')).toBe(true);
    expect(await storeCreditBalance(store.db, shopper.u_id)).toBe(300_000);
  });
});
