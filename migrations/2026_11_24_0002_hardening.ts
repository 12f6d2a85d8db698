import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Frozen in time: this migration never imports application code.
// - users.token_key: a random identity per account, put in every token it is issued,
//   so a token names one account and no other: an id given out again after a restore
//   or a re-seed gets a new key, and the old token matches nothing. Existing accounts
//   get a key here (their tokens issued before this migration stop working: log in again).
// - Usernames unique whatever their case (users_u_name_unique on lower(u_name)).
//   Older databases may hold duplicates: every account after the first of a name
//   gets its u_id appended ("asha" -> "asha_17"), so the index can be built.

const newKey = () => randomBytes(18).toString('base64url');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('token_key', 'text', (c) => c.notNull().defaultTo('')).execute();
  const users: { u_id: number; u_name: string }[] = await db.selectFrom('users').select(['u_id', 'u_name']).orderBy('u_id').execute();

  // A new name must not be one another account already holds, before or after it.
  const held = new Set(users.map((u) => u.u_name.toLowerCase()));
  const taken = new Set<string>();
  const renamed = new Map<number, string>();
  for (const user of users) {
    let name = user.u_name;
    if (taken.has(name.toLowerCase())) {
      const free = (candidate: string) => !taken.has(candidate.toLowerCase()) && !held.has(candidate.toLowerCase());
      name = `${user.u_name}_${user.u_id}`;
      for (let n = 2; !free(name); n++) name = `${user.u_name}_${user.u_id}_${n}`;
      renamed.set(user.u_id, name);
    }
    taken.add(name.toLowerCase());
  }
  for (const user of users) {
    await db
      .updateTable('users')
      .set({ token_key: newKey(), ...(renamed.has(user.u_id) ? { u_name: renamed.get(user.u_id) } : {}) })
      .where('u_id', '=', user.u_id)
      .execute();
  }
  await db.schema.createIndex('users_u_name_unique').on('users').unique().expression(sql`lower(u_name)`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_u_name_unique').execute();
  await db.schema.alterTable('users').dropColumn('token_key').execute();
}
