/**
 * `npm run bench:cloud`: the store benchmark (tests/bench/api.bench.ts) as many instances
 * run it: the database on PostgreSQL and the media on an S3-compatible bucket.
 *
 * Starts, on this machine only:
 *   - a throwaway PostgreSQL cluster on 127.0.0.1 (tests/helpers/pg-cluster.sh; PG_TEST_PORT
 *     chooses its port), unless DATABASE_URL already names an empty postgres:// database;
 *   - a local S3 server (s3rver) on 127.0.0.1 in this process (BENCH_S3_PORT chooses its
 *     port; a free one otherwise) with the bucket `aurum-bench`;
 * then runs the benchmark in a process of its own with DATABASE_URL, MEDIA_URL=s3://aurum-bench/store
 * and the AWS_* variables (the store, the bare route and the load generator each in theirs,
 * as `npm run bench` does), passes its flags on (`npm run bench:cloud -- --products 500 ...`),
 * and stops and removes both servers when it ends, whatever happens. Exits with the
 * benchmark's code.
 *
 * The bucket is s3rver, a Node server writing files to a temporary folder: its figures
 * show the store's own cost of media on a bucket (a request to the bucket per image), not
 * what a real S3 or MinIO answers in.
 */

import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalS3 } from '../helpers/s3.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BUCKET = 'aurum-bench';

function startPostgres(): { url: string; stop(): void } {
  const given = process.env.DATABASE_URL;
  if (given && /^postgres(ql)?:\/\//i.test(given)) return { url: given, stop: () => undefined };
  const script = path.join(ROOT, 'tests/helpers/pg-cluster.sh');
  // Durable, as SQLite is in the benchmark (synchronous=FULL): a commit costs what it costs in production.
  const [dir, url] = execFileSync(script, ['start', ...(process.env.PG_TEST_PORT ? [process.env.PG_TEST_PORT] : [])], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PG_DURABLE: '1' },
  })
    .trim()
    .split('\n');
  let stopped = false;
  return {
    url,
    stop() {
      if (stopped) return;
      stopped = true;
      execFileSync(script, ['stop', dir], { stdio: 'inherit' });
    },
  };
}

/** Whether 127.0.0.1:port can be listened on (s3rver reports a taken port as an uncaught error). */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const s3Port = Number(process.env.BENCH_S3_PORT ?? 0);
if (!Number.isInteger(s3Port) || s3Port < 0 || s3Port > 65535) throw new Error(`BENCH_S3_PORT: not a port: ${process.env.BENCH_S3_PORT}`);
if (s3Port && !(await portFree(s3Port))) {
  console.error(`bench:cloud: 127.0.0.1:${s3Port} (BENCH_S3_PORT) is taken: choose another port, or leave BENCH_S3_PORT unset for a free one`);
  process.exit(1);
}
const s3 = await startLocalS3(BUCKET, s3Port);
let postgres: ReturnType<typeof startPostgres> | undefined;
let code = 1;
try {
  postgres = startPostgres();
  const media = s3.env('store');
  console.log(`bench:cloud: PostgreSQL ${postgres.url.replace(/\/\/[^@]*@/, '//')}; media ${media.MEDIA_URL} on s3rver at ${s3.endpoint}`);
  const child = spawn(process.execPath, [path.join(ROOT, 'tests/bench/api.bench.ts'), ...process.argv.slice(2)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: postgres.url, ...media },
    stdio: 'inherit',
  });
  // Ctrl-C reaches the benchmark (same process group); this process waits for it, then cleans up.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  code = await new Promise<number>((resolve) => child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
} finally {
  postgres?.stop();
  await s3.close();
}
process.exitCode = code;
