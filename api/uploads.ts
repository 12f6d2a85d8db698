/**
 * Multipart uploads, streamed: each file goes from the request body straight to
 * a temporary file in its (local) media folder, is judged by its bytes (never its
 * name or the client's content type), and only then is stored under a generated
 * name in the media store (db/media-store.ts: the same folder, or a bucket). Nothing is
 * held in memory beyond a few kilobytes per file, so a 120 MB video costs the
 * process what a 1 kB form does.
 *
 * Usage (a handler behind `requireAdmin()`):
 *
 *   return withUpload(c, CATEGORY_UPLOAD, async (upload) => {
 *     const fields = parseFields(AddCategoryFields, upload.fields);
 *     const [image] = upload.files('categoryImage');
 *     ... insert the record with upload.claim(image) ...
 *   });
 *
 * Whatever fails (a refused file, a 413, bad fields, the database), every file
 * written for the request is removed; on success, files not claimed are too.
 */

import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { type OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import sharp, { type Sharp } from 'sharp';
import type { AppEnv } from './context.ts';
import { DomainError, invalidError, tooLargeError } from '../rules/errors.ts';
import { diskFullCode } from './errors.ts';
import { MAX_MEDIA_FILE_BYTES, MEDIA_FOLDERS, type MediaFolder, type StoredFolder } from '../rules/media.ts';
import { mediaContentType, mediaKey, mediaStore } from '../db/media-store.ts';
import { recordMediaFiles } from '../db/queries/media-files.ts';
import { log } from '../db/log.ts';
import { describeIssues } from './validation.ts';

/** Per-file limit of the specification: 120MB (MiB, as upload libraries count it). */
export const MAX_FILE_BYTES = MAX_MEDIA_FILE_BYTES;
/** Longest text field (a product description or specification fits many times over). */
export const MAX_FIELD_BYTES = 256 * 1024;
/** Fields a form may carry; the longest form (a product) has a dozen. */
export const MAX_FIELDS = 40;
/** Bytes read before judging a file's type; every accepted format shows itself well within it. */
const SAMPLE_BYTES = 4100;
/** Bytes at each end of a video searched for embedded web content. */
const VIDEO_SCAN_BYTES = 1024 * 1024;
/**
 * An image larger than this many pixels is refused from its header, before it is decoded
 * (a decompression bomb: 100 KB of PNG can decode to 300 MB). 40 megapixels is more than
 * a shop photograph needs (the storefront shows at most 2,000 pixels across) and keeps
 * a decode to about 40 MB, as libvips reads it in strips.
 */
const MAX_IMAGE_PIXELS = 40_000_000;
const PIXEL_LIMIT_TEXT = 'at most 40 megapixels (for example 8000 × 5000 pixels)';

export type MediaKind = 'image' | 'video';

/** Accepted types, detected by content: extension stored for each detected type. */
const IMAGE_TYPES: Record<string, string> = { jpg: 'jpg', png: 'png', apng: 'png', webp: 'webp', gif: 'gif', avif: 'avif' };
const VIDEO_TYPES: Record<string, string> = { mp4: 'mp4', m4v: 'mp4', webm: 'webm', ogv: 'ogg', ogm: 'ogg' };
/** A photo (accept 'photo'): JPEG, PNG or WebP only (rules/return-photos.ts RETURN_PHOTO_TYPES). */
const PHOTO_TYPES: Record<string, string> = { jpg: 'jpg', png: 'png', webp: 'webp' };

/**
 * Markup that turns a file into a page or a script when a browser or server is
 * tricked into reading it as one (polyglots, web shells hidden in comments).
 * Each marker must be followed by one of the bytes that end it in real markup
 * (`<?php` needs whitespace, `<html` a space or `>`), which keeps the chance of
 * meeting one by accident in compressed image data near one in a million per
 * 10 MB. XMP metadata (`<?xpacket`, `<x:xmpmeta`) matches none of them.
 */
const WHITESPACE = [0x20, 0x09, 0x0a, 0x0d];
const TAG_END = [...WHITESPACE, 0x3e, 0x2f]; // and '>' '/'
const ACTIVE_CONTENT = [
  { text: '<?php', then: WHITESPACE },
  { text: '<script', then: TAG_END },
  { text: '<html', then: TAG_END },
  { text: '<body', then: TAG_END },
  { text: '<iframe', then: TAG_END },
  { text: '<object', then: TAG_END },
  { text: '<embed', then: TAG_END },
  { text: '<!doctype', then: WHITESPACE },
].map(({ text, then }) => ({ bytes: Buffer.from(text, 'latin1'), then: new Set(then) }));
const LONGEST_MARKER = Math.max(...ACTIVE_CONTENT.map((m) => m.bytes.length + 1));

/** What one file field accepts. */
export interface FileRule {
  /** 'image' (jpg, png, webp, gif, avif), 'media' (those and mp4, webm, ogg videos) or 'photo' (jpg, png, webp). */
  accept: 'image' | 'media' | 'photo';
  /** A smaller per-file limit than the store's 120 MB (MAX_FILE_BYTES). */
  maxBytes?: number;
  /** How many files the field takes in one request. */
  maxCount: number;
  /** The refusal when more arrive, e.g. 'You can only select up to 3 images.'. */
  tooMany: string;
}

/** How a route's multipart form is read. */
export interface UploadRules {
  /** Media folder the files are stored in (a private one is never served publicly). */
  folder: StoredFolder;
  /** File fields by name; a file under any other name is refused. */
  files: Record<string, FileRule>;
}

/** A file received, checked and stored under a generated name. */
export interface StoredFile {
  /** Form field it came in. */
  field: string;
  /** Generated name inside the media folder (random + the detected type's extension). */
  fileName: string;
  kind: MediaKind;
  /** The stored bytes' type (from the detected type's extension). */
  contentType: string;
  size: number;
  /** The client's name for it, cleaned, for messages only; never used as a path. */
  clientName: string;
  /** An image's pixel size as shown (after its EXIF orientation); null for a video. */
  width: number | null;
  height: number | null;
}

/** A received form: text fields (strings) and stored files. */
export interface Upload {
  /** Text fields by name (a null-prototype object: a field named __proto__ is just a field). */
  readonly fields: Record<string, string>;
  /** The files of one field, in the order they arrived. */
  files(field: string): StoredFile[];
  /** Marks a file as kept by the record being written; answers its generated name. */
  claim(file: StoredFile): string;
}

/** The client's file name, fit to quote in a message. */
function displayName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // Control and bidirectional-override characters would garble or disguise the message.
  const clean = base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim().slice(0, 100);
  return clean || 'The file';
}

function invalidFileMessage(rule: FileRule, name: string): string {
  if (rule.accept === 'photo') return `${name} is not a JPEG, PNG or WebP photo.`;
  return rule.accept === 'image' ? 'Please select a valid image file.' : `${name} is not a valid image or video file.`;
}

/** A per-file size limit in words: 'Max size is 120MB'. */
function sizeLimitText(bytes: number): string {
  return `Max size is ${Math.round(bytes / (1024 * 1024))}MB`;
}

/** True when `haystack` holds one of the active-content markers, ignoring ASCII case. */
function holdsActiveContent(haystack: Buffer): boolean {
  let at = haystack.indexOf(0x3c); // '<'
  while (at !== -1) {
    for (const marker of ACTIVE_CONTENT) {
      const end = at + marker.bytes.length;
      if (end >= haystack.length) continue;
      let matches = marker.then.has(haystack[end]);
      for (let i = 1; matches && i < marker.bytes.length; i++) {
        const byte = haystack[at + i];
        // ASCII lower-casing: A-Z -> a-z; everything else compares as is.
        matches = (byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte) === marker.bytes[i];
      }
      if (matches) return true;
    }
    at = haystack.indexOf(0x3c, at + 1);
  }
  return false;
}

/**
 * Passes a file's bytes through while judging them: the type from the first
 * bytes (refused at once when not accepted), and for images every byte searched
 * for active content. Holds back at most SAMPLE_BYTES.
 */
class MediaInspector extends Transform {
  kind: MediaKind | undefined;
  extension: string | undefined;
  bytes = 0;
  readonly #rule: FileRule;
  readonly #clientName: string;
  #head: Buffer[] = [];
  #headBytes = 0;
  #carry: Buffer = Buffer.alloc(0);

  constructor(rule: FileRule, clientName: string) {
    super();
    this.#rule = rule;
    this.#clientName = clientName;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.#rule.maxBytes !== undefined && this.bytes > this.#rule.maxBytes) {
      callback(tooLargeError(`${this.#clientName} is too large. ${sizeLimitText(this.#rule.maxBytes!)}.`));
      return;
    }
    if (this.kind) {
      this.#pass(chunk, callback);
      return;
    }
    this.#head.push(chunk);
    this.#headBytes += chunk.length;
    if (this.#headBytes < SAMPLE_BYTES) {
      callback();
      return;
    }
    this.#judge().then(() => this.#pass(Buffer.concat(this.#head.splice(0)), callback), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.kind || this.bytes === 0) {
      callback();
      return;
    }
    this.#judge().then(() => this.#pass(Buffer.concat(this.#head.splice(0)), callback), callback);
  }

  async #judge(): Promise<void> {
    const type = await fileTypeFromBuffer(Buffer.concat(this.#head));
    const image = type && (this.#rule.accept === 'photo' ? PHOTO_TYPES : IMAGE_TYPES)[type.ext];
    const video = type && this.#rule.accept === 'media' ? VIDEO_TYPES[type.ext] : undefined;
    if (image) [this.kind, this.extension] = ['image', image];
    else if (video) [this.kind, this.extension] = ['video', video];
    else throw invalidError(invalidFileMessage(this.#rule, this.#clientName));
  }

  #pass(chunk: Buffer, callback: TransformCallback): void {
    if (this.kind === 'image') {
      // The seam (the previous chunk's tail + this chunk's head) catches a marker split
      // across two chunks without copying whole chunks.
      const seam = Buffer.concat([this.#carry, chunk.subarray(0, LONGEST_MARKER - 1)]);
      if (holdsActiveContent(seam) || holdsActiveContent(chunk)) {
        callback(invalidError(invalidFileMessage(this.#rule, this.#clientName)));
        return;
      }
      const recent = chunk.length >= LONGEST_MARKER - 1 ? chunk : seam;
      this.#carry = Buffer.from(recent.subarray(Math.max(0, recent.length - (LONGEST_MARKER - 1))));
    }
    callback(null, chunk);
  }
}

/** Reads `length` bytes of a file at `position`. */
async function readSlice(file: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Reads an image's size from its header alone (nothing is decoded) and refuses one over
 * the pixel limit (413) or one whose header cannot be read (400).
 */
async function checkImageHeader(file: string, rule: FileRule, clientName: string): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    // metadata() reads the header only; the limit is applied below, with its own message.
    ({ width, height } = await sharp(file, { limitInputPixels: false }).metadata());
  } catch {
    throw invalidError(invalidFileMessage(rule, clientName));
  }
  if (!width || !height) throw invalidError(invalidFileMessage(rule, clientName));
  if (width * height > MAX_IMAGE_PIXELS) throw tooLargeError(`${clientName} is too large: ${PIXEL_LIMIT_TEXT}.`);
}

/** What the whole-file checks learnt: refused, or accepted with an image's pixel size. */
type WholeFileVerdict = false | { width: number | null; height: number | null };

/**
 * The checks that need the whole file: an image must decode completely (a GIF
 * header in front of a script does not); a video must carry no web content at
 * either end (an HTML page appended to an MP4). An accepted image's size is
 * recorded (the storefront build reserves its box without reading the file).
 */
async function confirmWholeFile(file: string, kind: MediaKind, size: number): Promise<WholeFileVerdict> {
  if (kind === 'image') {
    try {
      // The header was checked against the pixel limit already; sharp's own limit stays as a second guard.
      const image = sharp(file, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
      await image.stats();
      const { width, height, orientation } = await image.metadata();
      // EXIF orientations 5-8 turn the picture a quarter: shown, it is as wide as it is stored tall.
      const turned = orientation !== undefined && orientation >= 5;
      return { width: (turned ? height : width) ?? null, height: (turned ? width : height) ?? null };
    } catch {
      return false;
    }
  }
  const head = await readSlice(file, 0, Math.min(size, VIDEO_SCAN_BYTES));
  const tail = size > VIDEO_SCAN_BYTES ? await readSlice(file, size - VIDEO_SCAN_BYTES, VIDEO_SCAN_BYTES) : Buffer.alloc(0);
  return !holdsActiveContent(head) && !holdsActiveContent(tail) && { width: null, height: null };
}

/**
 * Encodes an accepted image again in its own format, turned upright by its EXIF orientation,
 * with no metadata (sharp keeps none unless asked): the camera's GPS position, its serial
 * number and any comment never reach the store. Replaces the file; answers its new size.
 */
async function reencodeWithoutMetadata(file: string, extension: string, written: Set<string>): Promise<number> {
  const clean = `${file}.clean`;
  written.add(clean);
  // A GIF keeps its frames (it has no orientation to apply); every other picture is turned upright.
  const image = extension === 'gif' ? sharp(file, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, animated: true }) : sharp(file, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const encoders: Record<string, () => Sharp> = {
    png: () => image.png(),
    webp: () => image.webp({ quality: 90 }),
    gif: () => image.gif(),
    avif: () => image.avif({ quality: 70 }),
  };
  const encoded = (encoders[extension] ?? (() => image.jpeg({ quality: 90 })))();
  const { size } = await encoded.toFile(clean);
  await rename(clean, file);
  written.delete(clean);
  return size;
}

const generatedName = (extension?: string) => `${randomBytes(16).toString('hex')}${extension ? `.${extension}` : ''}`;

/** Removes files quietly: an already missing file is what we wanted. */
async function removeAll(paths: Iterable<string>): Promise<void> {
  await Promise.all([...paths].map((p) => rm(p, { force: true }).catch(() => undefined)));
}

/**
 * Largest body a form under these rules can honestly need: every file at its
 * limit plus every field at its limit. A declared Content-Length above it is
 * refused before a byte is read.
 */
export function maxBodyBytes(rules: UploadRules): number {
  const files = Object.values(rules.files).reduce((sum, rule) => sum + rule.maxCount * ((rule.maxBytes ?? MAX_FILE_BYTES) + 16 * 1024), 0);
  return files + MAX_FIELDS * (MAX_FIELD_BYTES + 1024) + 64 * 1024;
}

interface Received {
  fields: Record<string, string>;
  files: StoredFile[];
  /** Media-store keys of the stored files. */
  keys: Map<StoredFile, string>;
}

/**
 * Streams a multipart request into the rules' media folder. Resolves once every
 * file is stored and checked; rejects with a DomainError (400 or 413) as soon as
 * something is refused, having stopped reading and removed every file written.
 */
/** A file received and checked as far as can be without decoding it. */
interface Pending {
  slot: number;
  field: string;
  temporary: string;
  inspector: MediaInspector;
  rule: FileRule;
  clientName: string;
}

export interface UploadOptions {
  /**
   * Runs once every file has arrived and passed the checks that decode nothing (type by
   * content, size, an image's pixel count from its header), before any file is decoded:
   * a permission check here refuses a caller without costing a decode. Throws to refuse.
   */
  beforeDecode?: (fields: Record<string, string>) => Promise<void>;
}

async function receiveUpload(c: Context<AppEnv>, rules: UploadRules, options: UploadOptions = {}): Promise<Received> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw invalidError('Please send the form as multipart/form-data.');
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBodyBytes(rules)) {
    const largest = Math.max(...Object.values(rules.files).map((rule) => rule.maxBytes ?? MAX_FILE_BYTES));
    throw tooLargeError(`The upload is too large. ${sizeLimitText(largest)} per file.`);
  }
  const body = c.req.raw.body;
  if (!body) throw invalidError('Please send the form as multipart/form-data.');

  // Files arrive in a local folder and are judged there; only accepted ones reach the store.
  const folder = path.join(c.var.deps.config.mediaDir, rules.folder);
  await mkdir(folder, { recursive: true });
  const store = mediaStore(c.var.deps.config.media);
  const totalFiles = Object.values(rules.files).reduce((sum, rule) => sum + rule.maxCount, 0);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: MAX_FILE_BYTES, files: totalFiles + 1, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: totalFiles + MAX_FIELDS + 1 },
    });
  } catch {
    throw invalidError('Please send the form as multipart/form-data.');
  }

  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  const fields: Record<string, string> = Object.create(null);
  // Files in the order they arrived, whichever finishes its checks first.
  const slots: (StoredFile | undefined)[] = [];
  const keys = new Map<StoredFile, string>();
  const written = new Set<string>();
  const stored = new Set<string>();
  const tasks: Promise<unknown>[] = [];
  const counts = new Map<string, number>();
  const pending: Pending[] = [];
  let failure: unknown;

  return new Promise<Received>((resolve, reject) => {
    // `asThrown`: an error of the handler's own check (beforeDecode), passed on as it is; so is
    // a full disk refusing a file being written (answered 503, api/errors.ts), not the client's fault.
    const fail = (error: unknown, asThrown = false) => {
      if (failure) return;
      failure = error instanceof DomainError || asThrown || diskFullCode(error) ? error : invalidError('The upload was cut short or is not valid multipart form data.');
      // Stop reading at once: the client may still be sending the rest of a huge body.
      source.unpipe(parser);
      source.destroy();
      parser.destroy();
      // Files are removed once their writers have closed, so none is recreated after removal.
      Promise.allSettled(tasks)
        .then(() => Promise.all([removeAll(written), store.remove([...stored]).catch(() => undefined)]))
        .then(() => reject(failure));
    };

    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(invalidError(`The field ${displayName(name)} is too long.`));
      if (name in fields) return fail(invalidError(`The field ${displayName(name)} was sent more than once.`));
      fields[name] = value;
    });

    parser.on('file', (field, stream, info) => {
      // A stream abandoned by a refusal is destroyed with an error nobody needs to hear.
      stream.on('error', () => undefined);
      // After a refusal busboy may still announce a part from the chunk it was parsing: writing
      // it would start after the cleanup and leave a temporary file behind.
      if (failure) {
        stream.resume();
        return;
      }
      const rule = Object.hasOwn(rules.files, field) ? rules.files[field] : undefined;
      if (!rule) {
        stream.resume();
        const expected = Object.keys(rules.files).join(' or ');
        return fail(invalidError(`Unexpected file field ${displayName(field)}; send files as ${expected}.`));
      }
      const count = (counts.get(field) ?? 0) + 1;
      counts.set(field, count);
      if (count > rule.maxCount) {
        stream.resume();
        return fail(invalidError(rule.tooMany));
      }
      const slot = slots.push(undefined) - 1;
      const clientName = displayName(info.filename);
      stream.on('limit', () => fail(tooLargeError(`${clientName} is too large. ${sizeLimitText(rule.maxBytes ?? MAX_FILE_BYTES)}.`)));
      const temporary = path.join(folder, `.upload-${generatedName()}.part`);
      written.add(temporary);
      const inspector = new MediaInspector(rule, clientName);
      const task = (async () => {
        await pipeline(stream, inspector, createWriteStream(temporary, { flags: 'wx' }));
        if (failure) return;
        if (stream.truncated) throw tooLargeError(`${clientName} is too large. ${sizeLimitText(rule.maxBytes ?? MAX_FILE_BYTES)}.`);
        if (inspector.bytes === 0) {
          // A browser sends an empty, nameless part for a file input left empty: nothing was chosen.
          if (info.filename) throw invalidError(invalidFileMessage(rule, clientName));
          await rm(temporary, { force: true });
          written.delete(temporary);
          return;
        }
        if (inspector.kind === 'image') await checkImageHeader(temporary, rule, clientName);
        pending.push({ slot, field, temporary, inspector, rule, clientName });
      })();
      tasks.push(task);
      task.catch(fail);
    });

    parser.on('filesLimit', () => fail(invalidError('Too many files in one request.')));
    parser.on('fieldsLimit', () => fail(invalidError('The form has too many fields.')));
    parser.on('partsLimit', () => fail(invalidError('The form has too many parts.')));
    parser.on('error', fail);
    source.on('error', fail);
    /** Decodes and stores the files, one at a time, once the caller is allowed to send them. */
    const finish = async () => {
      if (failure) return;
      await options.beforeDecode?.({ ...fields });
      for (const { slot, field, temporary, inspector, rule, clientName } of pending) {
        if (failure) return;
        const verdict = await confirmWholeFile(temporary, inspector.kind!, inspector.bytes);
        if (!verdict) throw invalidError(invalidFileMessage(rule, clientName));
        // Every image, the shop's own included, is stored without its metadata: a phone's picture of a piece
        // carries the GPS position of where it was taken (the workshop, the strongroom, a shopper's home).
        const size = inspector.kind === 'image' ? await reencodeWithoutMetadata(temporary, inspector.extension!, written) : inspector.bytes;
        const fileName = generatedName(inspector.extension);
        const key = mediaKey(rules.folder, fileName)!;
        const contentType = mediaContentType(fileName);
        stored.add(key);
        await store.moveIn(key, temporary, contentType);
        written.delete(temporary);
        const file: StoredFile = { field, fileName, kind: inspector.kind!, contentType, size, clientName, ...verdict };
        slots[slot] = file;
        keys.set(file, key);
      }
      if (!failure) resolve({ fields, files: slots.filter((f) => f !== undefined), keys });
    };
    parser.on('close', () => {
      Promise.all(tasks).then(finish).catch((error: unknown) => fail(error, true));
    });
    source.pipe(parser);
  });
}

/**
 * Receives a form, runs `work` with it, and tidies the media folder: on any
 * failure every file of the request is removed; on success the files `work`
 * did not claim are. `work` writes its record in one transaction and calls
 * `claim` for each file the record names.
 */
export async function withUpload(
  c: Context<AppEnv>,
  rules: UploadRules,
  work: (upload: Upload) => Promise<Response>,
  options: UploadOptions = {},
): Promise<Response> {
  const received = await receiveUpload(c, rules, options);
  const store = mediaStore(c.var.deps.config.media);
  const removeStored = (keys: string[]) => store.remove(keys).catch((error: unknown) => log.warn({ err: error }, 'uploads: could not remove stored files'));
  const claimed = new Set<StoredFile>();
  const upload: Upload = {
    fields: received.fields,
    files: (field) => received.files.filter((f) => f.field === field),
    claim(file) {
      claimed.add(file);
      return file.fileName;
    },
  };
  let response: Response;
  try {
    response = await work(upload);
  } catch (error) {
    await removeStored([...received.keys.values()]);
    throw error;
  }
  await removeStored([...received.keys].flatMap(([file, key]) => (claimed.has(file) ? [] : [key])));
  // The storefront's picture sizes: a private folder's files are never on a page.
  const folder = (MEDIA_FOLDERS as readonly string[]).includes(rules.folder) ? (rules.folder as MediaFolder) : null;
  const kept = folder ? [...claimed].map((file) => ({ folder, name: file.fileName, width: file.width, height: file.height })) : [];
  await recordMediaFiles(c.var.deps.db, kept).catch((error: unknown) => log.warn({ err: error }, 'uploads: could not record image sizes'));
  return response;
}

/** Validates a form's text fields with a zod schema; a refusal is a 400 with the schema's own message. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const result = schema.safeParse({ ...fields });
  if (!result.success) throw invalidError(describeIssues(result.error));
  return result.data;
}

/**
 * Registers a multipart route: described in the OpenAPI document like any
 * other (fields, files, responses), but served by a plain handler, so the body
 * is streamed by `withUpload` rather than buffered by a validator.
 */
export function openapiMultipart(app: OpenAPIHono<AppEnv>, route: RouteConfig, handler: Handler<AppEnv>): void {
  const { middleware, ...documented } = route;
  app.openAPIRegistry.registerPath(documented);
  const guards = (middleware === undefined ? [] : Array.isArray(middleware) ? middleware : [middleware]) as MiddlewareHandler<AppEnv>[];
  app.on([route.method.toUpperCase()], [route.path.replaceAll(/\{(\w+)\}/g, ':$1')], ...guards, handler);
}

/** A file part in a documented multipart form. */
export const FileField = z.string().openapi({ type: 'string', format: 'binary' });

/** A required multipart request body, for `openapiMultipart` routes. */
export function multipartBody<T extends z.ZodType>(schema: T) {
  return { content: { 'multipart/form-data': { schema } }, required: true };
}
