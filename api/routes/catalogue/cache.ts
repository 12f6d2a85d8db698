/**
 * Catalogue answers, kept as the bytes they are sent as until the catalogue changes.
 *
 * Shoppers ask the same questions over and over (the newest page, a category, a
 * product, a filter from the sidebar). An answer is reused while the catalogue's
 * row version is unchanged; triggers bump it on every write to a table the
 * answers are made of, by any process or API instance, so an answer is never
 * older than the last committed catalogue change. A cart does not touch it; a sale
 * changes only stock (db/queries/stock-view.ts: this process's sales at once,
 * another's within a second), and drops only the answers that show that product's
 * stock. Nothing here is needed by another instance: each keeps its own.
 *
 * Answers are made into bytes here too: a listing page from the bytes kept per product
 * view (pageJson), an answer to keep in memory of its own (ownBytes), one sent once
 * through a reused send buffer (sendOnce).
 */

import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { jsonAnswer } from '../../security-headers.ts';
import type { DB } from '../../../db/connection.ts';
import { type FilteredPage, keptViewsOf, type ProductView } from '../../../db/queries/catalogue.ts';
import { catalogueRowsVersion } from '../../../db/queries/catalogue-rows-version.ts';
import { stockChangesSince, stockStamp } from '../../../db/queries/stock-view.ts';

/**
 * Bytes of answers kept per database, at most (a product is ~3 kB, a page of 12
 * ~30 kB: thousands of answers; the least recently asked dropped first, nearly: see evict).
 */
const MAX_BYTES = 48 * 1024 * 1024;

/**
 * An answer as it is sent: the whole success envelope. A kept answer as bytes, so a
 * repeat costs no JSON or UTF-8 encoding (measured: a third of a cached listing's cost
 * was turning its ~20 kB of text into bytes, twice: for its length and to write it). An
 * answer sent once as text, or as the pieces it is made of (a listing page's kept bytes and texts:
 * pageJson), copied into a reused buffer as it is sent (see
 * sendOnce). null when the data was null.
 */
interface Answer {
  description: string;
  body: Uint8Array<ArrayBuffer> | string | readonly (string | Uint8Array)[] | null;
  /** Asked for again since it was last passed over for eviction (the clock's second chance). */
  used: boolean;
  /** Whose stock it shows (see StockShown). */
  stock: StockShown;
}

/**
 * The stock an answer shows: the products whose stock it prints, or 'any' when any
 * product's stock may change it (a listing filtered to pieces in stock). A sale drops
 * only the answers showing that product's stock (and the 'any' ones), not every answer:
 * a store selling twenty pieces a second keeps its other answers.
 */
export type StockShown = readonly number[] | 'any';

interface Cache {
  /** The catalogue's row version the answers were made at. */
  version: string;
  /** The stock stamp (db/queries/stock-view.ts) answers are mended up to. */
  stockStamp: number;
  answers: Map<string, Answer>;
  bytes: number;
  /** p_id → keys of answers showing its stock; 'any' answers under ANY. */
  byProduct: Map<number, Set<string>>;
  /** Keys asked once and not kept yet, by their askedKey (see cachedAnswer). */
  askedOnce: Set<number>;
}

/** Keys remembered as asked once, at most (then forgotten all at once). */
const MAX_ASKED_ONCE = 50_000;

/**
 * How askedOnce remembers a key: a 30-bit hash (FNV-1a), a small integer the set holds
 * without an object of its own, not the key's text. Most keys there are listings whose
 * filter is new, asked once and never again: kept as text, each outlived the young
 * generation (a new-filter listing's ~230-character key, every request), half of what
 * such a load promoted to the old generation, whose collections were its longest pauses.
 * Two keys of one hash: the second is kept at its first asking, as if asked before.
 */
function askedKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 2;
}

/** byProduct's entry for answers that any product's stock may change. */
const ANY = -1;

const caches = new WeakMap<DB, Cache>();

/**
 * How an answer's data becomes JSON: JSON.stringify, unless the call knows a faster way
 * to the same text, or to it in pieces (kept UTF-8 bytes and the texts between them).
 */
type Serialize = (data: unknown) => string | readonly (string | Uint8Array)[];

/** The answer around `compute()`'s data: as bytes when it is to be kept, else as it was made (see Answer). */
async function answerOf(description: string, compute: () => Promise<unknown>, stockOf: (data: unknown) => StockShown, serialize: Serialize, keep: boolean): Promise<Answer> {
  const data = await compute();
  if (data === null) return { description, body: null, used: false, stock: [] };
  const head = `{"status":1,"description":${JSON.stringify(description)},"data":`;
  const json = serialize(data);
  let body: Answer['body'];
  if (typeof json === 'string') body = keep ? ownBytes([head, json, '}']) : `${head}${json}}`;
  else body = keep ? ownBytes([head, ...json, '}']) : [head, ...json, '}'];
  return { used: false, description, body, stock: stockOf(data) };
}

/** The size of a buffer sendOnce copies an answer into; a longer answer gets bytes of its own. */
const SEND_BUFFER_BYTES = 64 * 1024;
/** Send buffers free for the next answer, at most MAX_FREE_SEND_BUFFERS (one per connection answered at once). */
const freeSendBuffers: Buffer<ArrayBuffer>[] = [];
const MAX_FREE_SEND_BUFFERS = 64;

/**
 * The bytes of an answer sent once, made of pieces (kept bytes, and short texts written
 * here as UTF-8): copied into a send buffer that is used
 * again once Node has handed the answer to the system ('finish') or the connection closed
 * ('close'). Bytes allocated for each answer instead (20 kB a new-filter listing, thousands a
 * second) were V8's "external memory pressure": a full collection every 4-5 s, pausing the
 * store 10-20 ms (the new filter's p99); text instead of bytes avoided those but cost a
 * tenth more CPU per listing (measuring and encoding 20 kB of text as it is written).
 * Without Node's response at hand (app.request in tests), or past a send buffer's size, the
 * answer gets bytes of its own (ownBytes).
 */
export function sendOnce(c: Context<AppEnv>, pieces: readonly (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  const length = byteLengthOf(pieces);
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || length > SEND_BUFFER_BYTES) return ownBytes(pieces);
  const buffer = freeSendBuffers.pop() ?? Buffer.allocUnsafeSlow(SEND_BUFFER_BYTES);
  writePieces(buffer, pieces);
  let free = false;
  const release = () => {
    if (free) return;
    free = true;
    if (freeSendBuffers.length < MAX_FREE_SEND_BUFFERS) freeSendBuffers.push(buffer);
  };
  outgoing.once('finish', release);
  outgoing.once('close', release);
  return buffer.subarray(0, length);
}

/**
 * Bytes to keep (a view's head, a kept answer): the pieces' UTF-8 in memory of their own.
 * Buffer.from and Buffer.concat cut anything under 32 kB from a 64 kB block Node shares
 * with every short-lived buffer of the moment (a listing's dozen small pieces, a request's
 * body), and a kept slice keeps its whole block: under new filters, each block of pieces
 * also held a head or two made meanwhile, and the store's outside-heap memory grew
 * 0.9-1.5 MB/s (now 0.1-0.2), a full collection per 64 MB ("external memory pressure").
 */
export function ownBytes(pieces: readonly (string | Uint8Array)[]): Buffer<ArrayBuffer> {
  const bytes = Buffer.allocUnsafeSlow(byteLengthOf(pieces));
  writePieces(bytes, pieces);
  return bytes;
}

/** How many bytes the pieces are: bytes as they are, texts as UTF-8. */
function byteLengthOf(pieces: readonly (string | Uint8Array)[]): number {
  let length = 0;
  for (const piece of pieces) length += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.byteLength;
  return length;
}

/** Writes the pieces one after another from the start of `bytes` (long enough: byteLengthOf). */
function writePieces(bytes: Buffer, pieces: readonly (string | Uint8Array)[]): void {
  let at = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      at += bytes.write(piece, at);
    } else {
      bytes.set(piece, at);
      at += piece.byteLength;
    }
  }
}

/**
 * A view's JSON as UTF-8 bytes, but for its last member (`,"listed_pc_id":…}`), kept with
 * the view (shopperViews keeps a view until its product changes); null when its JSON
 * does not end with that member.
 */
const viewHeads = new WeakMap<ProductView, Buffer | null>();
function viewHead(view: ProductView): Buffer | null {
  let head = viewHeads.get(view);
  if (head === undefined) {
    const text = JSON.stringify(view);
    const last = `,"listed_pc_id":${JSON.stringify(view.listed_pc_id)}}`;
    head = text.endsWith(last) ? ownBytes([text.slice(0, -last.length)]) : null;
    viewHeads.set(view, head);
  }
  return head;
}

/**
 * A listing page as JSON, exactly as JSON.stringify writes it: in pieces, its products'
 * kept bytes and the short texts between them, when filterProducts made it (measured:
 * writing a page of 12 products anew was a tenth of a listing whose filter is new; joining
 * their texts and encoding the page, a further tenth and most of its garbage), else as text.
 * The texts between are written into the answer's bytes as it is sent (sendOnce): made
 * into bytes of their own first, 14 a page, they were ~2% of a new-filter listing's time.
 */
export function pageJson(page: FilteredPage): string | (string | Buffer)[] {
  // Each product's JSON is its kept view's up to its last member, the view's own listed_pc_id,
  // then the page's listed_pc_id: the only member in which a page's product differs from its view.
  const heads = keptViewsOf(page)?.map(viewHead);
  if (heads === undefined || heads.length !== page.productData.length || heads.some((head) => head === null)) return JSON.stringify(page);
  const pieces: (string | Buffer)[] = ['{"productData":['];
  page.productData.forEach((product, i) => {
    pieces.push(heads[i]!, `,"listed_pc_id":${JSON.stringify(product.listed_pc_id)}}${i < heads.length - 1 ? ',' : ''}`);
  });
  const suggestions = page.suggestions === undefined ? '' : `,"suggestions":${JSON.stringify(page.suggestions)}`;
  pieces.push(`],"totalCount":${JSON.stringify(page.totalCount)}${suggestions}}`);
  return pieces;
}

/**
 * The success answer (200, the envelope) around `compute()`'s data, reused for the
 * same key until the catalogue changes (or the stock `stockOf` says it shows); null
 * when the data is null (the caller decides: a 404).
 */
export async function cachedOk<T>(
  c: Context<AppEnv>,
  db: DB,
  key: string,
  description: string,
  compute: () => Promise<T>,
  stockOf: (data: NonNullable<T>) => StockShown,
  serialize: (data: NonNullable<T>) => string | readonly (string | Uint8Array)[] = JSON.stringify,
): Promise<Response | null> {
  const { answer, kept } = await cachedAnswer(db, key, description, compute, stockOf as (data: unknown) => StockShown, serialize as Serialize);
  // A visitor's request (kept-answers.ts passed its text on) answered from a kept answer: the next one of that text is answered ahead of the route.
  const visitorRequest = c.get('visitorRequest');
  if (kept && visitorRequest !== undefined && c.get('caller') === undefined) rememberRequest(visitorRequest, key, description);
  const { body } = answer;
  if (body === null) return null;
  return jsonAnswer(typeof body === 'string' || body instanceof Uint8Array ? body : sendOnce(c, body), { hsts: c.get('deps').config.hsts, requestId: c.get('requestId') });
}

/** What an entry holds, with its key and bookkeeping: an unknown product's null counts too. */
const sizeOf = (key: string, answer: Answer) => key.length + 100 + (answer.body instanceof Uint8Array ? answer.body.byteLength : 0);

/** The cache for this version, its answers mended for stock changes since it was made; null when it must start afresh. */
function currentCache(db: DB, version: string, stamp: number): Cache {
  let cache = caches.get(db);
  if (cache && cache.version === version && cache.stockStamp < stamp) {
    const changes = stockChangesSince(db, cache.stockStamp);
    if (changes === null) {
      cache = undefined;
    } else {
      for (const p_id of new Set([ANY, ...changes.map((change) => change.p_id)])) {
        for (const key of cache.byProduct.get(p_id) ?? []) {
          drop(cache, key);
          // It was asked again before: its next answer is kept at once.
          cache.askedOnce.add(askedKey(key));
        }
      }
      cache.stockStamp = stamp;
    }
  }
  if (!cache || cache.version !== version) {
    // Answers kept before the change were asked again: their next answers are kept at once.
    const askedOnce = new Set(cache ? [...cache.answers.keys()].slice(0, MAX_ASKED_ONCE).map(askedKey) : []);
    cache = { version, stockStamp: stamp, answers: new Map(), bytes: 0, byProduct: new Map(), askedOnce };
    caches.set(db, cache);
  }
  return cache;
}

/** Which kept answer a visitor's request text was answered with (see knownRequests). */
interface KnownRequest {
  key: string;
  description: string;
}

/**
 * Visitors' request texts (path and body, as api/routes/catalogue/kept-answers.ts reads
 * them) that the route answered from a kept answer, with that answer's key: what the
 * route made of such a text (its checks, defaults and key) depends on nothing else, not
 * on the time, the database or the caller, a visitor (no token) on every request that
 * takes this way. A text is remembered only once its answer is kept (a listing whose
 * filter is new, asked once, adds nothing), and only up to MAX_KNOWN_REQUEST_LENGTH
 * characters (a shopper's filter is a few hundred; a padded body, up to the 1 MB JSON
 * limit, must not hold memory); at most MAX_KNOWN_REQUESTS, then forgotten all at once.
 */
const knownRequests = new Map<string, KnownRequest>();
const MAX_KNOWN_REQUESTS = 20_000;
export const MAX_KNOWN_REQUEST_LENGTH = 2_048;

/**
 * The bytes of the answer the route gave this visitor's request text, when that answer
 * is kept and still current (the catalogue and stock as cachedOk checks them); undefined
 * otherwise: nothing is made or kept here (the caller goes the usual way, through cachedOk).
 */
export async function keptAnswerOfRequest(db: DB, text: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const known = knownRequests.get(text);
  if (known === undefined) return undefined;
  const version = await catalogueRowsVersion(db);
  if (version === null) return undefined;
  const body = keptAnswer(currentCache(db, version, await stockStamp(db)), known.key, known.description)?.body;
  return body instanceof Uint8Array ? body : undefined;
}

/** The answer kept for `key` with this description (marked used), if any. */
function keptAnswer(cache: Cache, key: string, description: string): Answer | undefined {
  const hit = cache.answers.get(key);
  if (hit === undefined || hit.description !== description) return undefined;
  hit.used = true;
  return hit;
}

function rememberRequest(text: string, key: string, description: string) {
  if (text.length > MAX_KNOWN_REQUEST_LENGTH || knownRequests.has(text)) return;
  if (knownRequests.size >= MAX_KNOWN_REQUESTS) knownRequests.clear();
  knownRequests.set(text, { key, description });
}

/** The answer for `key`, and whether it is kept (answered from the cache, or kept now). */
async function cachedAnswer(db: DB, key: string, description: string, compute: () => Promise<unknown>, stockOf: (data: unknown) => StockShown, serialize: Serialize): Promise<{ answer: Answer; kept: boolean }> {
  const version = await catalogueRowsVersion(db);
  if (version === null) return { answer: await answerOf(description, compute, stockOf, serialize, false), kept: false };
  // Answers show stock, which a sale changes without moving the catalogue's version.
  const stamp = await stockStamp(db);
  const cache = currentCache(db, version, stamp);
  const hit = keptAnswer(cache, key, description);
  if (hit !== undefined) return { answer: hit, kept: true };
  // Kept from its second asking on: most listings whose filter is new are asked once,
  // and keeping those only churned memory (measured: a garbage collection pause every
  // 0.7 s, up to 25 ms) and pushed out answers that are asked again.
  const asked = askedKey(key);
  if (!cache.askedOnce.has(asked)) {
    if (cache.askedOnce.size >= MAX_ASKED_ONCE) cache.askedOnce.clear();
    cache.askedOnce.add(asked);
    return { answer: await answerOf(description, compute, stockOf, serialize, false), kept: false };
  }
  const answer = await answerOf(description, compute, stockOf, serialize, true);
  // Kept only if neither the catalogue nor stock moved on while it was made (it may show the old).
  if (caches.get(db) === cache && cache.stockStamp === stamp && !cache.answers.has(key)) {
    cache.askedOnce.delete(asked);
    cache.answers.set(key, answer);
    cache.bytes += sizeOf(key, answer);
    for (const p_id of answer.stock === 'any' ? [ANY] : answer.stock) {
      let keys = cache.byProduct.get(p_id);
      if (!keys) cache.byProduct.set(p_id, (keys = new Set()));
      keys.add(key);
    }
    evict(cache);
    return { answer, kept: cache.answers.has(key) };
  }
  return { answer, kept: false };
}

/** Forgets one answer and its place in byProduct. */
function drop(cache: Cache, key: string) {
  const answer = cache.answers.get(key);
  if (!answer) return;
  cache.answers.delete(key);
  cache.bytes -= sizeOf(key, answer);
  for (const p_id of answer.stock === 'any' ? [ANY] : answer.stock) {
    const keys = cache.byProduct.get(p_id);
    keys?.delete(key);
    if (keys?.size === 0) cache.byProduct.delete(p_id);
  }
}

/**
 * Drops answers, oldest first, until the cache fits; one asked for again since it was
 * last passed over gets a second chance at the back instead (the clock algorithm: nearly
 * least-recently-used, for nothing on a hit).
 */
function evict(cache: Cache) {
  for (const [oldest, kept] of cache.answers) {
    if (cache.bytes <= MAX_BYTES) return;
    if (kept.used) {
      kept.used = false;
      cache.answers.delete(oldest);
      cache.answers.set(oldest, kept);
    } else {
      drop(cache, oldest);
    }
  }
}
