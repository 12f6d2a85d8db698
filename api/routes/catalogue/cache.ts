/**
 * Catalogue answers, kept as the bytes they are sent as until the catalogue changes.
 *
 * Shoppers ask the same questions over and over (the newest page, a category, a
 * product, a filter from the sidebar). An answer is reused while the catalogue's
 * row version is unchanged; triggers bump it on every write to a table the
 * answers are made of, by any process or API instance, so an answer is never
 * older than the last committed catalogue change. A cart does not touch it; a sale
 * changes only stock, which answers follow by the stamp of db/queries/stock-view.ts
 * (this process's sales at once, another's within a second). Nothing here is needed by another instance: each keeps its own.
 */

import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { jsonAnswer } from '../../security-headers.ts';
import type { DB } from '../../../db/connection.ts';
import { catalogueRowsVersion } from '../../../db/queries/catalogue.ts';
import { stockStamp } from '../../../db/queries/stock-view.ts';

/**
 * Bytes of answers kept per database, at most (a product is ~3 kB, a page of 12
 * ~30 kB: thousands of answers; the least recently asked dropped first, nearly: see evict).
 */
const MAX_BYTES = 48 * 1024 * 1024;

/**
 * An answer as it is sent: the whole success envelope as bytes, so a repeat costs
 * no JSON or UTF-8 encoding (measured: a third of a cached listing's cost was
 * turning its ~20 kB of text into bytes, twice: for its length and to write it).
 * null when the data was null.
 */
interface Answer {
  description: string;
  body: Uint8Array<ArrayBuffer> | null;
  /** Asked for again since it was last passed over for eviction (the clock's second chance). */
  used: boolean;
}

interface Cache {
  stamp: string;
  answers: Map<string, Answer>;
  bytes: number;
}

const caches = new WeakMap<DB, Cache>();

async function answerOf(description: string, compute: () => Promise<unknown>): Promise<Answer> {
  const data = await compute();
  if (data === null) return { description, body: null, used: false };
  return { used: false, description, body: Buffer.from(`{"status":1,"description":${JSON.stringify(description)},"data":${JSON.stringify(data)}}`) };
}

/**
 * The success answer (200, the envelope) around `compute()`'s data, reused for the
 * same key until the catalogue changes; null when the data is null (the caller
 * decides: a 404).
 */
export async function cachedOk(c: Context<AppEnv>, db: DB, key: string, description: string, compute: () => Promise<unknown>): Promise<Response | null> {
  const answer = await cachedAnswer(db, key, description, compute);
  return answer.body && jsonAnswer(answer.body, { hsts: c.get('deps').config.hsts });
}

/** What an entry holds, with its key and bookkeeping: an unknown product's null counts too. */
const sizeOf = (key: string, answer: Answer) => key.length + 100 + (answer.body?.byteLength ?? 0);

async function cachedAnswer(db: DB, key: string, description: string, compute: () => Promise<unknown>): Promise<Answer> {
  const version = await catalogueRowsVersion(db);
  if (version === null) return answerOf(description, compute);
  // Answers show stock, which a sale changes without moving the catalogue's version.
  const stamp = `${version}:${await stockStamp(db)}`;
  let cache = caches.get(db);
  if (!cache || cache.stamp !== stamp) {
    cache = { stamp, answers: new Map(), bytes: 0 };
    caches.set(db, cache);
  }
  const hit = cache.answers.get(key);
  if (hit !== undefined && hit.description === description) {
    hit.used = true;
    return hit;
  }
  const answer = await answerOf(description, compute);
  if (caches.get(db) === cache && !cache.answers.has(key)) {
    cache.answers.set(key, answer);
    cache.bytes += sizeOf(key, answer);
    evict(cache);
  }
  return answer;
}

/**
 * Drops answers, oldest first, until the cache fits; one asked for again since it was
 * last passed over gets a second chance at the back instead (the clock algorithm: nearly
 * least-recently-used, for nothing on a hit).
 */
function evict(cache: Cache) {
  for (const [oldest, kept] of cache.answers) {
    if (cache.bytes <= MAX_BYTES) return;
    cache.answers.delete(oldest);
    if (kept.used) {
      kept.used = false;
      cache.answers.set(oldest, kept);
    } else {
      cache.bytes -= sizeOf(oldest, kept);
    }
  }
}
