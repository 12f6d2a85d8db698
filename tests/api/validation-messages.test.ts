import { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeIssues } from '../../api/validation.ts';
import { call, createTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

it('a malformed field gets a sentence naming it, never the validator\'s raw text', async () => {
  const res = await call(store, 'POST', '/getuserreviews', { p_id: 'x' });
  expect(res.status).toBe(400);
  expect(res.body.description).not.toMatch(/expected|received|NaN|Invalid input/);
  expect(res.body.description).toMatch(/^p_id /);
});

it.each([
  [z.object({ page: z.coerce.number().int() }), { page: 'abc' }, 'page must be a number.'],
  [z.object({ page: z.number() }), {}, 'page is required.'],
  [z.object({ n: z.number().int().min(1) }), { n: 0 }, 'n must be at least 1.'],
  [z.object({ p_id: z.coerce.number().int().positive() }), { p_id: 0 }, 'p_id must be more than 0.'],
  [z.object({ n: z.number().lt(5) }), { n: 5 }, 'n must be less than 5.'],
  [z.object({ s: z.string().max(3) }), { s: 'long' }, 's must be at most 3 characters.'],
  [z.object({ a: z.array(z.number()) }), { a: 'x' }, 'a must be a list.'],
  [z.object({ k: z.enum(['gold', 'silver']) }), { k: 'tin' }, 'k must be one of gold, silver.'],
  [z.object({ e: z.email() }), { e: 'x' }, 'e is not a valid email.'],
  [z.object({ p: z.string({ error: 'Phone number is required.' }) }), {}, 'Phone number is required.'],
])('%#: %j answers a sentence', (schema, input, sentence) => {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  expect(describeIssues(result.error!)).toBe(sentence);
});
