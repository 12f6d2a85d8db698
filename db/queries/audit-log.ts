/**
 * Reading the audit trail (issue 34): the back office's list with its filters, and the
 * same filters read a chunk at a time for the CSV export. Entries are only ever written
 * by db/audit.ts recordChange; nothing here (nor anywhere) edits or deletes them.
 */
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { DB } from '../connection.ts';
import type { AuditLogTable } from '../schema.ts';
import { isoTimestamp } from '../time.ts';
import { likePattern } from './catalogue.ts';

/** What the list and the export are narrowed to; every field optional. */
export interface AuditFilter {
  /** A staff member's u_id, or part of their name (any case). */
  actor?: string;
  /** An action ("product.update"), or the part before its dot ("product": every product action). */
  action?: string;
  entity?: string;
  entity_id?: string;
  /** From this moment on, as stored ('YYYY-MM-DD HH:MM:SS', UTC), inclusive. */
  from?: string;
  /** Up to this moment, as stored, inclusive. */
  to?: string;
}

type AuditRow = Selectable<AuditLogTable>;

/** One entry as the API answers it: before and after as objects, the time in ISO 8601. */
export type AuditEntry = Omit<AuditRow, 'before' | 'after' | 'created_at'> & {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

function filtered(db: DB, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  const actor = filter.actor?.trim();
  if (actor) {
    query = /^\d+$/.test(actor)
      ? query.where('actor_u_id', '=', Number(actor))
      : query.where(sql<SqlBool>`lower(actor_name) like ${likePattern(actor)} escape '\\'`);
  }
  if (filter.action) {
    const action = filter.action;
    // The part before the dot: every action of that kind (likePattern's % around it is not wanted here).
    const prefix = `${likePattern(action).slice(1, -1)}.%`;
    query = query.where((eb) => eb.or([eb('action', '=', action), sql<SqlBool>`action like ${prefix} escape '\\'`]));
  }
  if (filter.entity) query = query.where('entity', '=', filter.entity);
  if (filter.entity_id) query = query.where('entity_id', '=', filter.entity_id);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.to) query = query.where('created_at', '<=', filter.to);
  return query;
}

const COLUMNS = ['id', 'actor_u_id', 'actor_name', 'role', 'action', 'entity', 'entity_id', 'before', 'after', 'ip', 'request_id', 'created_at'] as const;

function entryOf({ created_at, before, after, ...row }: AuditRow): AuditEntry {
  return {
    ...row,
    id: Number(row.id),
    actor_u_id: row.actor_u_id === null ? null : Number(row.actor_u_id),
    before: before === null ? null : (JSON.parse(before) as Record<string, unknown>),
    after: after === null ? null : (JSON.parse(after) as Record<string, unknown>),
    createdAt: isoTimestamp(created_at),
  };
}

/** One page of the trail, newest first, with how many entries the filter matches. */
export async function listAuditLog(db: DB, filter: AuditFilter, page: number, perPage: number): Promise<{ auditData: AuditEntry[]; totalCount: number }> {
  const [rows, total] = await Promise.all([
    filtered(db, filter).select(COLUMNS).orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { auditData: rows.map(entryOf), totalCount: Number(total.n) };
}

/** Entries read per query while exporting. */
const CHUNK = 500;

/**
 * Every entry the filter matches, newest first, read `CHUNK` at a time (each chunk
 * after the last id seen), so an export of any size holds one chunk in memory.
 */
export async function* auditLogEntries(db: DB, filter: AuditFilter): AsyncGenerator<AuditEntry> {
  let below: number | undefined;
  for (;;) {
    let query = filtered(db, filter).select(COLUMNS);
    if (below !== undefined) query = query.where('id', '<', below);
    const rows = await query.orderBy('id', 'desc').limit(CHUNK).execute();
    for (const row of rows) yield entryOf(row);
    if (rows.length < CHUNK) return;
    below = Number(rows[rows.length - 1].id);
  }
}
