/**
 * Catalogue answers, kept as JSON text until the database changes.
 *
 * Shoppers ask the same questions over and over (the newest page, a category, a
 * product, a filter from the sidebar); counting and paging a large catalogue is
 * the expensive part of answering them. An answer is reused while the database
 * stamp is unchanged: SQLite's data_version (bumped when another connection
 * commits: another process or API instance, the seed, a restore) plus this
 * connection's total_changes() (bumped by every write made here). Any write at
 * all starts a fresh cache, so an answer is never older than the last commit
 * this process can see; nothing here is needed by another instance.
 *
 * SQLite-only SQL, on purpose: the stamp is the one statement that must change
 * (to a version row) on the PostgreSQL path; the queries themselves stay portable.
 */

import type { Context } from 'hono';
import { sql } from 'kysely';
import type { DB } from '../../../db/connection.ts';

/** Answers kept per database; a page of 12 products is ~30 kB of JSON. */
const MAX_ENTRIES = 500;

interface Cache {
  stamp: string;
  answers: Map<string, string>;
}

const caches = new WeakMap<DB, Cache>();

async function databaseStamp(db: DB): Promise<string> {
  const { rows } = await sql<{ v: number; t: number }>`select (select data_version from pragma_data_version) as v, total_changes() as t`.execute(db);
  return `${rows[0].v}:${rows[0].t}`;
}

/** The JSON text of `compute()`, reused for the same key until the database changes. */
export async function cachedJson(db: DB, key: string, compute: () => Promise<unknown>): Promise<string> {
  const stamp = await databaseStamp(db);
  let cache = caches.get(db);
  if (!cache || cache.stamp !== stamp) {
    cache = { stamp, answers: new Map() };
    caches.set(db, cache);
  }
  const hit = cache.answers.get(key);
  if (hit !== undefined) {
    // Least recently used goes first: move a hit to the back.
    cache.answers.delete(key);
    cache.answers.set(key, hit);
    return hit;
  }
  const json = JSON.stringify(await compute());
  if (caches.get(db) === cache) {
    if (cache.answers.size >= MAX_ENTRIES) cache.answers.delete(cache.answers.keys().next().value as string);
    cache.answers.set(key, json);
  }
  return json;
}

/** A success envelope around data that is already JSON text. */
export function okJson(c: Context, description: string, dataJson: string): Response {
  return c.body(`{"status":1,"description":${JSON.stringify(description)},"data":${dataJson}}`, 200, {
    'Content-Type': 'application/json; charset=UTF-8',
  });
}
