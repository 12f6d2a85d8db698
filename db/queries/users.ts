import type { DB } from '../connection.ts';
import type { NewUser } from '../schema.ts';

export function findUserByPhone(db: DB, countryCode: string, phoneNumber: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('country_code', '=', countryCode)
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
}

/** Inserts a user; answers null when the phone number is already registered. */
export async function createUser(db: DB, user: NewUser): Promise<number | null> {
  const row = await db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.columns(['country_code', 'phone_number']).doNothing())
    .returning('u_id')
    .executeTakeFirst();
  return row?.u_id ?? null;
}
