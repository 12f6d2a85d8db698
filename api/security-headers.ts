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

/**
 * Headers every answer carries. Pages get the CSP above (the site routes add
 * their inline scripts' hashes; any other page, without them, runs no inline
 * script); JSON and media get a CSP that allows nothing. HSTS only behind TLS.
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  return async function securityHeaders(c, next) {
    await next();
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    if (!h.has('Content-Security-Policy')) {
      const type = h.get('Content-Type') ?? '';
      h.set('Content-Security-Policy', type.startsWith('text/html') ? pageContentSecurityPolicy() : "default-src 'none'; frame-ancestors 'none'");
    }
    if (options.hsts) h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}
