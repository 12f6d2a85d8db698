import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { serve } from '@hono/node-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../api/errors.ts';
import { conflictError } from '../../rules/errors.ts';
import { MAX_FILE_BYTES, type UploadRules, withUpload } from '../../api/uploads.ts';
import { formData, hostileFiles, mediaFiles, mp4Bytes, oggVideoBytes, sendForm, tinyImage, webmBytes } from '../helpers/admin.ts';
import { createTestStore, type TestStore } from '../helpers/store.ts';

const IMAGES: UploadRules = {
  folder: 'Category',
  files: { picture: { accept: 'image', maxCount: 3, tooMany: 'You can only select up to 3 images.' } },
};
const MEDIA: UploadRules = {
  folder: 'Products',
  files: { images: { accept: 'media', maxCount: 4, tooMany: 'You can select up to 4 images or videos.' } },
};

let store: TestStore;
let sentinel: string;
beforeAll(async () => {
  store = await createTestStore();
  // A file outside the media folders that no upload may ever touch.
  sentinel = path.join(store.dir, 'sentinel.txt');
  writeFileSync(sentinel, 'keep me');
  store.app.post('/probe/images', (c) =>
    withUpload(c, IMAGES, async (upload) => {
      const files = upload.files('picture');
      for (const file of files) upload.claim(file);
      return ok(c, 'stored', { fields: { ...upload.fields }, files });
    }),
  );
  store.app.post('/probe/media', (c) =>
    withUpload(c, MEDIA, async (upload) => {
      const files = upload.files('images');
      for (const file of files) upload.claim(file);
      return ok(c, 'stored', { files });
    }),
  );
  store.app.post('/probe/claim-first', (c) =>
    withUpload(c, IMAGES, async (upload) => {
      const [first] = upload.files('picture');
      return ok(c, 'stored', { kept: upload.claim(first) });
    }),
  );
  store.app.post('/probe/fail-after', (c) =>
    withUpload(c, IMAGES, async (upload) => {
      for (const file of upload.files('picture')) upload.claim(file);
      throw conflictError('The record could not be written.');
    }),
  );
});
afterAll(() => store.close());

/** Only generated names (32 hex digits + extension): no temporary file left, nothing else. */
function expectOnlyStored(folder: string, count: number) {
  const names = mediaFiles(store, folder);
  expect(names.every((n) => /^[0-9a-f]{32}\.(jpg|png|webp|gif|avif|mp4|webm|ogg)$/.test(n)), names.join(', ')).toBe(true);
  expect(names).toHaveLength(count);
}

describe('storing files', () => {
  it('stores each accepted image under a generated name with the extension of its detected type', async () => {
    const before = mediaFiles(store, 'Category').length;
    const form = formData({
      title: 'Rings',
      picture: [
        { bytes: await tinyImage('png'), name: 'ring.exe' },
        { bytes: await tinyImage('jpeg'), name: '../../../etc/passwd' },
        { bytes: await tinyImage('webp'), name: 'C:\\Windows\\evil.webp' },
      ],
    });
    const res = await sendForm(store, '/probe/images', form);
    expect(res.status).toBe(200);
    expect(res.body.data.fields).toEqual({ title: 'Rings' });
    const files = res.body.data.files;
    expect(files.map((f: any) => f.fileName.split('.')[1])).toEqual(['png', 'jpg', 'webp']);
    expect(files.map((f: any) => f.clientName)).toEqual(['ring.exe', 'passwd', 'evil.webp']);
    for (const file of files) {
      expect(file.fileName).toMatch(/^[0-9a-f]{32}\.(png|jpg|webp)$/);
      expect(file.kind).toBe('image');
      expect(existsSync(path.join(store.config.mediaDir, 'Category', file.fileName))).toBe(true);
    }
    expectOnlyStored('Category', before + 3);
    expect(readFileSync(sentinel, 'utf8')).toBe('keep me');
  });

  it('accepts a large photo-like JPEG (noise compresses like a photo: no false alarm from the content scan)', async () => {
    const { randomBytes } = await import('node:crypto');
    const size = 1200;
    const photo = await sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const res = await sendForm(store, '/probe/images', formData({ picture: { bytes: photo, name: 'photo.jpg' } }));
    expect(res.status).toBe(200);
    // Stored encoded again, without metadata: the size recorded is the stored file's.
    const [file] = res.body.data.files;
    const stored = readFileSync(path.join(store.config.mediaDir, 'Category', file.fileName));
    expect(file.size).toBe(stored.length);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: size, height: size });
  });

  it('accepts GIF and AVIF images', async () => {
    const res = await sendForm(store, '/probe/images', formData({ picture: [{ bytes: await tinyImage('gif'), name: 'a.gif' }, { bytes: await tinyImage('avif'), name: 'b.avif' }] }));
    expect(res.status).toBe(200);
    expect(res.body.data.files.map((f: any) => f.fileName.split('.')[1])).toEqual(['gif', 'avif']);
  });

  it('accepts mp4, webm and ogg videos where media are allowed, by their bytes', async () => {
    const before = mediaFiles(store, 'Products').length;
    const form = formData({
      images: [
        { bytes: mp4Bytes(), name: 'clip.mov' },
        { bytes: webmBytes(), name: 'clip' },
        { bytes: oggVideoBytes(), name: 'clip.ogv' },
        { bytes: await tinyImage('png'), name: 'still.png' },
      ],
    });
    const res = await sendForm(store, '/probe/media', form);
    expect(res.status).toBe(200);
    expect(res.body.data.files.map((f: any) => [f.fileName.split('.')[1], f.kind])).toEqual([
      ['mp4', 'video'],
      ['webm', 'video'],
      ['ogg', 'video'],
      ['png', 'image'],
    ]);
    expectOnlyStored('Products', before + 4);
  });

  it('never uses the client\'s file name: encoded, absolute and parent paths end as a generated name in the folder', async () => {
    const before = mediaFiles(store, 'Category');
    const boundary = 'hostile-names-boundary';
    const png = await tinyImage('png');
    const part = (disposition: string) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="picture"; ${disposition}\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from('\r\n')]);
    const body = Buffer.concat([
      part(`filename*=UTF-8''%2e%2e%2f%2e%2e%2f%2e%2e%2fsentinel.txt`),
      part('filename="/etc/passwd"'),
      part('filename="..\\..\\sentinel.txt"'),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await store.app.request('/probe/images', { method: 'POST', body, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.status).toBe(200);
    const { files } = (await res.json()).data;
    expect(files.map((f: any) => f.clientName)).toEqual(['sentinel.txt', 'passwd', 'sentinel.txt']);
    for (const f of files) expect(f.fileName).toMatch(/^[0-9a-f]{32}\.png$/);
    expectOnlyStored('Category', before.length + 3);
    expect(readFileSync(sentinel, 'utf8')).toBe('keep me');
  });

  it('refuses a video where only images are allowed', async () => {
    const before = mediaFiles(store, 'Category');
    const res = await sendForm(store, '/probe/images', formData({ picture: { bytes: mp4Bytes(), name: 'clip.mp4' } }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 0, description: 'Please select a valid image file.', data: null });
    expect(mediaFiles(store, 'Category')).toEqual(before);
  });

  it('ignores the empty nameless part a browser sends for an empty file input', async () => {
    const form = new FormData();
    form.append('title', 'x');
    form.append('picture', new Blob([]), '');
    const res = await sendForm(store, '/probe/images', form);
    expect(res.status).toBe(200);
    expect(res.body.data.files).toEqual([]);
  });

  it('removes the files a handler did not claim, and every file when the handler fails', async () => {
    const pictures = [
      { bytes: await tinyImage('png'), name: 'a.png' },
      { bytes: await tinyImage('png'), name: 'b.png' },
    ];
    const before = mediaFiles(store, 'Category');
    const kept = await sendForm(store, '/probe/claim-first', formData({ picture: pictures }));
    expect(kept.status).toBe(200);
    expect(mediaFiles(store, 'Category')).toEqual([...before, kept.body.data.kept].sort());

    const failed = await sendForm(store, '/probe/fail-after', formData({ picture: pictures }));
    expect(failed.status).toBe(409);
    expect(mediaFiles(store, 'Category')).toEqual([...before, kept.body.data.kept].sort());
  });
});

describe('refusing files', () => {
  it('refuses every file whose bytes are not an accepted image or video, keeping nothing', async () => {
    for (const file of await hostileFiles()) {
      const before = mediaFiles(store, 'Products');
      const good = { bytes: await tinyImage('png'), name: 'good.png' };
      const res = await sendForm(store, '/probe/media', formData({ images: [good, file] }));
      expect(res.status, file.label).toBe(400);
      expect(res.body, file.label).toEqual({ status: 0, description: `${file.name} is not a valid image or video file.`, data: null });
      expect(mediaFiles(store, 'Products'), file.label).toEqual(before);

      const image = await sendForm(store, '/probe/images', formData({ picture: file }));
      expect(image.status, file.label).toBe(400);
      expect(image.body.description, file.label).toBe('Please select a valid image file.');
    }
    expect(readFileSync(sentinel, 'utf8')).toBe('keep me');
  });

  it('finds web content split across two chunks of the stream', async () => {
    const before = mediaFiles(store, 'Category');
    const boundary = 'split-marker-boundary';
    const parts = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="split.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.concat([await tinyImage('png'), Buffer.alloc(8192), Buffer.from('<SCR')]),
      Buffer.from('IPT>alert(1)</script>'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts.shift();
        if (part) controller.enqueue(part);
        else controller.close();
      },
    });
    const res = await store.app.request('/probe/images', {
      method: 'POST',
      body,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect((await res.json()).description).toBe('Please select a valid image file.');
    expect(mediaFiles(store, 'Category')).toEqual(before);
  });

  it('refuses more files than a field takes with the rule\'s message', async () => {
    const before = mediaFiles(store, 'Category');
    const png = await tinyImage('png');
    const res = await sendForm(store, '/probe/images', formData({ picture: [1, 2, 3, 4].map((n) => ({ bytes: png, name: `${n}.png` })) }));
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('You can only select up to 3 images.');
    expect(mediaFiles(store, 'Category')).toEqual(before);
  });

  it('refuses a file under an unexpected field name', async () => {
    const res = await sendForm(store, '/probe/images', formData({ avatar: { bytes: await tinyImage('png'), name: 'a.png' } }));
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('Unexpected file field avatar; send files as picture.');
  });

  it('refuses a body that is not multipart, a duplicate field and an over-long field', async () => {
    const json = await store.app.request('/probe/images', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(json.status).toBe(400);
    expect((await json.json()).description).toBe('Please send the form as multipart/form-data.');

    const twice = new FormData();
    twice.append('title', 'a');
    twice.append('title', 'b');
    const duplicate = await sendForm(store, '/probe/images', twice);
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.description).toBe('The field title was sent more than once.');

    const long = await sendForm(store, '/probe/images', formData({ title: 'x'.repeat(300 * 1024) }));
    expect(long.status).toBe(400);
    expect(long.body.description).toBe('The field title is too long.');
  });

  it('keeps a field named __proto__ as plain data', async () => {
    const res = await sendForm(store, '/probe/images', formData({ __proto__: 'polluted', constructor: 'x' } as never));
    expect(res.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a body cut short in the middle of a file, keeping nothing', async () => {
    const before = mediaFiles(store, 'Category');
    const boundary = 'cut-short-boundary';
    const png = await tinyImage('png');
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.alloc(10_000),
    ]);
    const res = await store.app.request('/probe/images', { method: 'POST', body, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.status).toBe(400);
    expect((await res.json()).description).toBe('The upload was cut short or is not valid multipart form data.');
    expect(mediaFiles(store, 'Category')).toEqual(before);
  });
});

/** A multipart body produced chunk by chunk: one file of `fileBytes` starting with a real PNG. */
function streamingUpload(fileBytes: number, header: Buffer, onChunk: () => void) {
  const boundary = `aurum-${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // One chunk reused: the producer itself allocates nothing per chunk, so growth is the server's.
  const chunk = new Uint8Array(1024 * 1024);
  const progress = { sent: 0, total: head.length + fileBytes + tail.length, cancelled: false };
  let fileSent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      onChunk();
      if (progress.sent === 0) {
        const first = Buffer.concat([head, header]);
        fileSent = header.length;
        progress.sent += first.length;
        controller.enqueue(first);
      } else if (fileSent < fileBytes) {
        const size = Math.min(chunk.length, fileBytes - fileSent);
        fileSent += size;
        progress.sent += size;
        controller.enqueue(size === chunk.length ? chunk : chunk.subarray(0, size));
      } else {
        progress.sent += tail.length;
        controller.enqueue(tail);
        controller.close();
      }
    },
    cancel() {
      progress.cancelled = true;
    },
  });
  return { stream, boundary, progress };
}

describe('the 120 MB limit', () => {
  it('refuses a file over 120 MB with 413 while it streams, with memory growth far under the body size', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const before = mediaFiles(store, 'Category');
    const fileBytes = MAX_FILE_BYTES + 10 * 1024 * 1024; // 130 MB
    gc();
    const baseline = process.memoryUsage();
    const peak = { rss: baseline.rss, arrayBuffers: baseline.arrayBuffers };
    let chunks = 0;
    const upload = streamingUpload(fileBytes, await tinyImage('png'), () => {
      if (++chunks % 8 !== 0) return;
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
    });
    const res = await store.app.request('/probe/images', {
      method: 'POST',
      body: upload.stream,
      headers: { 'Content-Type': `multipart/form-data; boundary=${upload.boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 0, description: 'huge.png is too large. Max size is 120MB.', data: null });
    // Answered while the client was still sending: the rest of the body was never read.
    expect(upload.progress.sent).toBeLessThan(upload.progress.total);
    expect(upload.progress.cancelled).toBe(true);
    const growth = { rss: peak.rss - baseline.rss, arrayBuffers: peak.arrayBuffers - baseline.arrayBuffers };
    expect(growth.arrayBuffers, `arrayBuffers grew ${growth.arrayBuffers} bytes`).toBeLessThan(16 * 1024 * 1024);
    expect(growth.rss, `rss grew ${growth.rss} bytes`).toBeLessThan(48 * 1024 * 1024);
    // The partial file is gone.
    expect(mediaFiles(store, 'Category')).toEqual(before);
  }, 120_000);

  it('refuses a declared Content-Length above what the form can need before reading the body', async () => {
    let chunks = 0;
    const upload = streamingUpload(MAX_FILE_BYTES * 5, await tinyImage('png'), () => void chunks++);
    const res = await store.app.request('/probe/images', {
      method: 'POST',
      body: upload.stream,
      headers: { 'Content-Type': `multipart/form-data; boundary=${upload.boundary}`, 'Content-Length': String(upload.progress.total) },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).description).toBe('The upload is too large. Max size is 120MB per file.');
    expect(upload.progress.sent).toBeLessThan(2 * 1024 * 1024);
  });

  it('answers 413 over a real socket (@hono/node-server) while the client is still sending', async () => {
    const server = serve({ fetch: store.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const before = mediaFiles(store, 'Category');
    const upload = streamingUpload(MAX_FILE_BYTES + 10 * 1024 * 1024, await tinyImage('png'), () => undefined);
    try {
      const answer = await new Promise<{ status: number; body: string; sentAtAnswer: number }>((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port, method: 'POST', path: '/probe/images', headers: { 'Content-Type': `multipart/form-data; boundary=${upload.boundary}` } },
          (response) => {
            const sentAtAnswer = upload.progress.sent;
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (text) => (body += text));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body, sentAtAnswer }));
          },
        );
        // The server may close the socket once it has answered; that is not a failure here.
        request.on('error', (error) => (upload.progress.sent < upload.progress.total ? undefined : reject(error)));
        const reader = upload.stream.getReader();
        const pump = async (): Promise<void> => {
          const { value, done } = await reader.read();
          if (done) return void request.end();
          if (request.destroyed) return;
          if (!request.write(value)) await new Promise((r) => request.once('drain', r));
          return pump();
        };
        pump().catch(() => undefined);
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ status: 0, description: 'huge.png is too large. Max size is 120MB.', data: null });
      expect(answer.sentAtAnswer).toBeLessThan(upload.progress.total);
      expect(mediaFiles(store, 'Category')).toEqual(before);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);
});
