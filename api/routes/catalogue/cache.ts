/**
 * Catalogue answers, kept as JSON text until the catalogue changes.
 *
 * Shoppers ask the same questions over and over (the newest page, a category, a
 * product, a filter from the sidebar). An answer is reused while the catalogue's
 * row version is unchanged; triggers bump it on every write to a table the
 * answers are made of, by any process or API instance, so an answer is never
 * older than the last committed catalogue change. A cart or an order does not
 * touch it. Nothing here is needed by another instance: each keeps its own.
 */

import type { Context } from 'hono';
import type { DB } from '../../../db/connection.ts';
import { catalogueRowsVersion } from '../../../db/queries/catalogue.ts';

/**
 * JSON text kept per database, at most (a product is ~3 kB, a page of 12 ~30 kB:
 * thousands of answers; least recently used dropped first).
 */
const MAX_CHARACTERS = 48 * 1024 * 1024;

interface Cache {
  stamp: string;
  answers: Map<string, string>;
  characters: number;
}

const caches = new WeakMap<DB, Cache>();

/** The JSON text of `compute()`, reused for the same key until the catalogue changes. */
export async function cachedJson(db: DB, key: string, compute: () => Promise<unknown>): Promise<string> {
  const stamp = await catalogueRowsVersion(db);
  if (stamp === null) return JSON.stringify(await compute());
  let cache = caches.get(db);
  if (!cache || cache.stamp !== stamp) {
    cache = { stamp, answers: new Map(), characters: 0 };
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
  if (caches.get(db) === cache && !cache.answers.has(key)) {
    cache.answers.set(key, json);
    cache.characters += json.length;
    for (const [oldest, text] of cache.answers) {
      if (cache.characters <= MAX_CHARACTERS) break;
      cache.answers.delete(oldest);
      cache.characters -= text.length;
    }
  }
  return json;
}

/** A success envelope around data that is already JSON text. */
export function okJson(c: Context, description: string, dataJson: string): Response {
  return c.body(`{"status":1,"description":${JSON.stringify(description)},"data":${dataJson}}`, 200, {
    'Content-Type': 'application/json; charset=UTF-8',
  });
}
