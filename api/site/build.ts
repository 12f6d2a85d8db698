import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DB, databaseUrl } from '../../db/connection.ts';
import { withLease } from '../../db/leases.ts';
import { log as logger } from '../../db/log.ts';
import { bumpCatalogueVersion, catalogueVersion } from '../../db/queries/site-state.ts';
import type { Config } from '../env.ts';
import { BUILD_INFO, type BuildInfo, newBuildId, publishSite, readBuildInfo as readSiteBuildInfo, syncPublishedSite } from './publish.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Each built file's content hash by path, for ETags (see siteEtags). */
const ETAGS = 'etags.json';
/** Where each site build gets its own working directory (see buildSite). */
const BUILDS_DIR = path.join(ROOT, 'node_modules', '.cache', 'aurum-site-builds');

/** The lease held by the one instance building the storefront (db/leases.ts). */
export const SITE_BUILD_LEASE = 'site-build';
/** How long a builder's hold lasts unless renewed (it is, every third of this, while it builds). */
const SITE_BUILD_LEASE_MS = 60_000;
/** How often an instance looks for a published build or a catalogue change made through another instance. */
export const SITE_WATCH_MS = 10_000;

/** The folders the site is built from: its pages and islands, and the rules and queries they import (the policy's words live in rules/, issue 36). */
export const SITE_SOURCE_DIRS = ['web', 'rules', 'db'] as const;
/** The single files the site is built from. */
const SITE_SOURCE_FILES = ['astro.config.mjs', 'package-lock.json', 'openapi.yaml'] as const;

/**
 * A hash of everything the site is built from besides the database: its sources and
 * dependencies (`root`: the checkout, another folder only in tests). A change to any of them
 * marks the built site stale (siteIsStale).
 */
export function siteSourceHash(root: string = ROOT): string {
  const hash = createHash('sha256');
  const base = root.endsWith(path.sep) ? root : root + path.sep;
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(full.slice(base.length)).update(readFileSync(full));
    }
  };
  walk(path.join(base, 'web'));
  for (const file of SITE_SOURCE_FILES) {
    const full = path.join(base, file);
    if (existsSync(full)) hash.update(file).update(readFileSync(full));
  }
  for (const dir of SITE_SOURCE_DIRS.filter((d) => d !== 'web')) walk(path.join(base, dir));
  return hash.digest('hex').slice(0, 16);
}

/** The build-info in a site folder's file, or null when there is none (or it cannot be read). */
function readBuildInfo(file: string): BuildInfo | null {
  return readSiteBuildInfo(path.dirname(file));
}

/** What was read of a file, with the modification time it was read at. */
type Held<T> = Map<string, { mtimeMs: number; value: T }>;

/**
 * What `read` makes of a file, read again only when the file changes (its modification
 * time); null while the file is missing or `read` makes nothing of it (kept only when it does).
 */
function readWhenChanged<T>(held: Held<T>, file: string, read: (file: string) => T | null): T | null {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  const kept = held.get(file);
  if (kept?.mtimeMs === mtimeMs) return kept.value;
  const value = read(file);
  if (value !== null) held.set(file, { mtimeMs, value });
  return value;
}

const builtSince: Held<number> = new Map();

/**
 * When the live site's build began reading the catalogue (ms), or null when there is
 * no built site. Read from its build-info, again only when that file changes.
 */
export function siteBuildStartedAt(config: Config): number | null {
  return readWhenChanged(builtSince, path.join(config.siteDir, BUILD_INFO), (file) => {
    const info = readBuildInfo(file);
    const startedAt = info ? Date.parse(info.startedAt ?? info.builtAt) : Number.NaN;
    return Number.isFinite(startedAt) ? startedAt : null;
  });
}

const etagsHeld: Held<Record<string, string>> = new Map();

/**
 * The live site's content hashes by path ('index.html', '_astro/x.js'), written by
 * the build: an ETag that every instance serving this build gives alike, and that a
 * rebuild leaves unchanged for a page whose bytes did not change. Read again only when
 * the site is swapped. Null when the site has none (built before they were written).
 */
export function siteEtags(config: Config): Record<string, string> | null {
  return readWhenChanged(etagsHeld, path.join(config.siteDir, ETAGS), (file) => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch {
      return null;
    }
  });
}

/** Hashes every file of a built site into its etags.json. */
export function writeSiteEtags(siteDir: string): void {
  const etags: Record<string, string> = {};
  for (const entry of readdirSync(siteDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(siteDir, full).split(path.sep).join('/');
    etags[relative] = createHash('sha256').update(readFileSync(full)).digest('base64url').slice(0, 22);
  }
  writeFileSync(path.join(siteDir, ETAGS), JSON.stringify(etags));
}

/** True when the built site is missing, or was built from other sources or an older catalogue. */
export async function siteIsStale(config: Config, db: DB): Promise<boolean> {
  const info = readBuildInfo(path.join(config.siteDir, BUILD_INFO));
  if (!info) return true;
  try {
    return info.sourceHash !== siteSourceHash() || info.catalogueVersion !== (await catalogueVersion(db));
  } catch {
    return true;
  }
}

/**
 * Builds the storefront with Astro into a fresh folder beside the live one, then
 * publishes it (publish.ts: swapped in here, and on a bucket uploaded for every
 * instance), so visitors never see a half-built site. An abort (shutdown, or the
 * build lease lost) stops it before anything is published.
 */
export async function buildSite(config: Config, db: DB, log: (line: string) => void = (line) => logger.info(line), signal?: AbortSignal): Promise<void> {
  const version = await catalogueVersion(db);
  const next = `${config.siteDir}.next`;
  rmSync(next, { recursive: true, force: true });
  const started = Date.now();
  // Astro keeps a build's intermediate files under its working directory (`.astro/`, when
  // the output is outside it, as DATA_DIR is) and its caches in cacheDir: a working
  // directory of its own per build, with the project given by --root, keeps two builds
  // from one checkout (two stores, a test beside `npm start`) out of each other's files.
  // It lies inside the project, where the pre-rendering code it writes finds node_modules.
  mkdirSync(BUILDS_DIR, { recursive: true });
  const workDir = mkdtempSync(path.join(BUILDS_DIR, 'build-'));
  try {
    await runAstroBuild(config, next, workDir, signal);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const info: BuildInfo = {
    id: newBuildId(),
    sourceHash: siteSourceHash(),
    catalogueVersion: version,
    startedAt: new Date(started).toISOString(),
    builtAt: new Date().toISOString(),
  };
  writeSiteEtags(next);
  writeFileSync(path.join(next, BUILD_INFO), JSON.stringify(info));
  try {
    if (!(await publishSite(config, next, info, () => !signal?.aborted))) {
      log('storefront built but not published (stopped, or a newer build was published meanwhile)');
      return;
    }
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
  log(`storefront built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Runs `astro build`; an abort kills it, and the promise rejects once it has exited. */
function runAstroBuild(config: Config, outDir: string, workDir: string, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('storefront build stopped'));
      return;
    }
    // A larger young generation: rendering thousands of pages allocates fast, and the default
    // semi-space makes the collector run constantly (measured: 10,000 product pages build ~20% faster).
    const astro = path.join(ROOT, 'node_modules/astro/bin/astro.mjs');
    const child = spawn(process.execPath, ['--max-semi-space-size=64', astro, 'build', '--silent', '--root', ROOT], {
      cwd: workDir,
      env: {
        ...process.env,
        SITE_OUT_DIR: outDir,
        SITE_CACHE_DIR: path.join(workDir, 'cache'),
        DATA_DIR: config.dataDir,
        DATABASE_URL: databaseUrl(config.database),
        PUBLIC_URL: config.publicUrl,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const stop = () => child.kill('SIGTERM');
    signal?.addEventListener('abort', stop, { once: true });
    child.on('error', reject);
    child.on('exit', (code, killedBy) => {
      signal?.removeEventListener('abort', stop);
      if (code === 0) resolve();
      else reject(new Error(signal?.aborted ? 'storefront build stopped' : `astro build exited with ${code ?? killedBy}`));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps this instance's storefront true to the catalogue, with any number of
 * instances on one database: a change made here marks the catalogue changed and
 * asks for a turn a short while later (changes come in bursts); every instance
 * also takes a turn every SITE_WATCH_MS, which sees changes made through the
 * others. A turn fetches the published build (on a bucket), and when the site is
 * still older than the catalogue and the catalogue has been quiet for `delayMs`,
 * builds it, only if it can take the build lease: one builder at a time across
 * instances, whose build every instance then serves.
 */
export function createSiteRebuilder(config: Config, db: DB, delayMs = 5_000) {
  let timer: NodeJS.Timeout | undefined;
  let watching: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let pending = false;
  const stopping = new AbortController();

  const later = (ms: number) => {
    if (stopping.signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), ms);
    timer.unref();
  };

  /** One turn; `force` skips the quiet period (start-up). Answers whether another instance holds the build. */
  const turn = async (force = false): Promise<'done' | 'busy'> => {
    await syncPublishedSite(config).catch((error: unknown) => logger.warn({ err: error }, 'storefront: could not fetch the published site'));
    if (!(await siteIsStale(config, db))) return 'done';
    const changedAt = Number(await catalogueVersion(db));
    const quietFor = Date.now() - changedAt;
    if (!force && Number.isFinite(changedAt) && quietFor >= 0 && quietFor < delayMs) {
      later(delayMs - quietFor);
      return 'done';
    }
    const built = await withLease(db, SITE_BUILD_LEASE, SITE_BUILD_LEASE_MS, (lost) =>
      buildSite(config, db, (line) => logger.info(line), AbortSignal.any([stopping.signal, lost])),
    );
    return built ? 'done' : 'busy';
  };

  const run = async () => {
    if (stopping.signal.aborted) return;
    if (running) {
      pending = true;
      return;
    }
    running = turn()
      .then(() => undefined)
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) logger.error({ err: error }, 'storefront rebuild failed');
      });
    await running;
    running = undefined;
    if (pending) {
      pending = false;
      void run();
    }
  };

  return {
    /** Marks the catalogue changed and schedules a turn. */
    schedule() {
      void bumpCatalogueVersion(db).catch(() => undefined);
      later(delayMs);
    },
    /** Takes a turn every SITE_WATCH_MS from now on (npm start). */
    watch(intervalMs = SITE_WATCH_MS) {
      clearInterval(watching);
      watching = setInterval(() => void run(), intervalMs);
      watching.unref();
    },
    /**
     * At start: this instance's site is brought to the published build, or built (under
     * the lease) when missing or stale. When another instance is building and there is no
     * site here yet, waits for its build (up to `waitMs`), so the first pages served are whole.
     */
    async ready(waitMs = 10 * 60_000) {
      const deadline = Date.now() + waitMs;
      let outcome = await turn(true);
      while (outcome === 'busy' && readSiteBuildInfo(config.siteDir) === null && Date.now() < deadline && !stopping.signal.aborted) {
        await sleep(2_000);
        outcome = await turn(true);
      }
    },
    /** Waits for a running turn (tests). */
    async idle() {
      clearTimeout(timer);
      await running;
    },
    /**
     * At shutdown: stops a running build (its astro process would otherwise outlive the
     * server) and schedules none; the catalogue stays marked changed, so the next start
     * builds the site again. Resolves when the build has stopped.
     */
    async stop() {
      clearTimeout(timer);
      clearInterval(watching);
      stopping.abort();
      await running;
    },
  };
}

if (import.meta.main) {
  // `npm run build:site`: build the storefront from the configured database now.
  const { loadConfig } = await import('../env.ts');
  const { openDatabase } = await import('../../db/connection.ts');
  const { migrateToLatest } = await import('../../db/migrate.ts');
  const config = loadConfig();
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  await buildSite(config, db);
  await db.destroy();
}
