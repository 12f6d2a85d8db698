import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSiteEtags } from '../../api/site/build.ts';
import { createTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
  mkdirSync(path.join(store.config.mediaDir, 'Products'), { recursive: true });
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c9a35c' } }).png().toBuffer();
  writeFileSync(path.join(store.config.mediaDir, 'Products', 'ring.png'), png);
});
afterAll(() => store.close());

const get = (url: string, headers: Record<string, string> = {}) => store.app.request(url, { headers });

/** Writes a built site: pages and a hashed asset, with the build's content hashes. */
function writeSite(home: string) {
  const site = store.config.siteDir;
  mkdirSync(path.join(site, '_astro'), { recursive: true });
  mkdirSync(path.join(site, 'about-us'), { recursive: true });
  writeFileSync(path.join(site, 'index.html'), `<!doctype html><title>Aurum</title><p>${home}</p>`);
  writeFileSync(path.join(site, 'about-us', 'index.html'), '<!doctype html><title>About</title><p>since 1952</p>');
  writeFileSync(path.join(site, '_astro', 'app.Bx12.js'), 'console.log("gold")');
  writeSiteEtags(site);
}

describe('media validators', () => {
  it('sends ETag and Last-Modified with a year of immutable caching, and answers a current copy with 304', async () => {
    const first = await get('/Products/ring.png');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^(W\/)?".+"$/);
    expect(Date.parse(lastModified)).toBeGreaterThan(0);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const again = await get('/Products/ring.png', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toContain('immutable');
    expect((await get('/Products/ring.png', { 'If-None-Match': `"other", ${etag}` })).status).toBe(304);
    expect((await get('/Products/ring.png', { 'If-Modified-Since': lastModified })).status).toBe(304);

    const stale = await get('/Products/ring.png', { 'If-None-Match': '"not-this-one"' });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // If-None-Match decides when both are sent (RFC 9110 13.2.2).
    expect((await get('/Products/ring.png', { 'If-None-Match': '"not-this-one"', 'If-Modified-Since': lastModified })).status).toBe(200);
  });

  it('gives resized copies their own validators and 304', async () => {
    const resized = await get('/Products/ring.png?w=480');
    expect(resized.headers.get('content-type')).toBe('image/webp');
    const etag = resized.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(etag).not.toBe((await get('/Products/ring.png')).headers.get('etag'));
    expect((await get('/Products/ring.png?w=480', { 'If-None-Match': etag })).status).toBe(304);
  });

  it('still answers ranges (206) with validators, and HEAD without a body', async () => {
    const range = await get('/Products/ring.png', { Range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toMatch(/^bytes 0-9\/\d+$/);
    expect((await range.arrayBuffer()).byteLength).toBe(10);
    expect(range.headers.get('etag')).toBeTruthy();
    const head = await store.app.request('/Products/ring.png', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBeTruthy();
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
  });
});

describe('storefront validators', () => {
  it('revalidates pages by ETag (304 when current) and caches hashed assets for a year', async () => {
    writeSite('first');
    const page = await get('/', { Accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = page.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    expect(page.headers.get('last-modified')).toBeTruthy();
    const current = await get('/', { Accept: 'text/html', 'If-None-Match': etag });
    expect(current.status).toBe(304);
    expect(await current.text()).toBe('');

    const asset = await get('/_astro/app.Bx12.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/_astro/app.Bx12.js', { 'If-None-Match': asset.headers.get('etag')! })).status).toBe(304);
  });

  it('keeps the ETag of a page a rebuild left unchanged, and changes that of a changed one', async () => {
    writeSite('first');
    const about = (await get('/about-us', { Accept: 'text/html' })).headers.get('etag')!;
    const home = (await get('/', { Accept: 'text/html' })).headers.get('etag')!;
    writeSite('second'); // a rebuild: every file written again, only the home page's bytes differ
    expect((await get('/about-us', { Accept: 'text/html', 'If-None-Match': about })).status).toBe(304);
    const changed = await get('/', { Accept: 'text/html', 'If-None-Match': home });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('second');
    expect(changed.headers.get('etag')).not.toBe(home);
  });

  it('keeps the ETag weak and the body whole when the page is gzip-compressed', async () => {
    writeFileSync(path.join(store.config.siteDir, 'index.html'), `<!doctype html><title>Aurum</title>${'<p>gold</p>'.repeat(400)}`);
    writeSiteEtags(store.config.siteDir);
    const res = await get('/', { Accept: 'text/html', 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const etag = res.headers.get('etag')!;
    expect(etag.startsWith('W/')).toBe(true);
    expect((await get('/', { Accept: 'text/html', 'Accept-Encoding': 'gzip', 'If-None-Match': etag })).status).toBe(304);
  });

  it('never answers a missing page with 304', async () => {
    const res = await get('/no-such-page', { Accept: 'text/html', 'If-None-Match': '*' });
    expect(res.status).toBe(404);
  });
});
