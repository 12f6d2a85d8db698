/**
 * The benchmark's storefront build: api/site/build.ts buildSite in a child
 * process on the benchmark's data directory, timed from the parent, with the
 * peak memory of the child and everything it starts (buildSite runs Astro in a
 * process of its own). Memory comes from /proc (Linux): each process's VmHWM
 * (its own high-water mark, exact) and the process tree's summed VmRSS, sampled
 * every 100 ms. GNU time is not needed.
 */

import { fork } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SiteBuildResult {
  seconds: number;
  /** Product pages written (product-details/<p_id>/index.html). */
  productPages: number;
  /** Every page written (index.html files). */
  pages: number;
  /** Peak of the tree's summed resident memory, sampled; undefined without /proc. */
  peakTreeRss?: number;
  /** The sum of each process's own high-water mark: never below the true peak. */
  peakUpperBound?: number;
  /** The largest single process's high-water mark (Astro). */
  peakLargestProcess?: number;
  processes: number;
}

/** kB figures of /proc/<pid>/status, or undefined once the process is gone. */
function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
  } catch {
    return undefined;
  }
}

/** `root` and its descendants, from every process's parent id in /proc/<pid>/stat. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

function countPages(siteDir: string): { pages: number; productPages: number } {
  let pages = 0;
  let productPages = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'index.html') {
        pages += 1;
        if (/[/\\]product-details[/\\][^/\\]+[/\\]index\.html$/.test(full)) productPages += 1;
      }
    }
  };
  if (existsSync(siteDir)) walk(siteDir);
  return { pages, productPages };
}

const SITE_ENV = 'AURUM_BENCH_SITE';

/** Builds the storefront of `env.DATA_DIR` in a child process and measures it. */
export function measureSiteBuild(env: Record<string, string>, siteDir: string): Promise<SiteBuildResult> {
  const started = performance.now();
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, ...env, [SITE_ENV]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const hasProc = existsSync('/proc/self/status');
  const highWater = new Map<number, number>();
  let peakTreeRss = 0;
  const sample = () => {
    if (!hasProc || child.pid === undefined) return;
    let rss = 0;
    for (const pid of processTree(child.pid)) {
      const memory = memoryOf(pid);
      if (!memory) continue;
      rss += memory.rss;
      highWater.set(pid, Math.max(highWater.get(pid) ?? 0, memory.hwm));
    }
    peakTreeRss = Math.max(peakTreeRss, rss);
  };
  const sampler = setInterval(sample, 100);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      if (code !== 0) {
        reject(new Error(`the site build exited with ${code ?? signal}`));
        return;
      }
      const peaks = [...highWater.values()];
      resolve({
        seconds,
        ...countPages(siteDir),
        peakTreeRss: hasProc ? Math.max(peakTreeRss, ...peaks) : undefined,
        peakUpperBound: hasProc ? peaks.reduce((sum, bytes) => sum + bytes, 0) : undefined,
        peakLargestProcess: hasProc ? Math.max(0, ...peaks) : undefined,
        processes: highWater.size,
      });
    });
  });
}

if (process.env[SITE_ENV]) {
  const { loadConfig } = await import('../../api/env.ts');
  const { openDatabase } = await import('../../db/connection.ts');
  const { buildSite } = await import('../../api/site/build.ts');
  const config = loadConfig();
  const db = openDatabase(config.database, { readonly: true });
  try {
    await buildSite(config, db, (line) => console.log(`  ${line}`));
  } finally {
    await db.destroy();
    process.disconnect();
  }
}
