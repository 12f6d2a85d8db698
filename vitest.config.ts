import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The store's request lines (db/log.ts) would bury the tests' output; warnings and errors still show.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  },
});
