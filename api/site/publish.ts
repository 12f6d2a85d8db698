/**
 * Where a built storefront goes live. Every instance serves the site from its
 * own DATA_DIR/site (fast, and the bare-page logic of serve.ts reads it there);
 * what differs is how a build reaches the other instances:
 *
 * - local media (no MEDIA_URL): the build is swapped into DATA_DIR/site, as for
 *   a single store; instances sharing that folder share the site.
 * - a bucket (MEDIA_URL=s3://...): the build is uploaded as one archive under a
 *   versioned key (site/builds/<id>.tar.gz), then the pointer site/current.json
 *   is replaced (a single PUT: readers see the old pointer or the new, never a
 *   mix). Every instance asks for the pointer every few seconds and, when it
 *   names another build, downloads that archive and swaps it in.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import { mediaStore } from '../../db/media-store.ts';
import { log } from '../../db/log.ts';
import type { Config } from '../env.ts';

export const BUILD_INFO = 'build-info.json';

export interface BuildInfo {
  /** Names one build: the archive and pointer on a bucket, and what an instance has swapped in. */
  id?: string;
  sourceHash: string;
  catalogueVersion: string;
  /** When the build began reading the catalogue: changes after it may be missing from the pages. */
  startedAt?: string;
  builtAt: string;
}

const POINTER = 'site/current.json';
const archiveKey = (id: string) => `site/builds/${id}.tar.gz`;
/** Archives kept besides the live one: an instance still downloading an older one finishes it. */
const ARCHIVES_KEPT = 3;

/** A fresh build id: sortable by time, unique across instances. */
export function newBuildId(): string {
  return `${Date.now().toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
}

/** A site folder's build-info, or null when there is none (or it cannot be read). */
export function readBuildInfo(siteDir: string): BuildInfo | null {
  try {
    return JSON.parse(readFileSync(path.join(siteDir, BUILD_INFO), 'utf8')) as BuildInfo;
  } catch {
    return null;
  }
}

/** Puts a complete site folder in place of the live one (two renames; the old one removed after). */
function swapIn(config: Config, ready: string): void {
  const old = `${config.siteDir}.old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(config.siteDir)) renameSync(config.siteDir, old);
  renameSync(ready, config.siteDir);
  rmSync(old, { recursive: true, force: true });
}

/** Whether a build of `info` may replace what is published: never an older catalogue of the same sources. */
function supersedes(info: BuildInfo, published: BuildInfo | null): boolean {
  if (!published || published.sourceHash !== info.sourceHash) return true;
  return Number(info.catalogueVersion) >= Number(published.catalogueVersion);
}

/** The published build's pointer on the bucket, or null (local media, or nothing published yet). */
export async function publishedBuild(config: Config): Promise<BuildInfo | null> {
  if (config.media.kind !== 's3') return readBuildInfo(config.siteDir);
  const bytes = await mediaStore(config.media).read(POINTER);
  if (!bytes) return null;
  try {
    return JSON.parse(bytes.toString('utf8')) as BuildInfo;
  } catch {
    return null;
  }
}

/**
 * Makes a finished build (a folder with its build-info and etags) the live site of
 * every instance. `stillEntitled` is asked just before the pointer is replaced: a
 * builder that lost its lease meanwhile must not publish. Answers false when it did not.
 */
export async function publishSite(config: Config, built: string, info: BuildInfo, stillEntitled: () => boolean = () => true): Promise<boolean> {
  if (config.media.kind !== 's3') {
    if (!stillEntitled()) return false;
    swapIn(config, built);
    return true;
  }
  const store = mediaStore(config.media);
  const id = info.id ?? newBuildId();
  const archive = `${built}.tar.gz`;
  try {
    await tar.c({ gzip: true, portable: true, file: archive, cwd: built }, ['.']);
    await store.moveIn(archiveKey(id), archive, 'application/gzip');
  } finally {
    rmSync(archive, { force: true });
  }
  if (!stillEntitled() || !supersedes(info, await publishedBuild(config))) {
    await store.remove([archiveKey(id)]);
    return false;
  }
  await store.write(POINTER, Buffer.from(JSON.stringify({ ...info, id })), 'application/json');
  swapIn(config, built);
  await pruneArchives(config, id).catch((error: unknown) => log.warn({ err: error }, 'storefront: could not prune old site archives'));
  return true;
}

async function pruneArchives(config: Config, live: string): Promise<void> {
  const store = mediaStore(config.media);
  const keys = (await store.list('site/builds/')).sort();
  const old = keys.filter((key) => key !== archiveKey(live)).slice(0, -ARCHIVES_KEPT);
  await store.remove(old);
}

/**
 * Brings this instance's site to the published build (a bucket only): answers true
 * when it swapped one in. Safe to call often: one small read when nothing changed.
 */
export async function syncPublishedSite(config: Config): Promise<boolean> {
  if (config.media.kind !== 's3') return false;
  const published = await publishedBuild(config);
  if (!published?.id || readBuildInfo(config.siteDir)?.id === published.id) return false;
  const store = mediaStore(config.media);
  const object = await store.open(archiveKey(published.id));
  if (!object) return false; // replaced meanwhile: the next sync takes the newer one
  const incoming = `${config.siteDir}.incoming-${process.pid}`;
  const archive = `${incoming}.tar.gz`;
  rmSync(incoming, { recursive: true, force: true });
  mkdirSync(incoming, { recursive: true });
  try {
    await pipeline(object.body() as Readable, createWriteStream(archive));
    await tar.x({ file: archive, cwd: incoming });
    if (readBuildInfo(incoming)?.id === undefined) {
      // Archives carry their build-info; one without it is not a site this store made.
      throw new Error(`site archive ${published.id} has no build-info`);
    }
    swapIn(config, incoming);
    return true;
  } finally {
    rmSync(archive, { force: true });
    rmSync(incoming, { recursive: true, force: true });
  }
}
