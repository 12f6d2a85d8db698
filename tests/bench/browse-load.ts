/**
 * The benchmark's HTTP load: autocannon run from a child process (its own event
 * loop and core), so the load generator does not share the server's.
 * `measure()` forks this file; the child runs one scenario and answers its figures.
 */

import { fork } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuTimes, stealShare } from './host-cpu.ts';
import { percentile, sortedMs } from './percentile.ts';

/** One kind of request a scenario sends; `bodies` are picked from at random (none for GET). */
export interface Target {
  path: string;
  bodies?: string[];
  /** Request headers of this target (e.g. If-None-Match with the ETag its answer had). */
  headers?: Record<string, string>;
}

/**
 * In a body, in place of a minPrice value: replaced by a price range no request of
 * this run asked before (`min,"maxPrice":max`), a listing whose filter is new, so no
 * answer kept for an earlier one can serve it.
 */
export const UNIQUE = '__UNIQUE__';

/** The n-th new price range: minimum under 1.5 lakh, maximum from 1.5 lakh up. */
const uniqueRange = (n: number) => `${n % 150_000},"maxPrice":${150_000 + (Math.floor(n / 150_000) % 1_000_000)}`;

export interface Scenario {
  name: string;
  /** http://127.0.0.1:port */
  origin: string;
  method: 'GET' | 'POST';
  /** Each request goes to one of these, picked at random (a browsing mix has several). */
  targets: Target[];
  /** The status every answer should have (default: any 2xx; 304 for revalidations). */
  expectStatus?: number;
}

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers outside 2xx, or other than `expectStatus` (all of them count as errors here: every request sent is valid). */
  non2xx: number;
  /** Answers 500 and above (a 503 "database is locked" would be one). */
  serverErrors: number;
  total: number;
  /**
   * Each 2xx answer's time in ms (to 0.01 ms), as autocannon times it (sent to answered), in
   * the order answered: the p99 of several turns is that of all their answers, which
   * the largest of the turns' own p99s only bounds from above.
   */
  latencies: number[];
  /** The share of the machine's CPU its host gave to other guests during the measured run (host-cpu.ts); null where unknown. */
  steal: number | null;
}

/**
 * Seconds each load process sends its load before the measured run, not counted. A
 * fresh process's first half second measures the generator's own start (its code not
 * yet compiled, reading answers late), not the server: measured on one store at 10,000
 * products, new-filter listing, 2 s turns, five of each, load average ~4.5: a fresh
 * process per turn gave p99 67 and 38 ms (11,000 and 14,300 requests), the same turns
 * from a process already warm 36 and 33 ms (16,200 and 16,100 requests), the slow
 * answers of the fresh ones crowded in each turn's first 600 ms. The measured run opens
 * its connections anew, as before.
 */
const GENERATOR_WARMUP_SECONDS = 0.5;

async function runLoad(scenario: Scenario, connections: number, duration: number): Promise<Measured> {
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
  // Distinct across the load processes of a run: each starts at its own random place among 1.5e11 ranges.
  let unique = Math.floor(Math.random() * 1.5e11);
  const load = (seconds: number) => autocannon({
    url: scenario.origin,
    connections,
    duration: seconds,
    requests: [
      {
        method: scenario.method,
        headers: scenario.method === 'POST' ? { 'content-type': 'application/json' } : {},
        setupRequest: (request) => {
          const target = pick(scenario.targets);
          request.path = target.path;
          if (target.headers) request.headers = { ...request.headers, ...target.headers };
          if (target.bodies?.length) {
            const body = pick(target.bodies);
            request.body = body.includes(UNIQUE) ? body.replace(UNIQUE, uniqueRange(++unique)) : body;
          }
          return request;
        },
      },
    ],
  });
  const warmUp = await load(GENERATOR_WARMUP_SECONDS);
  const latencies: number[] = [];
  const before = cpuTimes();
  const run = load(duration);
  // Without a callback autocannon answers its run's tracker (an EventEmitter) made thenable (lib/init.js), which its types leave out.
  (run as unknown as EventEmitter).on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(Math.round(responseTime * 100) / 100);
  });
  const result = await run;
  const steal = stealShare(before, cpuTimes());
  const sorted = sortedMs(latencies);
  if (!result.latency) throw new Error(`autocannon gave no figures: ${JSON.stringify(result).slice(0, 500)}`);
  // Failures count from the warm-up too: only its timings are left out.
  const failures = (run: typeof result) => {
    const byStatus = (run.statusCodeStats ?? {}) as Record<string, { count: number }>;
    return {
      errors: run.errors + run.timeouts,
      non2xx: scenario.expectStatus
        ? Object.entries(byStatus).reduce((sum, [status, { count }]) => sum + (Number(status) === scenario.expectStatus ? 0 : count), 0)
        : run.non2xx,
      serverErrors: Object.entries(byStatus).reduce((sum, [status, { count }]) => sum + (Number(status) >= 500 ? count : 0), 0),
    };
  };
  const [warm, measured] = [failures(warmUp), failures(result)];
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    // From every answer's time (autocannon's own percentiles are whole milliseconds).
    p50: sorted.length ? percentile(sorted, 50) : result.latency.p50,
    p99: sorted.length ? percentile(sorted, 99) : result.latency.p99,
    errors: warm.errors + measured.errors,
    non2xx: warm.non2xx + measured.non2xx,
    serverErrors: warm.serverErrors + measured.serverErrors,
    total: result.requests.total,
    latencies,
    steal,
  };
}

/** Set in the load process: which scenario to run. */
const LOAD_ENV = 'AURUM_BENCH_LOAD';

/**
 * Runs one scenario's load for `duration` seconds from a separate process.
 * `niceness` (0-19) lowers that process's CPU priority (see the checkout phase).
 */
export function measure(scenario: Scenario, connections: number, duration: number, niceness = 0): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, [LOAD_ENV]: JSON.stringify({ scenario, connections, duration }) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    if (niceness && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, niceness);
      } catch {
        // Not allowed here: the load runs at normal priority.
      }
    }
    let answer: Measured | undefined;
    child.once('message', (message) => (answer = message as Measured));
    child.once('error', reject);
    // 'close', not 'exit': the answer (every answer's time) can still be on its way when the process has exited.
    child.once('close', (code) => (code === 0 && answer ? resolve(answer) : reject(new Error(`load process exited with ${code}`))));
  });
}

/**
 * autocannon, as it comes, turns every answer's body into a string as it arrives
 * (lib/pipelinedRequestsQueue.js addBody: `body += chunk`), for options that read
 * bodies (expectBody, verifyBody, a request's onResponse), which these loads do not use;
 * the bytes are counted apart (addByteCount). That decoding is the generator's work, not
 * the store's, and grows with the answer: a new-filter listing is ~24 kB. On this 2-core
 * machine it took CPU from the server measured and filled the generator's young
 * generation, and a generator's pause delays the answers it reads, counted as the
 * server's latency. Measured on one store (new filters, 20 connections, 3 s runs, four
 * alternated pairs): the generator's CPU per request 129-204 µs as it comes, 118-146
 * without; its collections 69-116 against 38-50 a run. Clients of a real store run on
 * other machines; here the load costs what it must: sending requests, reading answers.
 */
function leaveBodiesUndecoded() {
  const require = createRequire(import.meta.url);
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody?: unknown } };
  // A later autocannon that reads bodies elsewhere: say so, rather than measure with another generator unnoticed.
  if (typeof queue.prototype.addBody !== 'function') throw new Error('autocannon: PipelinedRequestsQueue.addBody not found; see leaveBodiesUndecoded');
  queue.prototype.addBody = () => {};
}

if (process.env[LOAD_ENV]) {
  leaveBodiesUndecoded();
  const { scenario, connections, duration } = JSON.parse(process.env[LOAD_ENV]) as { scenario: Scenario; connections: number; duration: number };
  const figures = await runLoad(scenario, connections, duration);
  process.send!(figures, () => process.disconnect());
}
