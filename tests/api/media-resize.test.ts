import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../helpers/store.ts';

let store: TestStore;

beforeEach(async () => {
  store = await createTestStore();
  mkdirSync(path.join(store.config.mediaDir, 'Products'), { recursive: true });
});
afterEach(() => store.close());

async function storeImage(name: string, width = 1600, height = 1200) {
  const png = await sharp({ create: { width, height, channels: 3, background: '#c9a35c' } }).png().toBuffer();
  writeFileSync(path.join(store.config.mediaDir, 'Products', name), png);
  return png.length;
}

describe('media widths (?w=)', () => {
  it('answers a WebP of one of the fixed widths, made once and then served from the cache under DATA_DIR', async () => {
    await storeImage('ring.png');
    const res = await store.app.request('/Products/ring.png?w=480');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(480);
    expect(meta.height).toBe(360);
    const cached = path.join(store.config.dataDir, 'media-cache', 'Products', '480', 'ring.png.webp');
    expect((await sharp(cached).metadata()).width).toBe(480);
    const again = await store.app.request('/Products/ring.png?w=480');
    expect(again.headers.get('content-type')).toBe('image/webp');
  });

  it('never enlarges a small image', async () => {
    await storeImage('small.png', 300, 300);
    const res = await store.app.request('/Products/small.png?w=1440');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(300);
  });

  it('serves the original for a width outside the set, for videos, and without ?w', async () => {
    const size = await storeImage('band.png');
    for (const url of ['/Products/band.png?w=481', '/Products/band.png?w=../../x', '/Products/band.png']) {
      const res = await store.app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Number(res.headers.get('content-length'))).toBe(size);
    }
    writeFileSync(path.join(store.config.mediaDir, 'Products', 'reel.mp4'), Buffer.from('not really a video'));
    const video = await store.app.request('/Products/reel.mp4?w=480');
    expect(video.headers.get('content-type')).toBe('video/mp4');
  });

  it('answers 404 for a missing file and for a name that is not a plain file name', async () => {
    expect((await store.app.request('/Products/missing.png?w=480')).status).toBe(404);
    expect((await store.app.request('/Products/..%2Fstore.sqlite?w=480')).status).toBe(404);
  });

  it('answers the original when a stored "image" cannot be decoded', async () => {
    writeFileSync(path.join(store.config.mediaDir, 'Products', 'broken.jpg'), Buffer.from('not an image at all'));
    const res = await store.app.request('/Products/broken.jpg?w=480');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('storefront text', () => {
  it('is gzip-compressed for browsers that accept it', async () => {
    mkdirSync(store.config.siteDir, { recursive: true });
    writeFileSync(path.join(store.config.siteDir, 'index.html'), `<!doctype html><title>Aurum</title>${'<p>gold</p>'.repeat(400)}`);
    const res = await store.app.request('/', { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});
