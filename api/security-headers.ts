import type { MiddlewareHandler } from 'hono';

/**
 * Headers every answer carries. Pages get a CSP that allows the store's own
 * scripts and styles (Astro inlines small hydration scripts, hence 'unsafe-inline'
 * for scripts is avoided by hashing in the build where possible; styles inline),
 * JSON and media get a CSP that allows nothing. HSTS only behind TLS.
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
      h.set(
        'Content-Security-Policy',
        type.startsWith('text/html')
          ? "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self' data:; connect-src 'self'; frame-src https://www.google.com https://maps.google.com; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
          : "default-src 'none'; frame-ancestors 'none'",
      );
    }
    if (options.hsts) h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  };
}
