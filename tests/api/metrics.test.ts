import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestStore, type TestStore } from '../helpers/store.ts';

/** GET /metrics (api/metrics.ts): off without METRICS_TOKEN, then only for its bearer; Prometheus's text. */
const TOKEN = 'metrics-token-for-the-tests-0123456789';

let store: TestStore;
let off: TestStore;
beforeAll(async () => {
  store = await createTestStore({ METRICS_TOKEN: TOKEN });
  off = await createTestStore();
});
afterAll(async () => {
  await store.close();
  await off.close();
});

describe('GET /metrics', () => {
  it('is absent (404) without METRICS_TOKEN, even with a bearer', async () => {
    expect((await call(off, 'GET', '/metrics')).status).toBe(404);
    expect((await call(off, 'GET', '/metrics', undefined, { Authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const headers of [{}, { Authorization: 'Bearer wrong' }, { Authorization: `Bearer ${TOKEN}x` }, { Authorization: TOKEN }, { Authorization: `Basic ${TOKEN}` }] as Record<string, string>[]) {
      const res = await call(store, 'GET', '/metrics', undefined, headers);
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toMatchObject({ status: 0, data: null });
      expect(JSON.stringify(res.body)).not.toContain('aurum_');
    }
  });

  it('with the token: requests by route pattern and status, durations, busy answers, payments needing attention', async () => {
    await call(store, 'POST', '/getproducts', {});
    await call(store, 'GET', '/getcart/12345');
    const res = await call(store, 'GET', '/metrics', undefined, { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = res.body as string;
    expect(text).toMatch(/^aurum_http_requests_total\{method="POST",route="\/getproducts",status="200"\} \d+$/m);
    expect(text).toMatch(/^aurum_http_requests_total\{method="GET",route="\/getcart\/:u_id",status="403"\} \d+$/m);
    expect(text).not.toContain('/getcart/12345');
    expect(text).toMatch(/^aurum_http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/getproducts",status="200"\} \d+$/m);
    expect(text).toMatch(/^aurum_database_busy_answers_total \d+$/m);
    expect(text).toMatch(/^aurum_disk_full_answers_total \d+$/m);
    expect(text).toMatch(/^aurum_payments_needing_attention 0$/m);
    expect(text).toContain('# TYPE aurum_database_pool_connections gauge');
    expect(text).toContain('# TYPE aurum_checkout_lane_queue_depth gauge');
    expect(text).toMatch(/^aurum_process_resident_memory_bytes \d+$/m);
  });

  it('counts payments needing attention: one refund due', async () => {
    const { rows } = { rows: await store.db.selectFrom('payments').select('pay_id').execute() };
    expect(rows).toEqual([]);
    await store.db
      .insertInto('payments')
      .values({ provider: 'sandbox', provider_order_id: 'order_metrics_1', payment_session_id: 'session_metrics_1', u_id: null, amount: 100000, currency: 'INR', status: 'refund_due', o_id: null, checkout: null, locked_until: null, note: null, refund_amount: null })
      .execute();
    const res = await call(store, 'GET', '/metrics', undefined, { Authorization: `Bearer ${TOKEN}` });
    expect(res.body as string).toMatch(/^aurum_payments_needing_attention 1$/m);
  });
});
