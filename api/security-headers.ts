import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * Cashfree's browser library, when it is the payment provider: its script, the
 * API it calls and the frames it opens (Cashfree's documented CSP list).
 */
const CASHFREE = {
  script: ['https://sdk.cashfree.com'],
  connect: ['https://api.cashfree.com', 'https://sandbox.cashfree.com'],
  frame: ['https://sdk.cashfree.com', 'https://api.cashfree.com', 'https://sandbox.cashfree.com', 'https://payments.cashfree.com', 'https://payments-test.cashfree.com'],
};

/**
 * The CSP of a page. Scripts run only from this origin and, inline, only when
 * their exact text is listed by hash (Astro inlines its small island runtime;
 * the site routes hash each page's inline scripts as they serve it), so an
 * injected script does not run. Styles keep 'unsafe-inline': the pages carry
 * style attributes, and a style cannot run code.
 */
export function pageContentSecurityPolicy(options: { scriptHashes?: readonly string[]; cashfree?: boolean } = {}): string {
  const extra = (list: string[]) => (options.cashfree ? list.map((s) => ` ${s}`).join('') : '');
  const hashes = (options.scriptHashes ?? []).map((h) => ` '${h}'`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${hashes}${extra(CASHFREE.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${extra(CASHFREE.connect)}`,
    `frame-src https://www.google.com https://maps.google.com${extra(CASHFREE.frame)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Types a browser runs; anything else (application/ld+json) is data that CSP leaves alone. */
const EXECUTABLE_TYPE = /^\s*(|text\/javascript|application\/javascript|module)\s*$/i;

/** The CSP hashes ('sha256-…') of a page's inline scripts, exactly as the browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!EXECUTABLE_TYPE.test(type)) continue;
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}

/** What every answer carries, whatever its type. */
const EVERY_ANSWER = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
} as const;
/** The CSP of anything that is not a page (JSON, media): it allows nothing. */
const NOT_A_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'";
const HSTS = 'max-age=63072000; includeSubDomains';

/** Every header of a JSON answer, security headers included, as one frozen record per HSTS setting. */
const JSON_ANSWER_HEADERS = [false, true].map((hsts) =>
  Object.freeze({
    'Content-Type': 'application/json; charset=UTF-8',
    ...EVERY_ANSWER,
    'Content-Security-Policy': NOT_A_PAGE_CSP,
    ...(hsts ? { 'Strict-Transport-Security': HSTS } : {}),
  }),
);

/** jsonAnswer's headers as a flat list of names and values, for an answer written straight to Node's response (Content-Length apart). */
export const jsonAnswerHeaders = (options: { hsts: boolean }): string[] => Object.entries(JSON_ANSWER_HEADERS[options.hsts ? 1 : 0]).flat();

/** Answers made by jsonAnswer: they already carry every header securityHeaders would add. */
const complete = new WeakSet<Response>();

/** Answers made by jsonAnswer with the request's id among their headers (see carriesRequestId). */
const identified = new WeakSet<Response>();

/**
 * A 200 JSON answer of ready bytes with its whole header set given at once, as a
 * plain record: @hono/node-server writes such a record straight to the socket,
 * where adding headers one by one to a finished answer builds a Headers object
 * and copies it back (measured: a fifth of a cached catalogue answer's cost).
 * Headers set earlier with `c.header()` are not carried over: use it only where
 * nothing before the handler sets one (the catalogue routes). `requestId` (the
 * call's, c.get('requestId')) is sent as X-Request-Id, so request-log.ts need not add it.
 */
export function jsonAnswer(body: Uint8Array<ArrayBuffer> | string, options: { hsts: boolean; requestId?: string }): Response {
  const headers = JSON_ANSWER_HEADERS[options.hsts ? 1 : 0];
  const answer = new Response(body, { status: 200, headers: options.requestId === undefined ? headers : { ...headers, 'X-Request-Id': options.requestId } });
  complete.add(answer);
  if (options.requestId !== undefined) identified.add(answer);
  return answer;
}

/**
 * Whether an answer already carries its X-Request-Id (jsonAnswer with `requestId`).
 * Adding it with `c.header()` to such a finished answer makes @hono/node-server turn the
 * light answer into a full web Response: its bytes copied into a stream, which is then read
 * back to be written (measured on listings whose filters are new, 564 products, the store in
 * its own process, 20 connections, six alternated pairs of turns: 374-719 µs of the store's
 * CPU per answer that way, 253-366 µs this way, lower in every pair).
 */
export const carriesRequestId = (answer: Response): boolean => identified.has(answer);

/**
 * Headers every answer carries. Pages get the CSP above (the site routes add
 * their inline scripts' hashes; any other page, without them, runs no inline
 * script); JSON and media get a CSP that allows nothing. HSTS only behind TLS.
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  return async function securityHeaders(c, next) {
    await next();
    if (complete.has(c.res)) return;
    const h = c.res.headers;
    for (const [name, value] of Object.entries(EVERY_ANSWER)) h.set(name, value);
    if (!h.has('Content-Security-Policy')) {
      const type = h.get('Content-Type') ?? '';
      h.set('Content-Security-Policy', type.startsWith('text/html') ? pageContentSecurityPolicy() : NOT_A_PAGE_CSP);
    }
    if (options.hsts) h.set('Strict-Transport-Security', HSTS);
  };
}
