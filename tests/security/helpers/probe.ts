/**
 * What every probe asserts, and the tally each probe file prints: an attack is
 * "tried" when its request is sent and "succeeded" when any of its assertions
 * fails (the server did what the attacker wanted, changed something, leaked,
 * or answered 5xx).
 */

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { DB } from '../../../db/connection.ts';
import { type Database, DATABASE_COLUMNS } from '../../../db/schema.ts';
import type { HttpAnswer } from './server.ts';

/** Counts probes for one file and prints the line CI output shows. */
export class ProbeLedger {
  readonly area: string;
  tried = 0;
  succeeded = 0;
  constructor(area: string) {
    this.area = area;
  }

  /** Runs one attack; a failed assertion inside counts it as succeeded (and fails the test). */
  async probe<T>(attack: () => Promise<T>): Promise<T> {
    this.tried += 1;
    try {
      return await attack();
    } catch (error) {
      this.succeeded += 1;
      throw error;
    }
  }

  report(): void {
    console.log(`security probes: ${this.tried} tried, ${this.succeeded} succeeded (${this.area})`);
  }
}

/** The answer is the API's envelope `{ status, description, data }` with status 0 or 1. */
export function expectEnvelope(res: HttpAnswer, label = ''): void {
  expect(res.headers.get('content-type') ?? '', `${label}: content type of ${res.status} ${res.text.slice(0, 200)}`).toMatch(/^application\/json/);
  expect(typeof res.body, `${label}: body is not JSON: ${res.text.slice(0, 200)}`).toBe('object');
  expect(res.body, `${label}: body is null`).not.toBeNull();
  expect([0, 1], `${label}: envelope status of ${res.text.slice(0, 200)}`).toContain(res.body.status);
  expect(typeof res.body.description, `${label}: envelope description`).toBe('string');
  expect(Object.hasOwn(res.body, 'data'), `${label}: envelope has no data`).toBe(true);
}

/** A refusal: one of the expected 4xx codes, in the envelope with status 0 (never a 5xx). */
export function expectRefused(res: HttpAnswer, codes: number[], label = ''): void {
  expect(res.status, `${label}: answered ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  expect(codes, `${label}: answered ${res.status} ${res.text.slice(0, 300)}`).toContain(res.status);
  expectEnvelope(res, label);
  expect(res.body.status, label).toBe(0);
}

/** Tables whose rows change on refusals by design: failed logins and floods are counted. */
const COUNTERS: ReadonlySet<string> = new Set(['rate_limits']);

export type Snapshot = Map<string, string>;

/** A digest of every row of every table (by the schema's column list), counters aside. */
export async function snapshot(db: DB): Promise<Snapshot> {
  const digests: Snapshot = new Map();
  for (const table of Object.keys(DATABASE_COLUMNS) as (keyof Database)[]) {
    if (COUNTERS.has(table)) continue;
    const columns = Object.keys(DATABASE_COLUMNS[table]).sort();
    const rows = await db.selectFrom(table).select(columns as never[]).execute();
    const lines = rows.map((row) => JSON.stringify(columns.map((c) => (row as Record<string, unknown>)[c]))).sort();
    digests.set(table, `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`);
  }
  return digests;
}

/** Asserts nothing in the database changed since `before`, naming the tables that did. */
export async function expectUnchanged(db: DB, before: Snapshot, label = ''): Promise<void> {
  const after = await snapshot(db);
  const changed = [...before.keys()].filter((table) => before.get(table) !== after.get(table));
  expect(changed, `${label}: these tables changed`).toEqual([]);
}

/** Every file under a folder with its size and modification time, for "nothing on disk changed". */
export function fileListing(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    if (!existsSync(folder)) return;
    for (const name of readdirSync(folder).sort()) {
      const full = path.join(folder, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else out.push(`${path.relative(dir, full)} ${stat.size} ${stat.mtimeMs}`);
    }
  };
  walk(dir);
  return out;
}
