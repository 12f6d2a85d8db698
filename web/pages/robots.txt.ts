import type { APIRoute } from 'astro';

/** robots.txt: shoppers' pages are open; the account, checkout and admin areas are not for search engines. */
export const GET: APIRoute = ({ site }) => {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin/',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /wishlist',
    'Disallow: /orderconfirm',
    'Disallow: /login',
    'Disallow: /signup',
    '',
    `Sitemap: ${new URL('/sitemap.xml', site).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
