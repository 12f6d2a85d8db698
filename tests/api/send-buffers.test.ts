// A listing page asked once is copied into a reused send buffer as it is sent
// (api/routes/catalogue/cache.ts, sendOnce): a buffer is handed out again only once Node
// has handed its answer to the system, so no answer is overwritten while it is written.

import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendOnce } from '../../api/routes/catalogue/cache.ts';
import type { AppEnv } from '../../api/context.ts';
import { createCategory, createProduct } from '../helpers/catalogue.ts';
import { call, createTestStore, type TestStore } from '../helpers/store.ts';

/** A route's context as sendOnce reads it: Node's response, when there is one. */
const contextWith = (outgoing?: EventEmitter) => ({ env: outgoing ? { outgoing } : undefined }) as unknown as Context<AppEnv>;
const pieces = (text: string) => [Buffer.from(text.slice(0, 3)), Buffer.from(text.slice(3))];

describe('send buffers', () => {
  it('are handed out again only after their answer finished or its connection closed, once each', () => {
    const first = new EventEmitter();
    const a = sendOnce(contextWith(first), pieces('{"a":"first answer"}'));
    const second = new EventEmitter();
    const b = sendOnce(contextWith(second), pieces('{"b":"second"}'));
    expect(b.buffer).not.toBe(a.buffer);
    expect(Buffer.from(a).toString()).toBe('{"a":"first answer"}');

    first.emit('finish');
    const c = sendOnce(contextWith(new EventEmitter()), pieces('{"c":3}'));
    expect(c.buffer).toBe(a.buffer);
    expect(Buffer.from(c).toString()).toBe('{"c":3}');

    // 'close' after 'finish' gives nothing back twice: the next two answers get two buffers.
    first.emit('close');
    second.emit('close');
    const d = sendOnce(contextWith(new EventEmitter()), pieces('{"d":4}'));
    const e = sendOnce(contextWith(new EventEmitter()), pieces('{"e":5}'));
    expect(d.buffer).toBe(b.buffer);
    expect(e.buffer).not.toBe(d.buffer);
    expect(e.buffer).not.toBe(c.buffer);
  });

  it('take texts among the bytes, written as UTF-8 where they stand (multi-byte characters too)', () => {
    const parts = ['{"name":"', Buffer.from('Jhumka ₹'), '4,10,640 — 22K', Buffer.from('"'), '}'];
    const whole = '{"name":"Jhumka ₹4,10,640 — 22K"}';
    const sent = sendOnce(contextWith(new EventEmitter()), parts);
    expect(Buffer.from(sent).toString()).toBe(whole);
    expect(sent.byteLength).toBe(Buffer.byteLength(whole));
    // Without Node's response: joined for it alone, the same bytes.
    expect(Buffer.from(sendOnce(contextWith(), parts)).toString()).toBe(whole);
  });

  it('are not used without a Node response (app.request) nor for an answer longer than one', () => {
    // Past Node's small-buffer pool (half of Buffer.poolSize, 32 kB on Node 24), so each answer's bytes are an allocation of their own.
    const a = sendOnce(contextWith(), pieces(`{"a":"${'a'.repeat(40_000)}"}`));
    const b = sendOnce(contextWith(), pieces(`{"b":"${'b'.repeat(40_000)}"}`));
    expect(b.buffer).not.toBe(a.buffer);
    expect(Buffer.from(a).toString()).toBe(`{"a":"${'a'.repeat(40_000)}"}`);
    const long = `{"x":"${'x'.repeat(70_000)}"}`;
    const outgoing = new EventEmitter();
    const own = sendOnce(contextWith(outgoing), pieces(long));
    expect(own.byteLength).toBe(long.length);
    expect(outgoing.listenerCount('finish')).toBe(0);
  });
});

describe('over HTTP', () => {
  let store: TestStore;
  let cate_id: number;
  beforeAll(async () => {
    store = await createTestStore();
    cate_id = (await createCategory(store)).cate_id;
    for (let i = 0; i < 30; i++) await createProduct(store, { cate_id, carats: [{ inr_price: 100_000 + i * 100, usd_price: 1_200 + i }] });
  });
  afterAll(() => store.close());

  it('200 listings whose filters are new, 20 at a time on kept-alive connections: each answer whole and as app.request gives it', async () => {
    const bodies = Array.from({ length: 200 }, (_, i) => ({
      is_admin: 1,
      page: 1 + (i % 3),
      perPage: 5 + (i % 7),
      sort: ['newest', 'price_asc', 'price_desc', 'bestsellers'][i % 4],
      filter: { categories: [cate_id], minPrice: 1 + (i % 13), maxPrice: 1_000 + i },
    }));
    const server = serve({ fetch: store.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const answers: unknown[] = [];
      let next = 0;
      const shopper = async () => {
        while (next < bodies.length) {
          const i = next++;
          const res = await fetch(`http://127.0.0.1:${port}/getallproducts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bodies[i]) });
          expect(res.status).toBe(200);
          const text = await res.text();
          expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
          answers[i] = JSON.parse(text);
        }
      };
      await Promise.all(Array.from({ length: 20 }, shopper));
      for (const [i, body] of bodies.entries()) {
        const expected = await call(store, 'POST', '/getallproducts', body);
        expect(answers[i]).toEqual(expected.body);
      }
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBeGreaterThan(50);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
