import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestStore } from '../helpers/store.ts';

describe('GET /healthz', () => {
  const stores: Awaited<ReturnType<typeof createTestStore>>[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close().catch(() => undefined);
  });

  it('answers 200 with the database reachable, never cached', async () => {
    const store = await createTestStore();
    stores.push(store);
    const res = await call(store, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, description: 'OK', data: { database: 'reachable', writable: true } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 with the reason in the envelope when the database cannot be reached', async () => {
    const store = await createTestStore();
    stores.push(store);
    await store.db.destroy();
    const res = await call(store, 'GET', '/healthz');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe(0);
    expect(res.body.data).toBeNull();
    expect(res.body.description).toMatch(/^The database cannot be reached/);
  });
});
