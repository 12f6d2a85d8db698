import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** JavaScript a page runs before anyone interacts: its module scripts, island code and their static imports. */
export interface PageWeight {
  page: string;
  files: string[];
  /** Bytes after gzip, inline scripts included. */
  gzipBytes: number;
}

/**
 * The storefront's budgets in KB of gzip before interaction (issue 33): the home page 10, a pre-rendered
 * product page 80; the bare product page (answered for a product built after the last site build, the
 * whole page a React island) and the listings 100; the legal and about pages 30.
 */
export function pageBudgets(productId?: string): [page: string, limitKb: number][] {
  return [
    ['/', 10],
    ...(productId ? [[`/product-details/${productId}`, 80] as [string, number]] : []),
    ['/product-details', 100],
    ['/allproducts', 100],
    ['/about', 30],
    ['/privacypolicy', 30],
    ['/shippingpolicy', 30],
    ['/refundpolicy', 30],
    ['/termsandconditions', 30],
  ];
}

const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']|export\s*\*\s*from\s*["']([^"']+\.js)["']|export\s*\{[^}]*\}\s*from\s*["']([^"']+\.js)["']/g;

/** The JS files a module pulls in before it runs (static imports only; dynamic import() waits for a click). */
function staticImports(siteDir: string, file: string): string[] {
  const code = readFileSync(path.join(siteDir, file), 'utf8');
  const out: string[] = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec) continue;
    const resolved = spec.startsWith('/') ? spec.slice(1) : path.posix.join(path.posix.dirname(file), spec);
    out.push(resolved);
  }
  return out;
}

/** Measures one built page (a path like "/" or "/product-details/1"). */
export function pageWeight(siteDir: string, page: string): PageWeight {
  const htmlFile = path.join(siteDir, page.replace(/\/$/, ''), page.endsWith('.html') ? '' : 'index.html');
  const html = readFileSync(existsSync(htmlFile) ? htmlFile : path.join(siteDir, `${page}.html`), 'utf8');
  const entries = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) entries.add(m[1]);
  // Islands hydrated without a click: client:load, client:idle and client:visible (counted even when below
  // the fold). client:interaction islands load their code only when someone reaches for them.
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const tag = m[0];
    if (/client="interaction"/.test(tag)) continue;
    for (const attr of ['component-url', 'renderer-url']) {
      const url = new RegExp(`${attr}="([^"]+)"`).exec(tag)?.[1];
      if (url) entries.add(url);
    }
  }
  const seen = new Set<string>();
  const queue = [...entries].map((u) => u.replace(/^\//, ''));
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || !existsSync(path.join(siteDir, file))) continue;
    seen.add(file);
    queue.push(...staticImports(siteDir, file));
  }
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
  const code = [...seen].map((f) => readFileSync(path.join(siteDir, f))).concat(Buffer.from(inline));
  const gzipBytes = code.reduce((sum, buffer) => sum + (buffer.length ? gzipSync(buffer, { level: 9 }).length : 0), 0);
  return { page, files: [...seen], gzipBytes };
}
