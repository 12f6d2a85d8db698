/**
 * The folders' boundaries (DESIGN.md, issue 12): rules/ is pure (imports only
 * rules/, no Node built-in, no package: no I/O), db/ knows no HTTP (imports
 * nothing from api/ or web/), migrations are frozen in time (no app imports).
 * Every static import, re-export and dynamic import() is read.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts)$/.test(name)) out.push(full);
    }
  };
  walk(path.join(ROOT, folder));
  return out;
}

/** Each import of a file: the specifier and, for a relative one, the repository path it names. */
function importsOf(file: string): { specifier: string; target: string | null }[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]);
  return specifiers.map((specifier) => ({
    specifier,
    target: specifier.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(file), specifier)).split(path.sep).join('/') : null,
  }));
}

function offending(folder: string, refused: (i: { specifier: string; target: string | null }) => boolean): string[] {
  return sources(folder).flatMap((file) =>
    importsOf(file)
      .filter(refused)
      .map((i) => `${path.relative(ROOT, file)} imports ${i.specifier}`),
  );
}

describe('layers', () => {
  it('reads the imports it checks (the checker sees what it must refuse)', () => {
    const probe = path.join(ROOT, 'api/open-store.ts');
    expect(importsOf(probe).some((i) => i.target?.startsWith('db/'))).toBe(true);
  });

  it('db/ imports nothing from api/ or web/', () => {
    expect(sources('db').length).toBeGreaterThan(10);
    expect(offending('db', (i) => i.target !== null && /^(api|web)\//.test(i.target))).toEqual([]);
  });

  it('rules/ is pure: only other rules, no Node built-in, no package', () => {
    expect(sources('rules').length).toBeGreaterThan(5);
    expect(offending('rules', (i) => i.target === null || !i.target.startsWith('rules/'))).toEqual([]);
  });

  it('migrations import no application code (only migrations/ and packages)', () => {
    expect(offending('migrations', (i) => i.target !== null && !i.target.startsWith('migrations/'))).toEqual([]);
  });
});
