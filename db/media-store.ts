/**
 * Where the store keeps its files: uploaded media, their resized copies and, on
 * a bucket, the published storefront. One interface, two places:
 *
 * - local disk (the default): keys are paths under DATA_DIR, exactly the layout
 *   a single store always had (media/<Folder>/<name>, media-cache/...);
 * - an S3-compatible bucket (`MEDIA_URL=s3://bucket/prefix`): keys under the
 *   prefix, shared by every instance of the store.
 *
 * Keys are made here (mediaKey, resizedKey) from a folder and a generated name;
 * nothing a client sends becomes a key.
 */
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

import type { MediaFolder, StoredFolder } from '../rules/media.ts';

export { MEDIA_FOLDERS, PRIVATE_MEDIA_FOLDERS, type MediaFolder, type StoredFolder } from '../rules/media.ts';

/**
 * The widths an image may be asked for with `?w=` (web/lib/media.ts lists the
 * same): a fixed set, so nobody can fill the store with sizes of their choosing.
 */
export const IMAGE_WIDTHS = [240, 360, 480, 720, 960, 1440, 1920] as const;

/** A plain file name: no separators, no leading dot, nothing encoded. */
export const MEDIA_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * The key of a stored media file, or null when the name is not a plain file name. A private
 * folder's files (PRIVATE_MEDIA_FOLDERS) sit in the same layout; only the public routes differ.
 */
export function mediaKey(folder: StoredFolder, name: string): string | null {
  if (!MEDIA_NAME.test(name) || name.includes('..')) return null;
  return `media/${folder}/${name}`;
}

/** The key of an image's resized WebP copy at one of IMAGE_WIDTHS. */
export function resizedKey(folder: MediaFolder, name: string, width: number): string {
  return `media-cache/${folder}/${width}/${name}.webp`;
}

/** Where the store is: the shape of config.media (api/env.ts). */
export type MediaLocation =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      bucket: string;
      /** Key prefix inside the bucket, without slashes at either end ('' for the bucket's root). */
      prefix: string;
      /** A non-AWS endpoint (MinIO, R2, a local test server); path-style addressing is used with it. */
      endpoint?: string;
      region: string;
      /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; otherwise the SDK's own chain (instance roles). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/** What is known of a stored object without reading it. */
export interface StoredObject {
  size: number;
  lastModified: Date;
  /** A validator for If-None-Match, quoted as HTTP sends it (weak, W/"...", on local disk). */
  etag: string;
}

/** An object being read: its facts and its bytes (the asked range, or all). */
export interface OpenedObject extends StoredObject {
  /** The bytes: call once; an object opened and not read must be closed with discard(). */
  body(): Readable;
  discard(): void;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Facts of an object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** Opens an object (bytes start..end inclusive when given), or null when there is none. */
  open(key: string, range?: { start: number; end: number }): Promise<OpenedObject | null>;
  /** A whole object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  write(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** Stores a local file under key; the file itself is gone afterwards (moved on disk, uploaded then removed on S3). */
  moveIn(key: string, file: string, contentType?: string): Promise<void>;
  /** Stores a copy of a local file under key; the file stays (a restore from a backup folder). */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** Stores a second name for an object (a hard link on disk, a server-side copy on S3). */
  copy(from: string, to: string): Promise<void>;
  /** Removes objects; an absent one is not an error. */
  remove(keys: string[]): Promise<void>;
  /** Keys under a prefix ending in '/', in no particular order. */
  list(prefix: string): Promise<string[]>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** Files under a root folder: the single store's layout, unchanged. */
export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of a key; a key that would leave the root is refused. */
  file(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`media store: key outside the store: ${key}`);
    return file;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const facts = await stat(this.file(key));
      if (!facts.isFile()) return null;
      return { size: facts.size, lastModified: facts.mtime, etag: `W/"${facts.size.toString(16)}-${Math.floor(facts.mtimeMs / 1000).toString(16)}"` };
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async open(key: string, range?: { start: number; end: number }): Promise<OpenedObject | null> {
    const facts = await this.stat(key);
    if (!facts) return null;
    const file = this.file(key);
    return { ...facts, body: () => createReadStream(file, range), discard: () => undefined };
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The file of a key, with its folder made. */
  async #placed(key: string): Promise<string> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    return file;
  }

  /** Fills a file aside, then renames it to the key's: a reader never sees half a file. */
  async #replace(key: string, fill: (temporary: string) => Promise<void>): Promise<void> {
    const file = await this.#placed(key);
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fill(temporary);
    await rename(temporary, file);
  }

  write(key: string, bytes: Buffer): Promise<void> {
    return this.#replace(key, (temporary) => writeFile(temporary, bytes));
  }

  async moveIn(key: string, file: string): Promise<void> {
    await rename(file, await this.#placed(key));
  }

  putFile(key: string, file: string): Promise<void> {
    return this.#replace(key, (temporary) => copyFile(file, temporary));
  }

  async copy(from: string, to: string): Promise<void> {
    const target = await this.#placed(to);
    await link(this.file(from), target).catch(() => copyFile(this.file(from), target));
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.file(key), { force: true })));
  }

  async list(prefix: string): Promise<string[]> {
    const dir = this.file(prefix);
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  }
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** Objects in an S3-compatible bucket under a prefix. */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;

  constructor(location: Extract<MediaLocation, { kind: 's3' }>) {
    this.bucket = location.bucket;
    this.prefix = location.prefix ? `${location.prefix}/` : '';
    this.client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      // MinIO and most S3-compatible stores are addressed by path, not by bucket subdomain.
      forcePathStyle: location.endpoint !== undefined,
      credentials: location.credentials,
      // Checksums only where S3 requires them: the SDK's default (CRC32 trailers on
      // streamed uploads) is not understood by every S3-compatible store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  #key(key: string): string {
    return this.prefix + key;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.#key(key) }));
      return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0), etag: head.ETag ?? '""' };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async open(key: string, range?: { start: number; end: number }): Promise<OpenedObject | null> {
    let answer;
    try {
      answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.#key(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
    const total = /\/(\d+)$/.exec(answer.ContentRange ?? '');
    const body = answer.Body as Readable;
    return {
      size: total ? Number(total[1]) : (answer.ContentLength ?? 0),
      lastModified: answer.LastModified ?? new Date(0),
      etag: answer.ETag ?? '""',
      body: () => body,
      discard: () => body.destroy(),
    };
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.open(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async write(key: string, bytes: Buffer, contentType?: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.#key(key), Body: bytes, ContentType: contentType }));
  }

  async moveIn(key: string, file: string, contentType?: string): Promise<void> {
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.#key(key), Body: createReadStream(file), ContentLength: size, ContentType: contentType }),
    );
    await rm(file, { force: true });
  }

  async putFile(key: string, file: string, contentType?: string): Promise<void> {
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.#key(key), Body: createReadStream(file), ContentLength: size, ContentType: contentType }),
    );
  }

  async copy(from: string, to: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: this.#key(to), CopySource: `${this.bucket}/${encodeURI(this.#key(from))}` }),
    );
  }

  async remove(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length === 0) continue;
      await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((key) => ({ Key: this.#key(key) })), Quiet: true } }),
      );
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.#key(prefix), ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(this.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }
}

const stores = new WeakMap<MediaLocation, MediaStore>();

/** The store of a configuration, one per location object (an S3 client keeps its connections). */
export function mediaStore(location: MediaLocation): MediaStore {
  let store = stores.get(location);
  if (!store) {
    store = location.kind === 's3' ? new S3MediaStore(location) : new LocalMediaStore(location.root);
    stores.set(location, store);
  }
  return store;
}

/** The content type media are stored and served with, by extension. */
export function mediaContentType(name: string): string {
  return MEDIA_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** Content types of the media the store keeps (also the site's, which adds its own). */
export const MEDIA_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogg': 'video/ogg',
};
