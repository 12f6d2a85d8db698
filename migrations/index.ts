import type { Migration } from 'kysely/migration';
import * as initial from './2026_11_21_0001_initial.ts';

/** Every migration, in order. A new one is added here, never edited once released. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0001_initial': initial,
};
