/**
 * `npm run budgets [siteDir]`: the JavaScript (gzip) each key page loads before
 * any interaction, against the storefront's budgets (js-weight.ts pageBudgets:
 * 10 KB on home, 80 KB on a product page, 30 KB on the legal and about pages).
 * Exits 1 when a page is over.
 * siteDir defaults to the configured DATA_DIR's built site.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../api/env.ts';
import { pageBudgets, pageWeight } from './js-weight.ts';

const KB = 1024;
const siteDir = path.resolve(process.argv[2] ?? loadConfig().siteDir);
if (!existsSync(path.join(siteDir, 'index.html'))) {
  console.error(`No built site in ${siteDir}: run npm start (or npm run build:site) first, or pass the site folder.`);
  process.exit(1);
}
const productDir = path.join(siteDir, 'product-details');
const firstProduct = existsSync(productDir) ? readdirSync(productDir).find((d) => /^\d+$/.test(d)) : undefined;

const budgets = pageBudgets(firstProduct);

let over = 0;
console.log(`JavaScript before interaction (gzip), site ${siteDir}`);
console.log('page'.padEnd(34) + 'KB'.padStart(8) + 'budget'.padStart(9) + '  files');
for (const [page, limit] of budgets) {
  const { gzipBytes, files } = pageWeight(siteDir, page);
  const ok = gzipBytes <= limit * KB;
  if (!ok) over++;
  console.log(`${page.padEnd(34)}${(gzipBytes / KB).toFixed(1).padStart(8)}${String(limit).padStart(9)}  ${files.length}${ok ? '' : '  OVER BUDGET'}`);
}
if (!firstProduct) console.log('(no pre-rendered product page found)');
console.log(over ? `${over} page(s) over budget` : 'all pages within budget');
process.exit(over ? 1 : 0);
