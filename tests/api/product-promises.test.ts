/**
 * A product's answer (POST /getproductbyid) carries the shop policy's promises for the piece
 * (issue 36), worded by rules/shop-policy.ts productPromises as the pre-rendered product page
 * words them, from the piece's flags (partial_refund, non_returnable): the bare /product-details
 * page shows them without the policy's code in the browser. A policy the owner saves shows in
 * the very next answer, kept answers included. Every answer checked against openapi.yaml.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../helpers/catalogue.ts';
import { contractCaller } from '../helpers/contract.ts';
import { createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let owner: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  store = await createTestStore();
  owner = await createUser(store, { u_type: '0' });
});
afterAll(() => store.close());

const api = contractCaller(() => store);

/** A product with these return flags. */
async function pieceWith(flags: { partial_refund: 0 | 1; non_returnable: 'engraved' | null }) {
  const { p_id } = await createProduct(store);
  await store.db.updateTable('products').set(flags).where('p_id', '=', p_id).execute();
  return p_id;
}

const promisesOf = async (p_id: number) => {
  const res = await api('POST', '/getproductbyid', { p_id });
  expect(res.status).toBe(200);
  return res.body.data.promises as string[];
};

const EXCHANGE = "Exchange at 100% of the gold's value at the day's rate";

describe('the promises in a product answer', () => {
  it("say the documents' policy for each kind of piece", async () => {
    const plain = await pieceWith({ partial_refund: 0, non_returnable: null });
    const everyday = await pieceWith({ partial_refund: 1, non_returnable: null });
    const engraved = await pieceWith({ partial_refund: 0, non_returnable: 'engraved' });
    expect(await promisesOf(plain)).toEqual(['Returns within 2 hours of delivery', EXCHANGE]);
    expect(await promisesOf(everyday)).toEqual(['Everyday Collection: returns within 2 hours of delivery, 50% of the price refunded', EXCHANGE]);
    expect(await promisesOf(engraved)).toEqual(['Engraved piece: cannot be returned unless defective', EXCHANGE]);
  });

  it('follow a policy the owner saves from the next answer, though the answer was kept', async () => {
    const everyday = await pieceWith({ partial_refund: 1, non_returnable: null });
    // Asked three times: kept from the second asking, the third answered from what was kept.
    for (let i = 0; i < 3; i++) expect(await promisesOf(everyday)).toEqual(['Everyday Collection: returns within 2 hours of delivery, 50% of the price refunded', EXCHANGE]);
    const saved = await api('PUT', '/setshoppolicy', { return_window_hours: 168, exchange_allowed: false, partial_refund_percent: 60 }, owner.auth);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await promisesOf(everyday)).toEqual(['Everyday Collection: returns within 7 days of delivery, 60% of the price refunded']);
    const restored = await api('PUT', '/setshoppolicy', { return_window_hours: 2, exchange_allowed: true, partial_refund_percent: 50 }, owner.auth);
    expect(restored.status).toBe(200);
    expect(await promisesOf(everyday)).toEqual(['Everyday Collection: returns within 2 hours of delivery, 50% of the price refunded', EXCHANGE]);
  });
});
