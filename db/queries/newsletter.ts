/**
 * The newsletter, double opt-in (issue 35): a sign-up is pending until the address's owner
 * confirms it from the e-mail sent to it; every newsletter carries a one-click unsubscribe.
 * Each change and the message it causes are written in one transaction (the outbox), so a
 * confirmation is sent exactly when the sign-up is stored.
 */
import { randomBytes } from 'node:crypto';
import type { DB } from '../connection.ts';
import { recordChange } from '../audit.ts';
import { utcTimestamp } from '../time.ts';
import { type Trx, writeTransaction } from '../transaction.ts';
import { enqueue } from './outbox.ts';

export const NEWSLETTER_CONFIRM_EVENT = 'newsletter.confirm';
export const NEWSLETTER_ISSUE_EVENT = 'newsletter.issue';

/** A repeated sign-up re-sends the confirmation at most once in this time (an inbox is not a target). */
export const CONFIRM_RESEND_MS = 10 * 60_000;

/** What the confirmation e-mail says: the links carry the subscription's token. */
export interface NewsletterConfirmPayload {
  email: string;
  token: string;
}

/** A newsletter as sent to one subscriber (a snapshot: a retry tomorrow says the same). */
export interface NewsletterIssuePayload {
  email: string;
  token: string;
  subject: string;
  body: string;
}

export type SubscribeOutcome = 'confirmation_sent' | 'already_confirmed' | 'confirmation_recently_sent';

function newToken(): string {
  return randomBytes(24).toString('base64url');
}

async function enqueueConfirmation(trx: Trx, subscriber: { n_id: number; email: string; token: string }, now: number): Promise<boolean> {
  // One confirmation per ten minutes for a subscription, whatever is clicked meanwhile.
  const dedupe_key = `${NEWSLETTER_CONFIRM_EVENT}:${subscriber.n_id}:${subscriber.token}:${Math.floor(now / CONFIRM_RESEND_MS)}`;
  if (await trx.selectFrom('outbox').select('id').where('dedupe_key', '=', dedupe_key).executeTakeFirst()) return false;
  await enqueue(trx, {
    channel: 'email',
    event: NEWSLETTER_CONFIRM_EVENT,
    recipient: subscriber.email,
    dedupe_key,
    payload: { email: subscriber.email, token: subscriber.token } satisfies NewsletterConfirmPayload,
  });
  return true;
}

/**
 * Signs an address up: a new or unsubscribed address becomes pending with a fresh token and is
 * sent the confirmation; a pending one is sent it again (at most every ten minutes); a
 * confirmed one is left as it is. The caller answers every case alike, so the form tells a
 * visitor nothing about someone else's address.
 */
export async function subscribeToNewsletter(db: DB, address: string, now = Date.now()): Promise<SubscribeOutcome> {
  const email = address.trim().toLowerCase();
  return writeTransaction(db, async (trx): Promise<SubscribeOutcome> => {
    await trx
      .insertInto('newsletter_subscribers')
      .values({ email, status: 'pending', token: newToken() })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    const row = await trx.selectFrom('newsletter_subscribers').select(['n_id', 'email', 'status', 'token']).where('email', '=', email).executeTakeFirstOrThrow();
    if (row.status === 'confirmed') return 'already_confirmed';
    let token = row.token;
    if (row.status === 'unsubscribed' || token === null) {
      token = newToken();
      await trx.updateTable('newsletter_subscribers').set({ status: 'pending', token, unsubscribed_at: null }).where('n_id', '=', row.n_id).execute();
    }
    const sent = await enqueueConfirmation(trx, { n_id: row.n_id, email: row.email, token }, now);
    return sent ? 'confirmation_sent' : 'confirmation_recently_sent';
  }, { name: 'subscribeToNewsletter' });
}

export type ConfirmOutcome = 'confirmed' | 'already_confirmed' | 'unknown';

/** Confirms the subscription a token belongs to (a pending one; an unsubscribed token is dead). */
export async function confirmSubscription(db: DB, token: string): Promise<ConfirmOutcome> {
  return writeTransaction(db, async (trx): Promise<ConfirmOutcome> => {
    const row = await trx.selectFrom('newsletter_subscribers').select(['n_id', 'status']).where('token', '=', token).executeTakeFirst();
    if (!row || row.status === 'unsubscribed') return 'unknown';
    if (row.status === 'confirmed') return 'already_confirmed';
    await trx.updateTable('newsletter_subscribers').set({ status: 'confirmed', confirmed_at: utcTimestamp() }).where('n_id', '=', row.n_id).where('status', '=', 'pending').execute();
    return 'confirmed';
  }, { name: 'confirmSubscription' });
}

export type UnsubscribeOutcome = 'unsubscribed' | 'unknown';

/** Ends the subscription a token belongs to; again is no error (a mail client may post twice). */
export async function unsubscribe(db: DB, token: string): Promise<UnsubscribeOutcome> {
  return writeTransaction(db, async (trx): Promise<UnsubscribeOutcome> => {
    const row = await trx.selectFrom('newsletter_subscribers').select(['n_id', 'status']).where('token', '=', token).executeTakeFirst();
    if (!row) return 'unknown';
    if (row.status !== 'unsubscribed') {
      await trx.updateTable('newsletter_subscribers').set({ status: 'unsubscribed', unsubscribed_at: utcTimestamp() }).where('n_id', '=', row.n_id).execute();
    }
    return 'unsubscribed';
  }, { name: 'unsubscribe' });
}

/** How many addresses are in each state (the back office's newsletter card). */
export async function newsletterCounts(db: DB): Promise<Record<'pending' | 'confirmed' | 'unsubscribed', number>> {
  const rows = await db.selectFrom('newsletter_subscribers').select(['status', (eb) => eb.fn.countAll<string | number>().as('count')]).groupBy('status').execute();
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

const SEND_BATCH = 500;

/**
 * Sends a newsletter to every confirmed subscriber: one outbox message each (its own
 * unsubscribe link in the payload), all written in the staff member's one audited
 * transaction, so the newsletter goes to everyone or to no one. `issue` names this
 * sending (dedupe keys), so the same sending enqueued twice sends once. Answers how many.
 */
export async function sendNewsletter(db: DB, newsletter: { issue: string; subject: string; body: string }): Promise<number> {
  return writeTransaction(db, async (trx) => {
    let sent = 0;
    let after = 0;
    for (;;) {
      const batch = await trx
        .selectFrom('newsletter_subscribers')
        .select(['n_id', 'email', 'token'])
        .where('status', '=', 'confirmed')
        .where('token', 'is not', null)
        .where('n_id', '>', after)
        .orderBy('n_id')
        .limit(SEND_BATCH)
        .execute();
      if (batch.length === 0) break;
      await enqueue(
        trx,
        batch.map((s) => ({
          channel: 'email' as const,
          event: NEWSLETTER_ISSUE_EVENT,
          recipient: s.email,
          dedupe_key: `${NEWSLETTER_ISSUE_EVENT}:${newsletter.issue}:${s.n_id}`,
          payload: { email: s.email, token: s.token!, subject: newsletter.subject, body: newsletter.body } satisfies NewsletterIssuePayload,
        })),
      );
      sent += batch.length;
      after = batch[batch.length - 1]!.n_id;
    }
    await recordChange(trx, { action: 'newsletter.send', entity: 'newsletter', entity_id: newsletter.issue, after: { subject: newsletter.subject, recipients: sent } });
    return sent;
  }, { name: 'sendNewsletter' });
}
