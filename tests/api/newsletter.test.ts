/**
 * The newsletter, double opt-in (issue 35), through a real SMTP server started here: a sign-up
 * is pending and sent one confirmation; only a confirmed address receives the newsletter; every
 * newsletter carries a one-click unsubscribe link and the List-Unsubscribe / List-Unsubscribe-Post
 * headers (RFC 8058), and the mail client's one-click POST unsubscribes. Order messages carry none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sendNewsletter } from '../../db/queries/newsletter.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';
import { storeSendingMail } from '../helpers/smtp.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

function setUp() {
  return storeSendingMail(cleanups, { MAIL_FROM: 'Aurum Jewels <news@example.test>', PUBLIC_URL: 'https://shop.example', PAYMENT_PROVIDER: 'sandbox' });
}

async function api(store: TestStore, method: string, url: string, body?: unknown) {
  const res = await call(store, method, url, body);
  expectMatchesContract(method, url, res);
  return res;
}

const SIGNED_UP = 'Thank you! Please check your inbox to confirm your subscription.';

/** The token in a confirmation link of a received message's text part. */
function linkToken(text: string, kind: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`https://shop\\.example/subscription\\?${kind}=([A-Za-z0-9_-]+)`).exec(text);
  expect(match, `a ${kind} link in:\n${text}`).not.toBeNull();
  return match![1]!;
}

async function subscriber(store: TestStore, email: string) {
  return store.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();
}

describe('newsletter sign-up (double opt-in)', () => {
  it('stores the address as pending, sends one confirmation, and confirms from its link', async () => {
    const { store, smtp } = await setUp();
    const first = await api(store, 'POST', '/newsletter', { email: 'Fan@Example.com' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 1, description: SIGNED_UP, data: null });
    expect(await subscriber(store, 'fan@example.com')).toMatchObject({ status: 'pending', confirmed_at: null });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['fan@example.com']);
    expect(mail!.parsed.subject).toBe('Please confirm your subscription to the Aurum Jewels newsletter');
    // The confirmation is not marketing yet: no unsubscribe header, and it says nothing more comes without it.
    expect(mail!.parsed.headers.has('list')).toBe(false);
    expect(mail!.parsed.text).toContain('without your confirmation we will not write again');
    const token = linkToken(mail!.parsed.text!, 'confirm');
    expect(mail!.parsed.html).toContain(`https://shop.example/subscription?confirm=${token}`);

    // A repeat sign-up within ten minutes answers the same and sends nothing more.
    const again = await api(store, 'POST', '/newsletter', { email: 'fan@example.com ' });
    expect(again.body).toMatchObject({ status: 1, description: SIGNED_UP });
    expect((await store.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'fan@example.com').execute())).toHaveLength(1);

    const confirmed = await api(store, 'POST', '/newsletter/confirm', { token });
    expect(confirmed.body).toMatchObject({ status: 1, description: 'Your subscription is confirmed. Thank you!' });
    expect(await subscriber(store, 'fan@example.com')).toMatchObject({ status: 'confirmed' });
    expect((await api(store, 'POST', '/newsletter/confirm', { token })).body.description).toBe('Your subscription was already confirmed.');

    // Signing up again once confirmed answers alike (nothing told about the address) and sends nothing.
    expect((await api(store, 'POST', '/newsletter', { email: 'fan@example.com' })).body.description).toBe(SIGNED_UP);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
    expect(await store.db.selectFrom('outbox').select('id').where('event', '=', 'newsletter.confirm').execute()).toHaveLength(1);
  });

  it('refuses a missing or malformed address, and a token that was never issued, changing nothing', async () => {
    const store = await createTestStore();
    cleanups.push(() => store.close());
    const before = await store.db.selectFrom('newsletter_subscribers').selectAll().execute();
    expect((await api(store, 'POST', '/newsletter', {})).body.description).toBe('Email is required.');
    expect((await api(store, 'POST', '/newsletter', { email: 'nope' })).body.description).toBe('Please enter a valid email address.');
    const unknown = await api(store, 'POST', '/newsletter/confirm', { token: 'x'.repeat(32) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.description).toBe('This confirmation link is no longer valid. Please sign up for the newsletter again.');
    expect((await api(store, 'POST', '/newsletter/confirm', { token: 'short' })).status).toBe(400);
    expect((await api(store, 'POST', '/newsletter/unsubscribe?token=' + 'y'.repeat(32))).status).toBe(404);
    expect((await api(store, 'POST', '/newsletter/unsubscribe')).status).toBe(400);
    expect(await store.db.selectFrom('newsletter_subscribers').selectAll().execute()).toEqual(before);
    expect(await store.db.selectFrom('outbox').select('id').execute()).toHaveLength(0);
  });
});

describe('the newsletter itself', () => {
  it('goes only to confirmed subscribers, with a one-click unsubscribe link and List-Unsubscribe headers; the one-click POST unsubscribes', async () => {
    const { store, smtp } = await setUp();
    await api(store, 'POST', '/newsletter', { email: 'confirmed@example.com' });
    await api(store, 'POST', '/newsletter', { email: 'pending@example.com' });
    const confirmations = await smtp.waitFor(2);
    const confirmMail = confirmations.find((m) => m.to[0] === 'confirmed@example.com')!;
    await api(store, 'POST', '/newsletter/confirm', { token: linkToken(confirmMail.parsed.text!, 'confirm') });

    const count = await sendNewsletter(store.db, { issue: 'diwali-2026', subject: 'The Diwali collection is here', body: 'Twelve new pieces in 22K gold.\n\nSee them before anyone else.' });
    // The test store's database holds no demo subscribers: just the one confirmed here.
    expect(count).toBe(1);
    // The same sending enqueued again sends nothing twice.
    expect(await sendNewsletter(store.db, { issue: 'diwali-2026', subject: 'The Diwali collection is here', body: 'x' })).toBe(1);
    const all = await smtp.waitFor(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(3);
    const news = all.find((m) => m.parsed.subject === 'The Diwali collection is here')!;
    expect(news.to).toEqual(['confirmed@example.com']);
    expect(news.parsed.text).toContain('Twelve new pieces in 22K gold.');
    const token = linkToken(news.parsed.text!, 'unsubscribe');
    // mailparser reads the List-* headers into one 'list' value.
    const list = news.parsed.headers.get('list') as { unsubscribe: { url: string }; 'unsubscribe-post': { name: string } };
    expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
    const oneClick = list.unsubscribe.url;
    expect(oneClick).toBe(`https://shop.example/newsletter/unsubscribe?token=${token}`);

    // What a mail client's Unsubscribe button does (RFC 8058): POST the form body to that address.
    const res = await store.app.request(oneClick.replace('https://shop.example', ''), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).description).toBe('You are unsubscribed. You will receive no more newsletters from us.');
    expect(await subscriber(store, 'confirmed@example.com')).toMatchObject({ status: 'unsubscribed' });
    // Again is no error; the dead token no longer confirms; the next newsletter reaches no one.
    expect((await api(store, 'POST', `/newsletter/unsubscribe?token=${token}`)).status).toBe(200);
    expect((await api(store, 'POST', '/newsletter/confirm', { token })).status).toBe(404);
    expect(await sendNewsletter(store.db, { issue: 'new-year-2027', subject: 'Happy new year', body: 'Hello.' })).toBe(0);

    // Signing up again after unsubscribing starts over: pending, with a new token and a new confirmation.
    await api(store, 'POST', '/newsletter', { email: 'confirmed@example.com' });
    const [, , , again] = await smtp.waitFor(4);
    expect(linkToken(again!.parsed.text!, 'confirm')).not.toBe(token);
    expect(await subscriber(store, 'confirmed@example.com')).toMatchObject({ status: 'pending' });
  });

  it('two sign-ups of one address at once store it once and send one confirmation', async () => {
    const { store, smtp } = await setUp();
    const answers = await Promise.all(Array.from({ length: 6 }, () => api(store, 'POST', '/newsletter', { email: 'race@example.com' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await store.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', 'race@example.com').execute()).toHaveLength(1);
    await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
  });
});

describe('the back office sends the newsletter', () => {
  it('counts subscribers by state, sends to the confirmed ones (owner and manager only), and records the sending', async () => {
    const { store, smtp } = await setUp();
    const owner = await createUser(store, { u_type: '0' });
    const desk = await createUser(store, { u_type: '0' });
    await store.db.updateTable('users').set({ role: 'orders' }).where('u_id', '=', desk.u_id).execute();
    await api(store, 'POST', '/newsletter', { email: 'one@example.com' });
    await api(store, 'POST', '/newsletter', { email: 'two@example.com' });
    const confirmations = await smtp.waitFor(2);
    await api(store, 'POST', '/newsletter/confirm', { token: linkToken(confirmations[0]!.parsed.text!, 'confirm') });

    const counts = await call(store, 'GET', '/getnewsletter', undefined, owner.auth);
    expectMatchesContract('GET', '/getnewsletter', counts);
    expect(counts.body.data).toEqual({ pending: 1, confirmed: 1, unsubscribed: 0 });

    const refused = await call(store, 'POST', '/sendnewsletter', { subject: 'Hello', body: 'Hi.' }, desk.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.description).toBe("You need permission to send the newsletter to its confirmed subscribers. Ask the shop's owner if you should have it.");
    const blank = await call(store, 'POST', '/sendnewsletter', { subject: ' ', body: 'Hi.' }, owner.auth);
    expect(blank.status).toBe(400);
    expect(blank.body.description).toBe('Subject is required.');

    const sent = await call(store, 'POST', '/sendnewsletter', { subject: 'Akshaya Tritiya offers', body: 'No making charges on 22K coins this week.' }, owner.auth);
    expectMatchesContract('POST', '/sendnewsletter', sent);
    expect(sent.body).toMatchObject({ status: 1, description: 'The newsletter is on its way to 1 subscriber.', data: { recipients: 1 } });
    // A double click is one sending.
    await call(store, 'POST', '/sendnewsletter', { subject: 'Akshaya Tritiya offers', body: 'No making charges on 22K coins this week.' }, owner.auth);
    await smtp.waitFor(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.parsed.subject === 'Akshaya Tritiya offers').map((m) => m.to)).toEqual([[confirmations[0]!.to[0]]]);
    const audit = await store.db.selectFrom('audit_log').selectAll().where('action', '=', 'newsletter.send').execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actor_u_id: owner.u_id, entity: 'newsletter' });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ subject: 'Akshaya Tritiya offers', recipients: 1 });
  });
});
