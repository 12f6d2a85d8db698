import { createReadStream, readFileSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import sharp from 'sharp';
import type { DB } from '../../db/connection.ts';
import {
  IMAGE_WIDTHS,
  MEDIA_FOLDERS,
  MEDIA_TYPES,
  type MediaFolder,
  type MediaStore,
  mediaContentType,
  mediaKey,
  mediaStore,
  type OpenedObject,
  resizedKey,
  type StoredObject,
} from '../../db/media-store.ts';
import { productPageState } from '../../db/queries/catalogue.ts';
import type { Config } from '../env.ts';
import { siteBuildStartedAt, siteEtags } from './build.ts';
import { inlineScriptHashes, pageContentSecurityPolicy } from '../security-headers.ts';
import { timestampMs } from '../../db/time.ts';

export { IMAGE_WIDTHS, MEDIA_FOLDERS, type MediaFolder };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  ...MEDIA_TYPES,
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Only names the store generated itself: no separators, no dots in front, nothing encoded. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Entity tags equal under the weak comparison (RFC 9110 8.8.3.2): W/ does not count. */
function etagMatches(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * True when the client's copy is current: If-None-Match decides when sent
 * (RFC 9110 13.2.2), else If-Modified-Since against the object's time (whole seconds).
 */
export function notModified(request: Request, object: Pick<StoredObject, 'etag' | 'lastModified'>): boolean {
  const match = request.headers.get('if-none-match');
  if (match !== null) return etagMatches(match, object.etag);
  const since = Date.parse(request.headers.get('if-modified-since') ?? '');
  return Number.isFinite(since) && Math.floor(object.lastModified.getTime() / 1000) * 1000 <= since;
}

/** The validators an answer carries: ETag and Last-Modified. */
function validators(object: Pick<StoredObject, 'etag' | 'lastModified'>): Record<string, string> {
  return { ETag: object.etag, 'Last-Modified': object.lastModified.toUTCString() };
}

/** A byte range asked for with Range (one range; Safari and video players ask one). */
type RangeAsked = { start: number; end: number } | 'unsatisfiable' | null;

function rangeOf(request: Request, size: number): RangeAsked {
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  if (!range || !(range[1] || range[2])) return null;
  const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * Answers an object: 304 when the client's copy is current, 206 for a range (so
 * videos seek), else the whole body. `open` is asked only when bytes are sent.
 */
async function sendObject(
  request: Request,
  facts: StoredObject,
  open: (range?: { start: number; end: number }) => Promise<OpenedObject | Readable | null>,
  headers: Record<string, string>,
  status = 200,
): Promise<Response | null> {
  const base = { 'Accept-Ranges': 'bytes', ...headers, ...validators(facts) };
  if (status === 200 && notModified(request, facts)) return new Response(null, { status: 304, headers: base });
  const range = status === 200 ? rangeOf(request, facts.size) : null;
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...base, 'Content-Range': `bytes */${facts.size}` } });
  const length = range ? range.end - range.start + 1 : facts.size;
  const sized = range
    ? { ...base, 'Content-Length': String(length), 'Content-Range': `bytes ${range.start}-${range.end}/${facts.size}` }
    : { ...base, 'Content-Length': String(length) };
  if (request.method === 'HEAD') return new Response(null, { status: range ? 206 : status, headers: sized });
  const opened = await open(range ?? undefined);
  if (!opened) return null;
  const stream = opened instanceof Readable ? opened : opened.body();
  return new Response(Readable.toWeb(stream) as ReadableStream, { status: range ? 206 : status, headers: sized });
}

/** A file's facts when it is there and a regular file (not a folder); else null. */
function regularFile(file: string): Stats | null {
  try {
    const facts = statSync(file);
    return facts.isFile() ? facts : null;
  } catch {
    return null;
  }
}

/** A built site's file facts: its ETag from the build's content hashes when known (equal across instances and unchanged pages), else size and time. */
function siteFileFacts(config: Config, file: string): StoredObject | null {
  const facts = regularFile(file);
  if (!facts) return null;
  const relative = path.relative(config.siteDir, file).split(path.sep).join('/');
  const hash = siteEtags(config)?.[relative];
  const etag = hash ? `W/"${hash}"` : `W/"${facts.size.toString(16)}-${Math.floor(facts.mtimeMs / 1000).toString(16)}"`;
  return { size: facts.size, lastModified: facts.mtime, etag };
}

/** Streams a file of the built site (with validators and Range), or answers null when absent. */
async function sendFile(config: Config, file: string, request: Request, headers: Record<string, string>, status = 200): Promise<Response | null> {
  const facts = siteFileFacts(config, file);
  if (!facts) return null;
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  return sendObject(request, facts, async (range) => createReadStream(file, range), { 'Content-Type': type, ...headers }, status);
}

const RESIZABLE = /\.(jpe?g|png|webp|avif|gif)$/i;
const resizing = new Map<string, Promise<boolean>>();

/**
 * A WebP of a stored image at one of IMAGE_WIDTHS, made once with sharp and
 * kept in the media store (media-cache/..., named after the stored file, which
 * never changes: uploads get fresh names). Answers the copy's key, or null when
 * the original is missing or not an image sharp can read.
 */
async function resizedImage(store: MediaStore, folder: MediaFolder, name: string, width: number): Promise<string | null> {
  const source = mediaKey(folder, name);
  if (!source) return null;
  const target = resizedKey(folder, name, width);
  if (await store.stat(target)) return target;
  let job = resizing.get(target);
  if (!job) {
    job = (async () => {
      const original = await store.read(source);
      if (!original) return false;
      const webp = await sharp(original, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer();
      await store.write(target, webp, 'image/webp');
      return true;
    })().finally(() => resizing.delete(target));
    resizing.set(target, job);
  }
  try {
    return (await job) ? target : null;
  } catch {
    return null;
  }
}

/** Answers a stored object (facts first, bytes only when they are sent), or null when absent. */
async function sendStored(store: MediaStore, key: string, request: Request, headers: Record<string, string>): Promise<Response | null> {
  // One round trip for a plain GET (the common case on a bucket); a conditional or ranged one asks the facts first.
  const plain = request.method === 'GET' && !['if-none-match', 'if-modified-since', 'range'].some((h) => request.headers.has(h));
  if (plain) {
    const opened = await store.open(key);
    return opened && sendObject(request, opened, async () => opened, headers);
  }
  const facts = await store.stat(key);
  return facts && sendObject(request, facts, (range) => store.open(key, range), headers);
}

/**
 * Uploaded media under /Sliders, /Category, /Products and /Reviews, from the
 * media store (local disk or the bucket); names are generated, so they cache
 * for a year, and carry ETag and Last-Modified for revalidation. `?w=<width>`
 * on an image answers a resized WebP (one of IMAGE_WIDTHS; any other width
 * gets the original). Only these public folders: the private ones (PRIVATE_MEDIA_FOLDERS,
 * a shopper's return photos) are never served here, on either store, and their
 * resized copies are never made; they are read through GET /returnphoto/{rp_id}.
 */
export function mediaRoutes(config: Config) {
  const app = new Hono();
  const store = mediaStore(config.media);
  for (const folder of MEDIA_FOLDERS) {
    app.on(['GET', 'HEAD'], `/${folder}/:name`, async (c) => {
      const name = c.req.param('name');
      const key = SAFE_NAME.test(name) ? mediaKey(folder, name) : null;
      if (!key) return c.json({ status: 0, description: 'No such file.', data: null }, 404);
      const headers = {
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'; media-src 'self'; img-src 'self'; sandbox; frame-ancestors 'none'",
      };
      const width = Number(c.req.query('w'));
      if ((IMAGE_WIDTHS as readonly number[]).includes(width) && RESIZABLE.test(name)) {
        const webp = { 'Content-Type': 'image/webp', ...headers };
        // The copy made earlier, asked for directly (one request to a bucket, not a look first and then another).
        const made = await sendStored(store, resizedKey(folder, name, width), c.req.raw, webp);
        if (made) return made;
        const resized = await resizedImage(store, folder, name, width);
        const response = resized ? await sendStored(store, resized, c.req.raw, webp) : null;
        if (response) return response;
      }
      const response = await sendStored(store, key, c.req.raw, { 'Content-Type': mediaContentType(name), ...headers });
      return response ?? c.json({ status: 0, description: 'No such file.', data: null }, 404);
    });
  }
  return app;
}

/** Page CSPs by file, kept while the file is unchanged (a rebuild swaps in new files). */
type PagePolicies = Map<string, { mtimeMs: number; size: number; policy: string }>;

/**
 * The CSP of a built page: its own inline scripts (Astro's island runtime)
 * allowed by hash. Undefined when the file is missing or not a page.
 */
function pagePolicy(config: Config, pagePolicies: PagePolicies, file: string): string | undefined {
  if (!file.endsWith('.html')) return undefined;
  const stat = regularFile(file);
  if (!stat) return undefined;
  const known = pagePolicies.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.policy;
  const policy = pageContentSecurityPolicy({
    scriptHashes: inlineScriptHashes(readFileSync(file, 'utf8')),
    cashfree: config.payment.provider === 'cashfree',
  });
  if (pagePolicies.size >= 50_000) pagePolicies.clear();
  pagePolicies.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, policy });
  return policy;
}

/**
 * Which page a product's URL gets. The pre-rendered one while it shows the product as
 * it is; the bare product page, which loads the product from the API, when the product
 * changed after the live build began reading the catalogue (or is new, or hidden from
 * shoppers: the API then answers for the caller, an administrator still sees it), so a
 * back-office change shows on its page at once, whatever the rebuild takes; the bare
 * page as a 404 when there is no such product.
 */
async function productPageServed(config: Config, db: DB, p_id: number): Promise<'built' | 'live' | 'gone'> {
  const state = await productPageState(db, p_id);
  if (!state) return 'gone';
  if (!state.visible) return 'live';
  const startedAt = siteBuildStartedAt(config);
  const updatedAt = timestampMs(state.updatedAt);
  // updated_at keeps whole seconds: a change within the build's first second counts as after it.
  return startedAt !== null && Number.isFinite(updatedAt) && updatedAt + 1000 <= startedAt ? 'built' : 'live';
}

/**
 * The pre-rendered storefront. Pages revalidate on every visit (they change when the
 * catalogue does), by ETag (the build's content hash: the same on every instance, and
 * unchanged for a page a rebuild did not change) or Last-Modified, answered 304 when
 * the client's copy is current; hashed assets under /_astro cache for a year. A product added
 * or changed since the last build is served by the bare /product-details page, which
 * loads it from the API, so its URL shows it at once (productPageServed). Text (pages, scripts, styles) is
 * sent gzip-compressed to browsers that accept it. Each page's CSP lets only
 * its own inline scripts run, by hash.
 */
export function siteRoutes(config: Config, db: DB) {
  const app = new Hono();
  const policies: PagePolicies = new Map();
  // Only for what the site serves (GET and HEAD): mounted after the API, so an API answer
  // never reaches this, and a POST nobody handles is not wrapped either.
  app.on(['GET', 'HEAD'], '*', compress());
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const siteDir = config.siteDir;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return next();
    }
    if (pathname.includes('\0') || pathname.split('/').some((part) => part === '..')) return next();
    const assetHeaders = pathname.startsWith('/_astro/')
      ? { 'Cache-Control': 'public, max-age=31536000, immutable' }
      : { 'Cache-Control': 'public, max-age=0, must-revalidate' };
    let candidates = pathname.endsWith('/')
      ? [path.join(siteDir, pathname, 'index.html')]
      : [path.join(siteDir, pathname), path.join(siteDir, pathname, 'index.html'), path.join(siteDir, `${pathname}.html`)];
    let status: 200 | 404 = 200;
    const productPage = /^\/product-details\/([^/]+)\/?$/.exec(pathname);
    if (productPage) {
      const barePage = path.join(siteDir, 'product-details', 'index.html');
      const served = /^\d{1,9}$/.test(productPage[1]) ? await productPageServed(config, db, Number(productPage[1])) : 'gone';
      if (served !== 'built') candidates = [barePage];
      else candidates.push(barePage);
      if (served === 'gone') status = 404;
    }
    if (pathname.toLowerCase() === '/signup') candidates.push(path.join(siteDir, 'signup', 'index.html'));
    if (pathname === '/shipping-policy') candidates.push(path.join(siteDir, 'shippingpolicy', 'index.html'));
    if (pathname === '/refund-policy') candidates.push(path.join(siteDir, 'refundpolicy', 'index.html'));
    if (pathname === '/admin' || pathname.startsWith('/admin/')) candidates.push(path.join(siteDir, 'admin', 'index.html'));
    const withPolicy = (file: string, headers: Record<string, string>) => {
      const policy = pagePolicy(config, policies, file);
      return policy ? { ...headers, 'Content-Security-Policy': policy } : headers;
    };
    for (const file of candidates) {
      if (!path.resolve(file).startsWith(path.resolve(siteDir) + path.sep)) continue;
      const response = await sendFile(config, file, c.req.raw, withPolicy(file, assetHeaders), status);
      if (response) return response;
    }
    const accept = c.req.header('accept') ?? '';
    const notFoundPage = path.join(siteDir, '404.html');
    if (accept.includes('text/html')) {
      const response = await sendFile(config, notFoundPage, c.req.raw, withPolicy(notFoundPage, { 'Cache-Control': 'no-store' }), 404);
      if (response) return response;
    }
    return next();
  });
  return app;
}
