/**
 * The storefront build's state (site_state): the catalogue's version, moved on by every
 * back-office change the pre-rendered pages show, which a build records and a built site is
 * compared against (api/site/build.ts).
 */

import type { DB } from '../connection.ts';

/** The catalogue's version: bumped by every back-office change the pages show. */
export async function catalogueVersion(db: DB): Promise<string> {
  const row = await db.selectFrom('site_state').select('value').where('key', '=', 'catalogue_version').executeTakeFirst();
  return row?.value ?? '0';
}

export async function bumpCatalogueVersion(db: DB): Promise<void> {
  await db
    .insertInto('site_state')
    .values({ key: 'catalogue_version', value: String(Date.now()) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(Date.now()) }))
    .execute();
}
