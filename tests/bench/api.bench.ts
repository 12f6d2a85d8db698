/**
 * Store benchmark (`npm run bench`): not a timed test, a measurement.
 *
 * Seeds the demo store and a large catalogue (db/seed seedDemo + seedLargeCatalogue)
 * in a temporary directory, then runs three kinds of process, none sharing an event
 * loop with another (tests/bench/servers.ts): the store as `npm start` starts it
 * (`node api/server.ts` on the seeded database, the storefront build skipped), a bare
 * Hono JSON route, and the load generator (autocannon, tests/bench/browse-load.ts).
 * Prints, from one run:
 *   1. the catalogue calls under autocannon (20 connections): requests/s as a share of
 *      the bare route, p50/p99 and errors for POST /getallproducts with repeated random
 *      filters, sorts and purities (goal: >= 40% of bare), POST /getallproducts where
 *      each request's filter was never asked before, so no kept answer serves it (goal:
 *      >= 10%, p99 < 20 ms), POST /getproductbyid over 1,000 random products (goal:
 *      >= 60%), and the search (POST /getallproducts filter.search: one or two random
 *      catalogue words, a typo in a third of them; goal: >= 30%, p99 < 20 ms); and, as a
 *      ceiling for by id with no goal, the bare process answering the same POST bodies
 *      with one by-id answer's bytes and headers (Node and Hono alone, no store);
 *   2. checkout under a concurrent browsing load: while autocannon browses the catalogue
 *      (both calls, same connections), a pool of logged-in shoppers (tests/bench/shoppers.ts,
 *      another process) adds to the cart, reads it and places cash-on-delivery orders with
 *      an Idempotency-Key through the API, each pausing a moment before each call as a
 *      person does (--think): p50/p99 of add-to-cart and place-order (goal:
 *      place-order p99 < 60 ms on SQLite, < 100 ms on PostgreSQL), with every error, 5xx and busy-database answer or
 *      server log line (SQLITE_BUSY, "database is locked") counted (goal: 0);
 *   3. the pre-rendered storefront's build for the same catalogue (api/site/build.ts
 *      buildSite in a child process, tests/bench/site-build.ts): time and peak memory
 *      of the build's processes (goals: under 3 minutes, under 2 GB);
 *   4. product images fetched through the store from the media store (the local folder,
 *      or the bucket with MEDIA_URL; tests/bench/media-load.ts): the first request of a
 *      resized width (uncached: read, resize, store, answer), then under autocannon the
 *      original (bytes from the media store each time), the resized copy once made, and
 *      revalidation answered 304 (no goals: figures to compare).
 * Then a summary of each figure against its goal, and the machine's load average at
 * start and end (a busy machine gives low figures: compare runs at similar load).
 *
 * DATABASE_URL chooses the engine, as for the store: unset, a SQLite file in the temporary
 * directory; a postgres:// URL, that database (it must be empty: the run seeds it). A
 * throwaway cluster for it: `PG_DURABLE=1 tests/helpers/with-pg.sh` (durable, as the SQLite
 * runs are: the test clusters have fsync off, which flatters every PostgreSQL commit).
 * MEDIA_URL (with the AWS_* variables) puts the media, as for the store, on a bucket (seeded
 * there; the store and the site build use it). `npm run bench:cloud` (tests/bench/cloud.ts)
 * runs this with both: a throwaway PostgreSQL cluster and a local S3 server.
 *
 * Exit code 0 when the run completed, whether or not the goals were met (a missed goal
 * is a finding, not a failure); 1 when the run itself broke: any error or busy-database
 * failure, or a crash.
 *
 * Size (flags, or BENCH_* environment variables):
 *   --products 10000     BENCH_PRODUCTS     products added to the demo catalogue
 *   --duration 10        BENCH_DURATION     seconds measured per catalogue call, and of checkout under load
 *   --connections 20     BENCH_CONNECTIONS  autocannon connections
 *   --warmup 5           BENCH_WARMUP       seconds of warm-up per catalogue call
 *   --shoppers 20        BENCH_SHOPPERS     shoppers placing orders during the browsing load
 *   --think 150          BENCH_THINK        ms a shopper pauses before each call, as a person does
 *                                           (0: back to back, a stress test of the write path)
 *   --no-site-build      BENCH_SITE_BUILD=0 skip the storefront build
 *   --no-media           BENCH_MEDIA=0      skip the media figures
 * `npm run bench:ci` runs it small (500 products, 3 s per measurement, 6 shoppers): one to two minutes on 2 cores.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { type Measured, measure, type Scenario, UNIQUE } from './browse-load.ts';
import { cpuTimes, stealPercent, stealShare } from './host-cpu.ts';
import { percentile, roundMs as ms, sortedMs } from './percentile.ts';
import { startArguments, startBare, startStore } from './servers.ts';
import { accountsPerShopper, BUSY, type ShoppersResult, startShoppers } from './shoppers.ts';
import { measureSiteBuild, type SiteBuildResult } from './site-build.ts';
import { type MediaFigures, measureMedia, RESIZED_WIDTH } from './media-load.ts';

/** The store's media settings, passed on as they are (MEDIA_URL unset: media in DATA_DIR). */
const MEDIA_ENV = ['MEDIA_URL', 'AWS_ENDPOINT_URL', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;

/** Distinct product images the media figures fetch. */
const MEDIA_IMAGES = 40;

/** Short runs per catalogue scenario, taken in turns (this VM's throughput drifts by a fifth within a minute: the median of five holds). */
const ROUNDS = 5;

/** CPU niceness of the browsing load generator during checkout (see there). */
const BROWSING_NICENESS = 10;

const GOALS = {
  listingShare: 0.4,
  byIdShare: 0.6,
  newListingShare: 0.1,
  searchShare: 0.3,
  listingP99Ms: 20,
  /** Issue 8's goal on SQLite; on PostgreSQL issue 14 set < 100 ms (its commits are round trips to another process). */
  placeOrderP99Ms: { sqlite: 60, postgres: 100 },
  buildSeconds: 180,
  buildBytes: 2 * 1024 ** 3,
};

function options() {
  const { values } = parseArgs({
    allowNegative: true,
    options: {
      products: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      shoppers: { type: 'string' },
      think: { type: 'string' },
      'site-build': { type: 'boolean' },
      media: { type: 'boolean' },
    },
  });
  const number = (flag: string | undefined, variable: string, fallback: number) => {
    const value = Number(flag ?? process.env[variable] ?? fallback);
    if (!Number.isFinite(value) || value < 0) throw new Error(`${variable}: not a number: ${flag ?? process.env[variable]}`);
    return value;
  };
  const duration = number(values.duration, 'BENCH_DURATION', 10);
  return {
    products: number(values.products, 'BENCH_PRODUCTS', 10_000),
    duration,
    connections: number(values.connections, 'BENCH_CONNECTIONS', 20),
    warmup: number(values.warmup, 'BENCH_WARMUP', Math.min(5, duration)),
    shoppers: number(values.shoppers, 'BENCH_SHOPPERS', 20),
    think: number(values.think, 'BENCH_THINK', 150),
    siteBuild: values['site-build'] ?? !['0', 'false', 'no'].includes(process.env.BENCH_SITE_BUILD ?? ''),
    media: values.media ?? !['0', 'false', 'no'].includes(process.env.BENCH_MEDIA ?? ''),
  };
}

function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Counts the store's stderr lines that report a busy database or an unexpected error. */
function watchServerLog(store: { onStderr(listener: (text: string) => void): void }) {
  const counts = { busy: 0, errors: 0, samples: [] as string[] };
  store.onStderr((text) => {
    if (BUSY.test(text)) counts.busy += 1;
    // api/errors.ts onError: a JSON line (db/log.ts) whose message is "POST /path: <error>" for anything unexpected.
    if (/"msg":"[A-Z]+ \/[^"]*: /.test(text)) {
      counts.errors += 1;
      if (counts.samples.length < 5) counts.samples.push(text.slice(0, 300));
    }
  });
  return counts;
}

/** A typo a shopper makes: two neighbouring letters swapped. */
function withTypo(word: string, random: () => number): string {
  if (word.length < 4) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const seconds = (s: number) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`);
const gigabytes = (bytes: number | undefined) => (bytes === undefined ? 'n/a (no /proc)' : `${(bytes / 1024 ** 3).toFixed(2)} GB`);
const share = (r: Pick<Measured, 'requestsPerSecond'>, bare: Pick<Measured, 'requestsPerSecond'>) => r.requestsPerSecond / (bare.requestsPerSecond || 1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const opts = options();
  const cpus = os.cpus();
  const loadAtStart = load();
  console.log(`machine: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}; load average (1/5/15 min) at start: ${loadAtStart}`);

  const { loadConfig } = await import('../../api/env.ts');
  const { refreshSearchDocuments } = await import('../../db/queries/search.ts');
  const { databaseUrl, describeDatabase, openDatabase } = await import('../../db/connection.ts');
  const { migrateToLatest } = await import('../../db/migrate.ts');
  const { seedDemo } = await import('../../db/seed/demo.ts');
  const { seedLargeCatalogue } = await import('../../db/seed/large.ts');

  const dir = mkdtempSync(path.join(os.tmpdir(), 'aurum-bench-'));
  const jwtSecret = 'bench-secret-that-is-long-enough-for-hs256!!';
  // The key of sealed PANs: required on PostgreSQL, the same for the store started below.
  const panKey = process.env.PAN_KEY ?? 'YmVuY2gtcGFuLWtleS10aGlydHktdHdvLWJ5dGVzISE=';
  const database = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {};
  const mediaEnv: Record<string, string> = Object.fromEntries(MEDIA_ENV.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
  const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: jwtSecret, PAN_KEY: panKey, SIGNUPS_PER_ADDRESS_HOUR: '100000', ...database, ...mediaEnv });
  const mediaWhere =
    config.media.kind === 's3'
      ? `bucket ${process.env.MEDIA_URL}${config.media.endpoint ? ` at ${config.media.endpoint}` : ''}`
      : `local folder ${config.mediaDir}`;
  console.log(`database: ${config.database.engine} (${describeDatabase(config.database)}); media: ${mediaWhere}`);
  const db = openDatabase(config.database);
  const problems: string[] = [];
  try {
    await migrateToLatest(db);
    const seededAt = Date.now();
    await seedDemo(db, config);
    await seedLargeCatalogue(db, config, opts.products);
    const productIds = (await db.selectFrom('products as p').innerJoin('categories as c', 'c.cate_id', 'p.cate_id').select('p.p_id').where('p.p_status', '=', 1).where('c.cate_status', '=', 1).execute()).map((r) => r.p_id);
    const categoryIds = (await db.selectFrom('categories').select('cate_id').where('cate_status', '=', 1).execute()).map((r) => r.cate_id);
    const materialIds = (await db.selectFrom('materials').select('m_id').execute()).map((r) => r.m_id);
    const total = (await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const slice = Math.max(1, Math.round(opts.duration / ROUNDS));
    console.log(
      `seeded ${total} products (seedDemo + seedLargeCatalogue) in ${((Date.now() - seededAt) / 1000).toFixed(1)} s; ${opts.connections} connections, ` +
        `${opts.warmup} s warm-up + ${ROUNDS} turns of ${slice} s per catalogue call, ${opts.duration} s of checkout by ${opts.shoppers} shoppers under browsing load`,
    );

    // The search index is built as a catalogue change leaves it (the first search after a change builds it).
    await refreshSearchDocuments(db);
    // A running PostgreSQL has checkpointed long since (every 5 minutes by default), and each
    // checkpoint recycles the log's old segment files as its next ones. A fresh cluster just
    // seeded has none to reuse: the first commit into each new 16 MB segment waits while the
    // file is written out, and every commit behind it waits too. Measured on this machine with
    // PostgreSQL's own pgbench (4 clients of one-row inserts, a durable cluster after a large
    // insert): the slowest commits 20.9 ms while new segments were made, 2.9 ms after a
    // CHECKPOINT; in the benchmark, one commit of 75-77 ms in the checkout of each of two
    // runs. Checkpointing here measures checkout as a running store meets it; it also moves the
    // seed's writing-out before the measurements instead of into them.
    if (config.database.engine === 'postgres') {
      await sql`checkpoint`.execute(db).catch((error: Error) => console.log(`CHECKPOINT not run (${error.message}): commits may wait for new log segments`));
    }
    const caratIds = (await db.selectFrom('carats').select('carat_id').execute()).map((r) => r.carat_id);
    const words = (await db.selectFrom('search_terms').select(['term', 'docs']).where('docs', '>=', 2).execute())
      .map((r) => r.term)
      .filter((t) => /^[a-z]{3,}$/.test(t));

    const store = await startStore({ DATA_DIR: dir, DATABASE_URL: databaseUrl(config.database), JWT_SECRET: jwtSecret, PAN_KEY: panKey, SIGNUPS_PER_ADDRESS_HOUR: '100000', ...mediaEnv });
    // By id's exchange without the store: one product's answer, its bytes and headers, which the
    // bare process gives to a POST of the same bodies (a ceiling for by id on this machine).
    const sample = await fetch(`${store.origin}/getproductbyid`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ p_id: productIds[Math.floor(productIds.length / 2)] }) });
    if (!sample.ok) throw new Error(`POST /getproductbyid: HTTP ${sample.status}`);
    const perConnection = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    const bare = await startBare({ body: await sample.text(), headers: Object.fromEntries([...sample.headers].filter(([name]) => !perConnection.has(name))) });
    const log = watchServerLog(store);
    console.log(`store: node ${startArguments().join(' ')}, pid ${store.pid}; bare Hono route: pid ${bare.pid}; load generator: a process per measurement`);

    const random = mulberry32(7);
    const some = <T>(items: T[], max: number) => items.filter(() => random() < max / items.length);
    const filterBodies = Array.from({ length: 500 }, () => {
      const currency = random() < 0.5 ? 'inr_price' : 'usd_price';
      const scale = currency === 'inr_price' ? 1 : 1 / 83;
      const min = random() < 0.6 ? Math.round(random() * 150_000 * scale) : '';
      const max = random() < 0.6 ? Math.round((150_000 + random() * 200_000) * scale) : '';
      const sorts = [undefined, 'newest', 'price_asc', 'price_desc', 'bestsellers'];
      return JSON.stringify({
        is_admin: 1,
        page: 1 + Math.floor(random() * 3),
        perPage: 12,
        sort: sorts[Math.floor(random() * sorts.length)],
        filter: { countryCode: currency, minPrice: min, maxPrice: max, materials: some(materialIds, 2), categories: some(categoryIds, 3), carats: random() < 0.4 ? [caratIds[Math.floor(random() * caratIds.length)]] : undefined },
      });
    });
    // Each request a filter never asked before (UNIQUE becomes a new price range), sorted and by purity as shoppers do.
    const newFilterBodies = Array.from({ length: 200 }, () => {
      const sorts = ['newest', 'price_asc', 'price_desc', 'bestsellers'];
      return JSON.stringify({
        is_admin: 1,
        page: 1,
        perPage: 12,
        sort: sorts[Math.floor(random() * sorts.length)],
        filter: { countryCode: 'inr_price', minPrice: 0, materials: some(materialIds, 2), categories: some(categoryIds, 3), carats: random() < 0.5 ? [caratIds[Math.floor(random() * caratIds.length)]] : [] },
      }).replace('"minPrice":0', `"minPrice":${UNIQUE}`);
    });
    const searchBodies = Array.from({ length: 500 }, (_, i) => {
      const pick = () => words[Math.floor(random() * words.length)];
      const text = random() < 0.5 ? pick() : `${pick()} ${pick()}`;
      return JSON.stringify({ is_admin: 1, page: 1, perPage: 12, filter: { countryCode: 'inr_price', search: i % 3 === 0 ? withTypo(text, random) : text } });
    });
    const productBodies = Array.from({ length: 1000 }, () => JSON.stringify({ p_id: productIds[Math.floor(random() * productIds.length)] }));
    const listing = { path: '/getallproducts', bodies: filterBodies };
    const newListing = { path: '/getallproducts', bodies: newFilterBodies };
    const byId = { path: '/getproductbyid', bodies: productBodies };
    const searching = { path: '/getallproducts', bodies: searchBodies };

    const scenarios: Scenario[] = [
      { name: 'bare Hono JSON route', origin: bare.origin, method: 'GET', targets: [{ path: '/bare' }] },
      { name: 'POST /getallproducts (repeated random filters)', origin: store.origin, method: 'POST', targets: [listing] },
      { name: 'POST /getallproducts (each filter new)', origin: store.origin, method: 'POST', targets: [newListing] },
      { name: 'POST /getproductbyid (1,000 random products)', origin: store.origin, method: 'POST', targets: [byId] },
      { name: 'search (random words, a typo in a third)', origin: store.origin, method: 'POST', targets: [searching] },
      { name: "bare Hono POST, a by-id answer's bytes and headers", origin: bare.origin, method: 'POST', targets: [{ path: '/bare-answer', bodies: productBodies }] },
    ];
    // First answers: each distinct request once, one at a time. This is the cold cost (a
    // filter nobody asked for since the catalogue last changed), printed on its own; the
    // runs below measure the steady state, where those answers are reused.
    for (const scenario of scenarios.filter((s) => s.origin === store.origin)) {
      const started = Date.now();
      const { path: target, bodies: all = [] } = scenario.targets[0];
      const bodies = all.map((b) => b.replace(UNIQUE, `${Math.floor(random() * 1e5)},"maxPrice":${2e5 + Math.floor(random() * 1e6)}`));
      for (const body of bodies) {
        const res = await fetch(`${scenario.origin}${target}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        if (!res.ok) throw new Error(`${scenario.name}: HTTP ${res.status} for ${body}`);
        await res.arrayBuffer();
      }
      console.log(`${scenario.name}: first answer to each of ${bodies.length} distinct requests: ${((Date.now() - started) / bodies.length).toFixed(2)} ms on average`);
    }

    // 1. Catalogue calls. A warm-up each, so the JIT and the page cache reach their steady
    // state; then the scenarios take turns (ROUNDS short runs each), so a neighbour's load on
    // a shared machine weighs on all of them alike. Requests/s is the median of its rounds;
    // p50 and p99 are those of every answer of all its rounds, the worst round's p99 beside it.
    for (const scenario of scenarios) await measure(scenario, opts.connections, opts.warmup);
    const rounds: Measured[][] = scenarios.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, scenario] of scenarios.entries()) rounds[i].push(await measure(scenario, opts.connections, slice));
    }
    /** A call's turns taken together (its answers' times are merged into p50 and p99, not kept). */
    type Turns = Omit<Measured, 'latencies' | 'steal'> & { worstTurnP99: number; worstTurnSteal: number | null };
    const [bareRun, listingRun, newListingRun, byIdRun, searchRun, bareAnswerRun] = rounds.map((runs): Turns => {
      const sorted = sortedMs(runs.flatMap((r) => r.latencies));
      return {
        name: runs[0].name,
        requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        worstTurnP99: Math.max(...runs.map((r) => r.p99)),
        errors: runs.reduce((sum, r) => sum + r.errors, 0),
        non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
        serverErrors: runs.reduce((sum, r) => sum + r.serverErrors, 0),
        total: runs.reduce((sum, r) => sum + r.total, 0),
        worstTurnSteal: runs.some((r) => r.steal === null) ? null : Math.max(...runs.map((r) => r.steal!)),
      };
    });

    // 4. (measured here, while the store runs with nothing else) Media through the store.
    let media: MediaFigures | undefined;
    if (opts.media) {
      const images = await db
        .selectFrom('product_media as m')
        .innerJoin('products as p', 'p.p_id', 'm.p_id')
        .select('m.file_name')
        .where('m.kind', '=', 'image')
        .where('p.p_status', '=', 1)
        .orderBy('m.p_id', 'desc')
        .limit(MEDIA_IMAGES * 4)
        .execute();
      const paths = [...new Set(images.map((r) => r.file_name))].slice(0, MEDIA_IMAGES).map((name) => `/Products/${name}`);
      console.log(`media: ${paths.length} product images through the store from the ${mediaWhere}…`);
      media = await measureMedia(store.origin, paths, opts.connections, opts.duration, Math.min(opts.warmup, 2));
    }

    // 2. Checkout under browsing load. The shoppers register, log in and warm up first; the
    // browsing load starts, and a second later the shoppers shop for `duration` seconds, so
    // their whole window lies inside it. The browsing load generator runs at a lower CPU
    // priority: it stands in for browsers on other machines, and on a small host it would
    // otherwise keep the shoppers' own client from reading its answers in time (measured:
    // place-order p99 ~70 ms with it at normal priority, ~45 ms niced, the server's share alike).
    const shoppers = await startShoppers(store.origin, opts.shoppers, opts.think, accountsPerShopper(opts.duration));
    const browsingScenario: Scenario = { name: 'browsing (listing + by id) during checkout', origin: store.origin, method: 'POST', targets: [listing, byId] };
    const browsingDone = measure(browsingScenario, opts.connections, opts.duration + 2, BROWSING_NICENESS);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const beforeShopping = cpuTimes();
    const shopping: ShoppersResult = await shoppers.run(opts.duration);
    const shoppingSteal = stealShare(beforeShopping, cpuTimes());
    const browsing = await browsingDone;

    await store.close();
    await bare.close();

    // 3. The storefront build, with nothing else running.
    let site: SiteBuildResult | undefined;
    if (opts.siteBuild) {
      console.log(`building the storefront for ${total} products…`);
      try {
        site = await measureSiteBuild({ DATA_DIR: dir, DATABASE_URL: databaseUrl(config.database), JWT_SECRET: jwtSecret, PAN_KEY: panKey }, config.siteDir);
      } catch (error) {
        problems.push(`site build: ${(error as Error).message}`);
      }
    }

    /* ----------------------------------------------------------- report */
    const catalogue = [bareRun, listingRun, newListingRun, byIdRun, searchRun, bareAnswerRun];
    const goalsOfShare = [undefined, GOALS.listingShare, GOALS.newListingShare, GOALS.byIdShare, GOALS.searchShare, undefined];
    console.log('\n1. Catalogue calls (each alone, %d connections)', opts.connections);
    console.table(
      catalogue.map((r, i) => ({
        call: r.name,
        'req/s': Math.round(r.requestsPerSecond),
        'of bare': i === 0 ? '100%' : `${Math.round(share(r, bareRun) * 100)}% (${goalsOfShare[i] === undefined ? 'no goal: a ceiling' : `goal >= ${goalsOfShare[i]! * 100}%`})`,
        'p50 ms': ms(r.p50),
        'p99 ms': ms(r.p99),
        // The p99 above is that of all the turns' answers; each turn's own, in the order they ran.
        'p99 ms by turn': rounds[i].map((turn) => ms(turn.p99)).join(' '),
        // The machine's CPU its host gave to other guests during each turn (host-cpu.ts).
        'host steal by turn': rounds[i].map((turn) => stealPercent(turn.steal)).join(' '),
        requests: r.total,
        errors: r.errors + r.non2xx,
      })),
    );

    console.log(
      '\n2. Checkout during a browsing load (%d connections): %d shoppers pausing ~%d ms before each call, %s: %s orders/s, %s calls/s',
      opts.connections,
      shopping.shoppers,
      shopping.thinkMs,
      seconds(shopping.seconds),
      (shopping.orders / shopping.seconds).toFixed(1),
      (shopping.calls / shopping.seconds).toFixed(0),
    );
    console.table([
      ...Object.entries(shopping.latency).map(([call, l]) => ({ call, calls: l.count, 'p50 ms': l.p50, 'p99 ms': l.p99, 'max ms': l.max })),
      { call: `${browsingScenario.name}: ${Math.round(browsing.requestsPerSecond)} req/s`, calls: browsing.total, 'p50 ms': ms(browsing.p50), 'p99 ms': ms(browsing.p99), 'max ms': '' },
    ]);
    const busy = shopping.busy + log.busy;
    const errors = {
      catalogue: catalogue.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
      browsing: browsing.errors + browsing.non2xx,
      shoppers: shopping.errors,
      serverLog: log.errors,
    };
    const serverErrors = catalogue.reduce((sum, r) => sum + r.serverErrors, 0) + browsing.serverErrors + shopping.serverErrors;
    console.log(
      `orders placed: ${shopping.orders} (${shopping.dayLimitRefusals} refused by the day's cash limit for one buyer, each shopper then going on as its next account; ${shopping.shoppersOutOfAccounts} shoppers ran out of accounts); errors: ${errors.shoppers} shoppers, ${errors.browsing} browsing, ${errors.serverLog} server log reports (5xx: ${serverErrors}); busy-database failures: ${busy} (answers ${shopping.busy}, log lines ${log.busy})`,
    );
    for (const sample of [...shopping.samples, ...log.samples]) console.log(`  ${sample}`);

    if (site) {
      console.log(
        `\n3. Storefront build: ${seconds(site.seconds)} for ${total} products (${site.productPages} product pages, ${site.pages} pages); peak memory ${gigabytes(site.peakTreeRss)} ` +
          `(largest process ${gigabytes(site.peakLargestProcess)}; sum of the ${site.processes} processes' own peaks ${gigabytes(site.peakUpperBound)})`,
      );
    } else {
      console.log(`\n3. Storefront build: ${opts.siteBuild ? 'FAILED' : 'skipped (--no-site-build)'}`);
    }

    if (media) {
      console.log(
        `\n4. Media through the store from the ${mediaWhere} (${media.images} product images, originals ${Math.round(media.meanBytes / 1024)} KB on average)`,
      );
      console.log(
        `uncached: first request of ?w=${RESIZED_WIDTH} (read the original, resize, store the copy, answer), one at a time: p50 ${media.uncached.p50} ms, p99 ${media.uncached.p99} ms, mean ${media.uncached.mean} ms over ${media.uncached.count}`,
      );
      console.table(
        media.runs.map((r) => ({
          'under load': r.name,
          'req/s': Math.round(r.requestsPerSecond),
          'of bare': `${Math.round(share(r, bareRun) * 100)}%`,
          'p50 ms': ms(r.p50),
          'p99 ms': ms(r.p99),
          requests: r.total,
          errors: r.errors + r.non2xx,
        })),
      );
    } else {
      console.log('\n4. Media: skipped (--no-media)');
    }
    const mediaErrors = media ? media.runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0) : 0;
    const errorCount = errors.catalogue + errors.browsing + errors.shoppers + errors.serverLog + mediaErrors;
    if (errorCount > 0) problems.push(`${errorCount} errors`);
    if (busy > 0) problems.push(`${busy} busy-database failures`);
    const placeOrder = shopping.latency['POST /createorder'];
    const addToCart = shopping.latency['POST /createcart'];
    const verdict = (met: boolean) => (met ? 'PASS' : 'MISS');
    const placeOrderGoal = GOALS.placeOrderP99Ms[config.database.engine];
    const p99Value = (run: Turns) => `${ms(run.p99)} ms (worst turn ${ms(run.worstTurnP99)}; host steal up to ${stealPercent(run.worstTurnSteal)})`;
    const rows = [
      { figure: 'listing req/s, share of bare Hono', value: `${Math.round(share(listingRun, bareRun) * 100)}%`, goal: `>= ${GOALS.listingShare * 100}%`, result: verdict(share(listingRun, bareRun) >= GOALS.listingShare) },
      { figure: 'by-id req/s, share of bare Hono', value: `${Math.round(share(byIdRun, bareRun) * 100)}%`, goal: `>= ${GOALS.byIdShare * 100}%`, result: verdict(share(byIdRun, bareRun) >= GOALS.byIdShare) },
      {
        figure: "by-id req/s, share of a bare POST of its bytes",
        value: `${Math.round(share(byIdRun, bareAnswerRun) * 100)}% (that POST: ${Math.round(share(bareAnswerRun, bareRun) * 100)}% of bare)`,
        goal: '(none)',
        result: '',
      },
      { figure: 'new-filter listing req/s, share of bare Hono', value: `${Math.round(share(newListingRun, bareRun) * 100)}%`, goal: `>= ${GOALS.newListingShare * 100}%`, result: verdict(share(newListingRun, bareRun) >= GOALS.newListingShare) },
      { figure: `new-filter listing p99 at ${opts.connections} connections`, value: p99Value(newListingRun), goal: `< ${GOALS.listingP99Ms} ms`, result: verdict(newListingRun.p99 < GOALS.listingP99Ms) },
      { figure: 'search req/s, share of bare Hono', value: `${Math.round(share(searchRun, bareRun) * 100)}%`, goal: `>= ${GOALS.searchShare * 100}%`, result: verdict(share(searchRun, bareRun) >= GOALS.searchShare) },
      { figure: `search p99 at ${opts.connections} connections`, value: p99Value(searchRun), goal: `< ${GOALS.listingP99Ms} ms`, result: verdict(searchRun.p99 < GOALS.listingP99Ms) },
      { figure: 'add-to-cart p99 under browsing', value: `${addToCart.p99} ms`, goal: '(none)', result: '' },
      { figure: 'place-order p99 under browsing', value: `${placeOrder.p99} ms (host steal ${stealPercent(shoppingSteal)})`, goal: `< ${placeOrderGoal} ms (${config.database.engine})`, result: verdict(placeOrder.p99 < placeOrderGoal) },
      ...(media
        ? [
            { figure: `media: first ?w=${RESIZED_WIDTH} of an image (uncached), p50 / p99`, value: `${media.uncached.p50} / ${media.uncached.p99} ms`, goal: '(none)', result: '' },
            ...media.runs.map((r) => ({ figure: `media: ${r.name.replace(/ \(.*$/, '')}, req/s and p99`, value: `${Math.round(r.requestsPerSecond)} req/s, ${ms(r.p99)} ms`, goal: '(none)', result: '' })),
          ]
        : []),
      { figure: 'errors (all calls, server log)', value: String(errorCount), goal: '0', result: errorCount === 0 ? 'PASS' : 'FAIL' },
      { figure: 'busy-database failures', value: String(busy), goal: '0', result: busy === 0 ? 'PASS' : 'FAIL' },
      ...(site
        ? [
            { figure: `site build, ${total} products`, value: seconds(site.seconds), goal: '< 3 min', result: verdict(site.seconds < GOALS.buildSeconds) },
            {
              figure: 'site build peak memory (its processes)',
              value: gigabytes(site.peakUpperBound),
              goal: '< 2 GB',
              result: site.peakUpperBound === undefined ? '' : verdict(site.peakUpperBound < GOALS.buildBytes),
            },
          ]
        : []),
    ];
    console.log(`\nSummary (${total} products, ${opts.connections} connections, ${opts.shoppers} shoppers pausing ~${opts.think} ms; the goals are stated for 10,000 products at 20 connections)`);
    console.table(rows);
    const missed = rows.filter((r) => r.result === 'MISS').length;
    console.log(`load average (1/5/15 min) at start: ${loadAtStart}; at end: ${load()} on ${cpus.length} CPUs`);
    console.log(problems.length ? `RUN BROKEN: ${problems.join('; ')}` : missed ? `${missed} goal(s) missed.` : 'All goals met.');
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
  if (problems.length) process.exitCode = 1;
}

await main();
