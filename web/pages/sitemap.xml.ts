import type { APIRoute } from 'astro';
import { loadCatalogue } from '../lib/build-db.ts';
import { categoryPath } from '../lib/routes.ts';

const STATIC_PAGES = ['/', '/allproducts', '/category', '/about', '/contact', '/privacypolicy', '/shippingpolicy', '/refundpolicy', '/termsandconditions'];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** sitemap.xml, built with the site from the catalogue: the shop's pages, every category and every product. */
export const GET: APIRoute = async ({ site }) => {
  const { categories, products } = await loadCatalogue();
  const url = (path: string) => escape(new URL(path, site).href);
  const entries = [
    ...STATIC_PAGES.map((path) => `<url><loc>${url(path)}</loc></url>`),
    ...categories.map((c) => `<url><loc>${url(categoryPath(c, categories))}</loc></url>`),
    ...products.map((p) => `<url><loc>${url(`/product-details/${p.p_id}`)}</loc><lastmod>${p.createdAt.slice(0, 10)}</lastmod></url>`),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
