/**
 * The outbox (issue 35): every message that leaves the shop (an e-mail, an SMS, a webhook
 * call) is a row written by `enqueue` INSIDE the transaction of the change that causes it,
 * so it exists exactly when that change committed. The dispatcher (api/messages/dispatcher.ts)
 * claims due rows (`claimDue`, each by one instance), sends them outside any request, and
 * marks them sent or due again later with a growing back-off (`markRetry`); after about a day
 * of failures a message is 'failed' and the back office can try it again (`retryFailed`).
 */
import { randomUUID } from 'node:crypto';
import { type QueryCreator, type RawBuilder, type Selectable, sql } from 'kysely';
import { type DB, engineOf } from '../connection.ts';
import type { Database, OutboxChannel, OutboxStatus, OutboxTable } from '../schema.ts';

export type OutboxMessage = Selectable<OutboxTable>;

/** Text known now, or made by the statement (an id the same statement inserts: db/queries/orders.ts OrderId). */
export type Text = string | RawBuilder<string>;

/** A message to send, as enqueue takes it. */
export interface NewMessage {
  channel: OutboxChannel;
  /** What happened, e.g. 'order.placed'. */
  event: string;
  /** Stable per event and recipient ("order.placed:42:email:a@b.in"): the same message is never enqueued twice. */
  dedupe_key: Text;
  /** An e-mail address, an E.164 phone, a webhook endpoint's id. */
  recipient: string;
  /** What the channel needs to render and send it: a value (stored as JSON) or JSON text (see jsonWithId). */
  payload: Text | Record<string, unknown>;
  /** Sent no earlier than this many ms after the commit (0: at once). */
  delayMs?: number;
}

/** A new message's id: its e-mail Message-ID is <id@the sender's domain>, its webhook-id the id itself. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** The mark jsonWithId and textWithId replace by an id. */
export const ID_MARK = '\u0000id\u0000';

function isRaw(value: unknown): value is RawBuilder<string> {
  return typeof value === 'object' && value !== null && 'toOperationNode' in value;
}

/**
 * `text` with every ID_MARK replaced by `id`: at once for a number, in SQL for an id the same
 * statement makes (an order inserted with its writes on PostgreSQL: insertOrder's OrderId).
 */
export function textWithId(text: string, id: number | RawBuilder<number>): Text {
  if (typeof id === 'number') return text.replaceAll(ID_MARK, String(id));
  const parts = text.split(ID_MARK).map((part) => sql<string>`cast(${part} as text)`);
  const pieces: RawBuilder<string>[] = [];
  parts.forEach((part, i) => pieces.push(...(i ? [sql<string>`cast(${id} as text)`, part] : [part])));
  return sql<string>`(${sql.join(pieces, sql` || `)})`;
}

/** A payload's JSON where every value ID_MARK becomes the number `id` (see textWithId). */
export function jsonWithId(value: Record<string, unknown>, id: number | RawBuilder<number>): Text {
  return textWithId(JSON.stringify(value).replaceAll(JSON.stringify(ID_MARK), ID_MARK), id);
}

/** The insert of messages, not yet run (for a write that goes with an order: insertOrder's OrderWrite). A duplicate dedupe_key inserts nothing. */
export function outboxInsert(db: QueryCreator<Database>, messages: NewMessage[], now = Date.now()) {
  return db
    .insertInto('outbox')
    .values(
      messages.map((m) => ({
        channel: m.channel,
        event: m.event,
        dedupe_key: m.dedupe_key,
        recipient: m.recipient,
        payload: typeof m.payload === 'string' || isRaw(m.payload) ? (m.payload as Text) : JSON.stringify(m.payload),
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: now + (m.delayMs ?? 0),
        message_id: newMessageId(),
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing());
}

/**
 * Enqueues messages inside the caller's writeTransaction (`trx`): they exist iff the change
 * commits; one already enqueued under the same dedupe_key is left as it is. Tell the
 * dispatcher after the commit (api/messages/nudge.ts messagesWaiting) to send at once.
 */
export async function enqueue(trx: DB, messages: NewMessage | NewMessage[]): Promise<void> {
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length) await outboxInsert(trx, list).execute();
}

/**
 * Claims up to `limit` due messages for `instance` for `leaseMs` (attempts counted now, so a
 * crash while sending counts too) and answers them, oldest due first. Each due message is
 * claimed by one instance: PostgreSQL locks the rows it picks and skips those another claim
 * has locked (FOR UPDATE SKIP LOCKED); SQLite's one writer runs the one statement alone.
 * A claim whose instance died runs out at locked_until, and the message is due again.
 */
export async function claimDue(db: DB, instance: string, limit: number, leaseMs: number, now = Date.now()): Promise<OutboxMessage[]> {
  let due = db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  if (engineOf(db) === 'postgres') due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('outbox')
    .set({ locked_until: now + leaseMs, claimed_by: instance, attempts: sql<number>`attempts + 1` })
    .where('id', 'in', due)
    .where('status', '=', 'pending')
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.next_attempt_at - b.next_attempt_at || a.id - b.id);
}

/** Marks messages sent (whoever claimed them: they have left the shop), in one statement. */
export async function markSent(db: DB, ids: number | number[], now = Date.now(), forget: readonly number[] = []): Promise<void> {
  const list = Array.isArray(ids) ? ids : [ids];
  if (!list.length) return;
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: now, locked_until: null, last_error: null })
    .where('id', 'in', list)
    .where('status', '=', 'pending')
    .execute();
  // A payload that carried a secret (a one-time code) is not kept once it has been sent.
  if (forget.length) await db.updateTable('outbox').set({ payload: FORGOTTEN_PAYLOAD }).where('id', 'in', forget).where('status', '=', 'sent').execute();
}

/** What a sent message's secret payload becomes (markSent's `forget`). */
export const FORGOTTEN_PAYLOAD = '{"forgotten":"The payload held a one-time code and was removed once the message was sent."}';

/**
 * Waits after failed attempt n (1-based), then tries again: 30 s, 2 min, 10 min, 30 min, 1 h, 2 h,
 * 4 h, 8 h, 8 h (about 24 hours in all); after the last the message is failed.
 */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 28_800_000] as const;

/** When a message whose attempt `attempts` just failed is tried again; null when it is given up (failed). */
export function nextAttemptAfter(attempts: number, now: number): number | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : now + delay;
}

/** The longest error text kept (an SMTP answer, a provider's body). */
const ERROR_LENGTH = 1000;

/**
 * A failed attempt of `message` (as claimed by `instance`): due again after the back-off, or
 * failed with the error once the retries ran out, or at once when `permanent` (an address the
 * server refuses for good). Answers the status it is left in; nothing changes when the claim
 * was lost to another instance meanwhile.
 */
export async function markRetry(
  db: DB,
  message: Pick<OutboxMessage, 'id' | 'attempts'>,
  instance: string,
  error: string,
  options: { permanent?: boolean; now?: number } = {},
): Promise<OutboxStatus> {
  const now = options.now ?? Date.now();
  const next = options.permanent ? null : nextAttemptAfter(message.attempts, now);
  const status: OutboxStatus = next === null ? 'failed' : 'pending';
  await db
    .updateTable('outbox')
    .set({ status, next_attempt_at: next ?? now, locked_until: null, claimed_by: null, last_error: error.slice(0, ERROR_LENGTH) })
    .where('id', '=', message.id)
    .where('claimed_by', '=', instance)
    .where('status', '=', 'pending')
    .execute();
  return status;
}

/** The back office's Retry: a failed message due at once, with a fresh round of retries. Answers it as it was (undefined: no such failed message). */
export async function retryFailed(trx: DB, id: number, now = Date.now()): Promise<OutboxMessage | undefined> {
  const before = await trx.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
  if (!before || before.status !== 'failed') return before;
  await trx
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, locked_until: null, claimed_by: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .execute();
  return before;
}

export interface MessageFilter {
  status?: OutboxStatus;
  channel?: OutboxChannel;
  page: number;
  perPage: number;
}

/** The back office's list, newest first, and how many match. */
export async function listMessages(db: DB, filter: MessageFilter): Promise<{ rows: OutboxMessage[]; total: number }> {
  let query = db.selectFrom('outbox');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.channel) query = query.where('channel', '=', filter.channel);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One message by id. */
export function findMessage(db: DB, id: number): Promise<OutboxMessage | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Messages not sent (pending, failed) by channel and status, and how long the most overdue pending one has been due: the outbox's depth for /metrics. */
export async function outboxDepth(db: DB, now = Date.now()): Promise<{ counts: { channel: OutboxChannel; status: OutboxStatus; n: number }[]; overdueMs: number }> {
  const [counts, oldest] = await Promise.all([
    db
      .selectFrom('outbox')
      .select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', ['pending', 'failed'])
      .groupBy(['channel', 'status'])
      .execute(),
    db.selectFrom('outbox').select((eb) => eb.fn.min('next_attempt_at').as('due')).where('status', '=', 'pending').executeTakeFirst(),
  ]);
  const due = oldest?.due == null ? null : Number(oldest.due);
  return { counts: counts.map((c) => ({ ...c, n: Number(c.n) })), overdueMs: due === null ? 0 : Math.max(0, now - due) };
}
