/**
 * What visitors send the shop: contact messages (the back office's inquiries, read in
 * admin-contacts.ts). Newsletter sign-ups: newsletter.ts.
 */

import type { DB } from '../connection.ts';

/** Stores a contact message, new until handled; answers its id. */
export async function insertContactMessage(db: DB, message: { name: string; email: string; message: string; mo_no: string }): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({ ...message, status: 'new' })
    .returning('c_id')
    .executeTakeFirstOrThrow();
  return row.c_id;
}
