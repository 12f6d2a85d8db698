import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract, contractCaller } from '../helpers/contract.ts';
import { call, createTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;

beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

const api = contractCaller(() => store);

const messages = () => store.db.selectFrom('contact_messages').selectAll().execute();

describe('POST /contactus', () => {
  it('stores the message with status new', async () => {
    const res = await api('POST', '/contactus', { name: '  Meera  ', email: 'meera@example.com', message: 'Do you resize rings?', mo_no: '' });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe(1);
    expect(res.body.description).toBe('Thank you for contacting us! We will get back to you soon.');
    const row = (await messages()).find((m) => m.c_id === res.body.data.c_id);
    expect(row).toMatchObject({ name: 'Meera', email: 'meera@example.com', message: 'Do you resize rings?', mo_no: '', status: 'new' });
  });

  it.each([
    [{ email: 'a@b.co', message: 'hi' }, 'Full Name is required.'],
    [{ name: '   ', email: 'a@b.co', message: 'hi' }, 'Full Name is required.'],
    [{ name: 'A', message: 'hi' }, 'Email is required.'],
    [{ name: 'A', email: '', message: 'hi' }, 'Email is required.'],
    [{ name: 'A', email: 'not-an-address', message: 'hi' }, 'Please enter a valid email message.'],
    [{ name: 'A', email: 'a@b.co', message: '  \n ' }, 'Message is required.'],
    [{ name: 'A', email: 'a@b.co', message: 'x'.repeat(6000) }, 'Message must be at most 5000 characters.'],
    [{ name: 42, email: 'a@b.co', message: 'hi' }, 'Full Name is required.'],
  ])('refuses %j with the form\'s message, storing nothing', async (body, description) => {
    const before = (await messages()).length;
    const res = await api('POST', '/contactus', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 0, description });
    expect((await messages()).length).toBe(before);
  });

  it('stores SQL-looking text as text', async () => {
    const res = await api('POST', '/contactus', { name: "Robert'); DROP TABLE contact_messages;--", email: 'r@example.com', message: "' OR 1=1 --" });
    expect(res.status).toBe(201);
    expect((await messages()).some((m) => m.name === "Robert'); DROP TABLE contact_messages;--")).toBe(true);
  });

  it('refuses malformed JSON', async () => {
    const res = await api('POST', '/contactus', '{"name":');
    expect(res.status).toBe(400);
  });
});

// The newsletter sign-up (double opt-in): tests/api/newsletter.test.ts.

describe('flooding', () => {
  it('answers 429 after 20 messages an hour from one address', async () => {
    const flood = await createTestStore();
    try {
      for (let i = 0; i < 20; i++) {
        const ok = await call(flood, 'POST', '/contactus', { name: 'Bot', email: 'bot@example.com', message: `spam ${i}` });
        expect(ok.status).toBe(201);
      }
      const res = await call(flood, 'POST', '/contactus', { name: 'Bot', email: 'bot@example.com', message: 'spam' });
      expectMatchesContract('POST', '/contactus', res);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBeTruthy();
      const count = await flood.db.selectFrom('contact_messages').select('c_id').execute();
      expect(count).toHaveLength(20);
    } finally {
      await flood.close();
    }
  });
});
