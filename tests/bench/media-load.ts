/**
 * The benchmark's media figures: product images fetched through the store (GET
 * /Products/<name>) from wherever the media are (the local folder, or the bucket with
 * MEDIA_URL=s3://...), as shoppers' browsers and a CDN in front fetch them:
 *
 * - uncached: the first request for a resized width (`?w=480`) of images nobody asked
 *   for at that width: the store reads the original, resizes it with sharp, stores the
 *   copy (media-cache/...) and answers it; one request at a time, each image once;
 * - the original image under load: its bytes come from the media store on every request
 *   (the store keeps no copy in memory or on its own disk);
 * - the resized copy under load, once made (cached in the media store);
 * - revalidation under load: `If-None-Match` with the ETag the answer had, answered
 *   304 without a body (what a CDN or browser sends for an image it keeps).
 */

import { type Measured, measure, type Scenario } from './browse-load.ts';
import { percentile, roundMs as round, sortedMs } from './percentile.ts';

export const RESIZED_WIDTH = 480;

export interface MediaFigures {
  /** Distinct images used. */
  images: number;
  /** Mean size of the originals, in bytes. */
  meanBytes: number;
  /** First request of a resized width, one at a time: milliseconds. */
  uncached: { count: number; p50: number; p99: number; mean: number };
  /** Under load (autocannon): the original, the resized copy once made, revalidation (304). */
  runs: Measured[];
}

/**
 * Measures the figures above on `paths` (e.g. `/Products/<name>.jpg`, distinct images
 * the database names), `connections` at once for `duration` seconds after `warmup`.
 */
export async function measureMedia(origin: string, paths: string[], connections: number, duration: number, warmup: number): Promise<MediaFigures> {
  if (paths.length === 0) throw new Error('media: no product images to fetch');
  // Uncached: each image's resized width asked for the first time.
  const timings: number[] = [];
  const etags: string[] = [];
  let bytes = 0;
  for (const path of paths) {
    const started = performance.now();
    const resized = await fetch(`${origin}${path}?w=${RESIZED_WIDTH}`);
    const body = await resized.arrayBuffer();
    timings.push(performance.now() - started);
    if (resized.status !== 200 || resized.headers.get('content-type') !== 'image/webp' || body.byteLength === 0) {
      throw new Error(`media: ${path}?w=${RESIZED_WIDTH} answered ${resized.status} ${resized.headers.get('content-type')}`);
    }
    const original = await fetch(`${origin}${path}`);
    bytes += (await original.arrayBuffer()).byteLength;
    const etag = original.headers.get('etag');
    if (original.status !== 200 || !etag) throw new Error(`media: ${path} answered ${original.status} without an ETag`);
    etags.push(etag);
  }
  const sorted = sortedMs(timings);

  const scenarios: Scenario[] = [
    { name: `original image (GET ${paths.length} images, bytes from the media store each time)`, origin, method: 'GET', targets: paths.map((path) => ({ path })) },
    { name: `resized ?w=${RESIZED_WIDTH} (copy made, from the media store)`, origin, method: 'GET', targets: paths.map((path) => ({ path: `${path}?w=${RESIZED_WIDTH}` })) },
    {
      name: 'revalidation (If-None-Match: 304, no body)',
      origin,
      method: 'GET',
      targets: paths.map((path, i) => ({ path, headers: { 'If-None-Match': etags[i] } })),
      expectStatus: 304,
    },
  ];
  const runs: Measured[] = [];
  for (const scenario of scenarios) {
    if (warmup > 0) await measure(scenario, connections, warmup);
    runs.push(await measure(scenario, connections, duration));
  }
  return {
    images: paths.length,
    meanBytes: Math.round(bytes / paths.length),
    uncached: { count: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), mean: round(timings.reduce((a, b) => a + b, 0) / timings.length) },
    runs,
  };
}
