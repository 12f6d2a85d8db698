import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../api/env.ts';
import { SITE_BUILD_LEASE, createSiteRebuilder, writeSiteEtags } from '../../api/site/build.ts';
import { type BuildInfo, newBuildId, publishedBuild, publishSite, readBuildInfo, syncPublishedSite } from '../../api/site/publish.ts';
import { takeLease } from '../../db/leases.ts';
import { mediaStore } from '../../db/media-store.ts';
import { startLocalS3, type LocalS3 } from '../helpers/s3.ts';
import { createTestStore, type TestStore } from '../helpers/store.ts';

let s3: LocalS3;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await s3.close();
});

/** An instance's configuration: its own DATA_DIR, the shared bucket. */
function instance(prefix = 'fleet'): Config {
  const dir = mkdtempSync(path.join(tmpdir(), 'aurum-instance-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!', ...s3.env(prefix) });
}

/** A finished build in a folder beside the site, as buildSite leaves it before publishing. */
function fakeBuild(config: Config, home: string, catalogueVersion: string): { dir: string; info: BuildInfo } {
  const dir = `${config.siteDir}.next`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, '_astro'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><p>${home}</p>`);
  writeFileSync(path.join(dir, '_astro', 'app.js'), 'console.log(1)');
  const info: BuildInfo = { id: newBuildId(), sourceHash: 'src', catalogueVersion, startedAt: new Date().toISOString(), builtAt: new Date().toISOString() };
  writeSiteEtags(dir);
  writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify(info));
  return { dir, info };
}

describe('publishing the storefront on a bucket', () => {
  it('uploads a build under a versioned key, swaps the pointer, and every instance swaps the same site in', async () => {
    const builder = instance();
    const other = instance();
    const { dir, info } = fakeBuild(builder, 'first', '1000');
    expect(await publishSite(builder, dir, info)).toBe(true);
    expect(readBuildInfo(builder.siteDir)?.id).toBe(info.id);
    expect((await publishedBuild(other))?.id).toBe(info.id);
    expect(await mediaStore(builder.media).list('site/builds/')).toEqual([`site/builds/${info.id}.tar.gz`]);

    expect(await syncPublishedSite(other)).toBe(true);
    expect(readFileSync(path.join(other.siteDir, 'index.html'), 'utf8')).toContain('first');
    // Same content hashes: both instances answer the same ETags.
    expect(readFileSync(path.join(other.siteDir, 'etags.json'), 'utf8')).toBe(readFileSync(path.join(builder.siteDir, 'etags.json'), 'utf8'));
    expect(await syncPublishedSite(other)).toBe(false); // nothing new: nothing downloaded

    const second = fakeBuild(builder, 'second', '2000');
    expect(await publishSite(builder, second.dir, second.info)).toBe(true);
    expect(await syncPublishedSite(other)).toBe(true);
    expect(readFileSync(path.join(other.siteDir, 'index.html'), 'utf8')).toContain('second');
  });

  it('never publishes an older catalogue over a newer one, nor after the builder lost its lease', async () => {
    const a = instance('guarded');
    const b = instance('guarded');
    const newer = fakeBuild(a, 'newer', '5000');
    expect(await publishSite(a, newer.dir, newer.info)).toBe(true);
    const older = fakeBuild(b, 'older', '4000');
    expect(await publishSite(b, older.dir, older.info)).toBe(false);
    const late = fakeBuild(b, 'late', '6000');
    expect(await publishSite(b, late.dir, late.info, () => false)).toBe(false);
    expect((await publishedBuild(a))?.id).toBe(newer.info.id);
    // Refused archives are not left in the bucket.
    expect(await mediaStore(a.media).list('site/builds/')).toEqual([`site/builds/${newer.info.id}.tar.gz`]);
  });

  it('keeps the live archive and the three before it', async () => {
    const a = instance('pruned');
    const ids: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const build = fakeBuild(a, `build ${i}`, String(i * 1000));
      ids.push(build.info.id!);
      expect(await publishSite(a, build.dir, build.info)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 5)); // ids are sortable by time
    }
    expect((await mediaStore(a.media).list('site/builds/')).sort()).toEqual(ids.slice(2).map((id) => `site/builds/${id}.tar.gz`));
  });
});

describe('one storefront builder at a time', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(s3.env('leased'));
  });
  afterAll(() => store.close());

  it('does not build while another instance holds the build lease, and serves that instance\'s build once published', async () => {
    expect(await takeLease(store.db, SITE_BUILD_LEASE, 60_000, 'another-instance')).toBe(true);
    const rebuilder = createSiteRebuilder(store.config, store.db, 0);
    await rebuilder.ready(300); // stale (nothing built), but the lease is another's: waits, builds nothing
    expect(readBuildInfo(store.config.siteDir)).toBeNull();

    // The other instance publishes; this one's next turn takes it.
    const other = instance('leased');
    const { dir, info } = fakeBuild(other, 'from the builder', '7000');
    expect(await publishSite(other, dir, info)).toBe(true);
    await rebuilder.ready(300);
    expect(readBuildInfo(store.config.siteDir)?.id).toBe(info.id);
    await rebuilder.stop();
  });
});
