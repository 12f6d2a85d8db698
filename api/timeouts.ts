import type { Server } from 'node:http';

/** The longest upload the store takes: api/uploads.ts refuses a file past 120 MB. */
const LARGEST_UPLOAD_BYTES = 120 * 1024 * 1024;
/** A slow line the shop still serves: 1 Mbit/s up (a weak 4G or ADSL uplink), 125,000 bytes a second. */
const SLOW_LINE_BYTES_PER_SECOND = 125_000;

export interface Timeouts {
  /** How long one whole request may take to arrive (headers and body). */
  requestMs: number;
  /** How long the headers may take. */
  headersMs: number;
  /** How long a socket may send nothing at all, mid-request, before it is closed. */
  idleMs: number;
  /** How long an idle kept-alive connection stays open between requests. */
  keepAliveMs: number;
}

/**
 * - requestMs: a 120 MB upload at 1 Mbit/s takes 1,007 s; 20 minutes leaves a fifth
 *   spare. Node's default (300 s) cut such an upload off at a quarter.
 * - idleMs: a socket that sends nothing for 70 s mid-request is closed, so a slow line
 *   gets its 20 minutes but a stalled or idle socket does not. It is longer than
 *   keepAliveMs, so idle kept-alive connections are closed by that rule, not this one.
 * - keepAliveMs 65 s / headersMs 66 s: Node closes an idle kept-alive connection after
 *   5 s by default; when the process is busy (a lock wait, a slow query) that close lands
 *   after a client or load balancer has already sent its next request on it, and the
 *   request is reset unanswered (tests/reliability/busy-database.test.ts saw it).
 *   Idle connections stay open longer than load balancers keep theirs (60 s), so the
 *   client closes first.
 */
export const STORE_TIMEOUTS: Timeouts = {
  requestMs: 20 * 60_000,
  headersMs: 66_000,
  idleMs: 70_000,
  keepAliveMs: 65_000,
};

/** Seconds the largest upload takes on the slow line (for the test that checks the numbers). */
export const SLOWEST_UPLOAD_MS = Math.ceil((LARGEST_UPLOAD_BYTES / SLOW_LINE_BYTES_PER_SECOND) * 1000);

/** Applies the store's timeouts to the HTTP server @hono/node-server made. */
export function applyTimeouts(server: Server, timeouts: Timeouts = STORE_TIMEOUTS): void {
  server.requestTimeout = timeouts.requestMs;
  server.headersTimeout = timeouts.headersMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.setTimeout(timeouts.idleMs);
}
