import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// `npm ci` refuses a lock that names an optional dependency without an entry for it.
// The registry these machines reach does not serve some of Astro's compiler
// bindings for other platforms, so `npm install` drops their entries; after
// regenerating the lock, run `node .ci/lock-platform-entries.mjs` to put them back.
it('package-lock.json has an entry for every optional dependency (npm ci accepts it)', () => {
  const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));
  const packages: Record<string, { optionalDependencies?: Record<string, string> }> = lock.packages;
  const missing = Object.entries(packages).flatMap(([key, entry]) =>
    Object.keys(entry.optionalDependencies ?? {}).filter(
      (dep) => !packages[`node_modules/${dep}`] && !packages[`${key}/node_modules/${dep}`],
    ),
  );
  expect(missing).toEqual([]);
});
