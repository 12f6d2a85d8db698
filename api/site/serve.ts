import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import sharp from 'sharp';
import type { DB } from '../../db/connection.ts';
import { productPageState } from '../../db/queries/catalogue.ts';
import type { Config } from '../env.ts';
import { MEDIA_FOLDERS, type MediaFolder } from '../../rules/media.ts';
import { siteBuildStartedAt } from './build.ts';
import { inlineScriptHashes, pageContentSecurityPolicy } from '../security-headers.ts';

/** The media folders of the specification, each under DATA_DIR/media (rules/media.ts). */
export { MEDIA_FOLDERS, type MediaFolder } from '../../rules/media.ts';

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
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogg': 'video/ogg',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** Only names the store generated itself: no separators, no dots in front, nothing encoded. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Streams a file (with Range support, so videos seek), or answers null when absent. */
function sendFile(file: string, request: Request, headers: Record<string, string>, status = 200): Response | null {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return null;
    size = stat.size;
  } catch {
    return null;
  }
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const base = { 'Content-Type': type, 'Accept-Ranges': 'bytes', ...headers };
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  if (range && status === 200 && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      return new Response(null, { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}` } });
    }
    const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream;
    return new Response(request.method === 'HEAD' ? null : stream, {
      status: 206,
      headers: { ...base, 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${size}` },
    });
  }
  const body = request.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream);
  return new Response(body, { status, headers: { ...base, 'Content-Length': String(size) } });
}

/**
 * The widths an image may be asked for with `?w=` (web/lib/media.ts lists the
 * same): a fixed set, so nobody can fill the disk with sizes of their choosing.
 */
export const IMAGE_WIDTHS = [240, 360, 480, 720, 960, 1440, 1920] as const;
const RESIZABLE = /\.(jpe?g|png|webp|avif|gif)$/i;
const resizing = new Map<string, Promise<void>>();

/**
 * A WebP of a stored image at one of IMAGE_WIDTHS, made once with sharp and
 * kept under DATA_DIR/media-cache (named after the stored file, which never
 * changes: uploads get fresh names). Answers the cached file's path, or null
 * when the original is missing or not an image sharp can read.
 */
async function resizedImage(config: Config, folder: MediaFolder, name: string, width: number): Promise<string | null> {
  const source = path.join(config.mediaDir, folder, name);
  const target = path.join(config.dataDir, 'media-cache', folder, String(width), `${name}.webp`);
  if (existsSync(target)) return target;
  if (!existsSync(source)) return null;
  let job = resizing.get(target);
  if (!job) {
    job = (async () => {
      mkdirSync(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      await sharp(source, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toFile(temporary);
      renameSync(temporary, target);
    })().finally(() => resizing.delete(target));
    resizing.set(target, job);
  }
  try {
    await job;
    return target;
  } catch {
    return null;
  }
}

/**
 * Uploaded media under /Sliders, /Category, /Products and /Reviews; names are
 * generated, so they cache for a year. `?w=<width>` on an image answers a
 * resized WebP (one of IMAGE_WIDTHS; any other width gets the original).
 */
export function mediaRoutes(config: Config) {
  const app = new Hono();
  for (const folder of MEDIA_FOLDERS) {
    app.on(['GET', 'HEAD'], `/${folder}/:name`, async (c) => {
      const name = c.req.param('name');
      if (!SAFE_NAME.test(name)) return c.json({ status: 0, description: 'No such file.', data: null }, 404);
      const headers = {
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'; media-src 'self'; img-src 'self'; sandbox; frame-ancestors 'none'",
      };
      const width = Number(c.req.query('w'));
      if ((IMAGE_WIDTHS as readonly number[]).includes(width) && RESIZABLE.test(name)) {
        const resized = await resizedImage(config, folder, name, width);
        const response = resized ? sendFile(resized, c.req.raw, headers) : null;
        if (response) return response;
      }
      const response = sendFile(path.join(config.mediaDir, folder, name), c.req.raw, headers);
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
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return undefined;
  }
  if (!stat.isFile()) return undefined;
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
  const updatedAt = Date.parse(`${state.updatedAt.replace(' ', 'T')}Z`);
  // updated_at keeps whole seconds: a change within the build's first second counts as after it.
  return startedAt !== null && Number.isFinite(updatedAt) && updatedAt + 1000 <= startedAt ? 'built' : 'live';
}

/**
 * The pre-rendered storefront. Pages revalidate on every visit (they change when the
 * catalogue does); hashed assets under /_astro cache for a year. A product added
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
      const response = sendFile(file, c.req.raw, withPolicy(file, assetHeaders), status);
      if (response) return response;
    }
    const accept = c.req.header('accept') ?? '';
    const notFoundPage = path.join(siteDir, '404.html');
    if (accept.includes('text/html') && existsSync(notFoundPage)) {
      return sendFile(notFoundPage, c.req.raw, withPolicy(notFoundPage, { 'Cache-Control': 'no-store' }), 404) ?? next();
    }
    return next();
  });
  return app;
}
