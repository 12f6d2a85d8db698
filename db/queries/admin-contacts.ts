/**
 * Contact messages as the back office reads them, and the dashboard built on
 * them: the inquiries are the contact messages (inquiryType "contact", status
 * "new" until handled).
 */

import { notFoundError } from '../../rules/errors.ts';
import { recordChange } from '../audit.ts';
import type { DB } from '../connection.ts';
import { isoTimestamp } from '../time.ts';
import { writeTransaction } from '../transaction.ts';

export interface ContactView {
  c_id: number;
  name: string;
  email: string;
  message: string;
  mo_no: string;
  status: string;
  createdAt: string;
}

export interface InquiryView {
  inquiryId: number;
  inquiryType: 'contact';
  name: string;
  email: string;
  phone: string;
  message: string;
  status: string;
  createdAt: string;
}

export interface DashboardCounters {
  total_products: number;
  total_materials: number;
  total_orders: number;
  /** Contact messages received. */
  total_requests: number;
  /** Shoppers (administrators not counted). */
  total_users: number;
}

const CONTACT_COLUMNS = ['c_id', 'name', 'email', 'message', 'mo_no', 'status', 'created_at'] as const;

function newestContacts(db: DB) {
  return db.selectFrom('contact_messages').select(CONTACT_COLUMNS).orderBy('created_at', 'desc').orderBy('c_id', 'desc');
}

/** One page of contact messages, newest first, with how many there are. */
export async function listContacts(db: DB, page: number, perPage: number): Promise<{ contactData: ContactView[]; totalCount: number }> {
  const [rows, total] = await Promise.all([
    newestContacts(db).limit(perPage).offset((page - 1) * perPage).execute(),
    db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    contactData: rows.map(({ created_at, ...row }) => ({ ...row, createdAt: isoTimestamp(created_at) })),
    totalCount: Number(total.n),
  };
}

/** Deletes a contact message. */
export function deleteContact(db: DB, c_id: number): Promise<void> {
  return writeTransaction(db, async (trx) => {
    const row = await trx.deleteFrom('contact_messages').where('c_id', '=', c_id).returning(['name', 'email', 'mo_no', 'message']).executeTakeFirst();
    if (!row) throw notFoundError('Contact info not found.');
    await recordChange(trx, { action: 'contact.delete', entity: 'contact', entity_id: c_id, before: row });
  });
}

/** The newest inquiries, in the dashboard's shape. */
export async function recentInquiries(db: DB, limit: number): Promise<InquiryView[]> {
  const rows = await newestContacts(db).limit(limit).execute();
  return rows.map((r) => ({
    inquiryId: r.c_id,
    inquiryType: 'contact',
    name: r.name,
    email: r.email,
    phone: r.mo_no,
    message: r.message,
    status: r.status,
    createdAt: isoTimestamp(r.created_at),
  }));
}

/** The dashboard's five counters, one query. */
export async function dashboardCounters(db: DB): Promise<DashboardCounters> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('products').select(eb.fn.countAll<number>().as('n')).as('total_products'),
      eb.selectFrom('materials').select(eb.fn.countAll<number>().as('n')).as('total_materials'),
      eb.selectFrom('orders').select(eb.fn.countAll<number>().as('n')).as('total_orders'),
      eb.selectFrom('contact_messages').select(eb.fn.countAll<number>().as('n')).as('total_requests'),
      eb.selectFrom('users').select(eb.fn.countAll<number>().as('n')).where('u_type', '!=', '0').as('total_users'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total_products: Number(row.total_products),
    total_materials: Number(row.total_materials),
    total_orders: Number(row.total_orders),
    total_requests: Number(row.total_requests),
    total_users: Number(row.total_users),
  };
}
