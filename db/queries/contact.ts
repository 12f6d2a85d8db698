/**
 * What visitors send the shop: contact messages (the back office's inquiries, read in
 * admin-contacts.ts) and newsletter sign-ups.
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

/** Signs an address up for the newsletter, once (lowercased); false when it already was. */
export async function subscribeToNewsletter(db: DB, email: string): Promise<boolean> {
  const row = await db
    .insertInto('newsletter_subscribers')
    .values({ email: email.toLowerCase() })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('n_id')
    .executeTakeFirst();
  return row !== undefined;
}
