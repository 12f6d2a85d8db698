/**
 * The audit trail (issue 34): every back-office write records who did what, the fields
 * that changed (before and after), when, from which address and in which request, in the
 * same transaction as the change. The table is append-only (a trigger refuses UPDATE and
 * DELETE on both engines).
 *
 * Who is acting is set once per back-office request (api/auth.ts requirePermission runs
 * the handler inside `actingAs`); the write paths in db/queries call `recordChange` inside
 * their write transaction. While a staff member acts, writeTransaction (db/transaction.ts)
 * refuses to commit a transaction that recorded nothing: a new back-office write cannot
 * forget its audit entry.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { maskPan } from '../rules/compliance.ts';
import type { DB } from './connection.ts';

/** The staff member a back-office request acts for, as the database knows them. */
export interface Actor {
  u_id: number;
  name: string;
  role: string | null;
  ip: string | null;
  request_id: string | null;
}

const acting = new AsyncLocalStorage<Actor>();

/** Runs `work` as `actor`: the writes it makes are recorded under their name. */
export function actingAs<T>(actor: Actor, work: () => Promise<T>): Promise<T> {
  return acting.run(actor, work);
}

/** The staff member acting in this request, if any (a shopper's or a job's writes have none). */
export function currentActor(): Actor | undefined {
  return acting.getStore();
}

/** Transactions that recorded at least one change: writeTransaction checks it before committing. */
const recorded = new WeakSet<object>();

/** Whether `trx` recorded a change in the audit trail. */
export function hasRecorded(trx: object): boolean {
  return recorded.has(trx);
}

/** Fields never written to the audit trail, whatever their value (named "changed" instead). */
const SECRET = /password|token|secret|totp|recovery/i;

type Values = Record<string, unknown>;

function shown(field: string, value: unknown): unknown {
  if (SECRET.test(field)) return value === null || value === undefined ? value : '(changed)';
  if (field === 'pan' && typeof value === 'string') return maskPan(value);
  return value;
}

/**
 * The fields that differ between `before` and `after`, each side with its value (secrets
 * as "(changed)", a PAN masked). A field missing on one side counts as changed; a record
 * created has no before, one deleted no after.
 */
export function changedFields(before: Values | null, after: Values | null): { before: Values | null; after: Values | null } {
  if (!before || !after) {
    const only = (values: Values | null) =>
      values && Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined).map(([k, v]) => [k, shown(k, v)]));
    return { before: only(before), after: only(after) };
  }
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  const was: Values = {};
  const now: Values = {};
  for (const field of fields) {
    if (after[field] === undefined) continue;
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    was[field] = shown(field, before[field]);
    now[field] = shown(field, after[field]);
  }
  return { before: was, after: now };
}

/** A back-office change to record: what was done to which record, and its values around it. */
export interface Change {
  /** What was done, in the shop's words: "product.update", "order.status", "metal_rates.set". */
  action: string;
  /** The kind of record: "product", "order", "category", "metal_rate", "staff", "setting". */
  entity: string;
  entity_id?: string | number | null;
  before?: Values | null;
  after?: Values | null;
}

/**
 * Records a change in the audit trail, in the caller's transaction, under the acting staff
 * member (a write with no one acting, a shopper's or a job's, is not recorded). An update
 * that changed no field is still recorded (the action happened), with empty before/after.
 */
export async function recordChange(trx: DB, change: Change): Promise<void> {
  const actor = currentActor();
  if (!actor) return;
  const { before, after } = changedFields(change.before ?? null, change.after ?? null);
  await trx
    .insertInto('audit_log')
    .values({
      actor_u_id: actor.u_id,
      actor_name: actor.name,
      role: actor.role,
      action: change.action,
      entity: change.entity,
      entity_id: change.entity_id === undefined || change.entity_id === null ? null : String(change.entity_id),
      before: before && JSON.stringify(before),
      after: after && JSON.stringify(after),
      ip: actor.ip,
      request_id: actor.request_id,
    })
    .execute();
  recorded.add(trx);
}
