/**
 * Where things live (DESIGN.md; README.md's map): what each folder may import.
 *   rules/       only rules/: pure, no Node built-in, no package (no I/O)
 *   migrations/  only migrations/ and packages: frozen in time
 *   db/          db/, rules/, migrations/ (no HTTP, no web)
 *   api/         api/, db/, rules/
 *   web/, browser code: web/ and rules/; its types of the API's answers from the generated
 *                contract (web/lib/api/schema.d.ts), never db/ or api/; no Node built-in
 *   web/, the static build: web/, rules/ and db/ (the build reads the database), never api/
 * Browser code is web/islands, web/stores, web/admin, the client directive, every <script> of
 * an .astro file, every component an .astro page hydrates (client:*), and all they import in
 * web/; the rest of web/ is the build's (pages, layouts, .astro frontmatter, web/lib/build-db.ts).
 * Every static import, re-export and dynamic import() is read, `import type` too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A repository path, '/'-separated. */
const repoPath = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function sources(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts|mjs|js|astro)$/.test(name)) out.push(repoPath(full));
    }
  };
  walk(path.join(ROOT, folder));
  return out;
}

interface Import {
  specifier: string;
  /** The repository path a relative specifier names; null for a package or Node built-in. */
  target: string | null;
}

/** The imports written in some code of `file`. */
function importsIn(file: string, code: string): Import[] {
  const specifiers = [
    ...code.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/gm),
    ...code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]);
  return specifiers.map((specifier) => ({
    specifier,
    target: specifier.startsWith('.') ? repoPath(path.resolve(ROOT, path.dirname(file), specifier)) : null,
  }));
}

/** An .astro file's frontmatter (run by the build) and its <script>s (bundled for the browser). */
function astroParts(text: string): { frontmatter: string; scripts: string } {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
  return { frontmatter, scripts };
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** A file's imports; of an .astro file, its frontmatter's. */
function importsOf(file: string): Import[] {
  return importsIn(file, file.endsWith('.astro') ? astroParts(read(file)).frontmatter : read(file));
}

/** The components an .astro file hydrates (`<Name client:…>`): the files its frontmatter imports them from. */
function hydratedBy(file: string): string[] {
  const { frontmatter } = astroParts(read(file));
  return [...read(file).matchAll(/<([A-Z][\w]*)\b[^>]*?\bclient:/g)].flatMap(([, name]) => {
    const from = new RegExp(`^\\s*import\\s+(?:type\\s+)?(?:${name}\\b|[^'"]*\\{[^}]*\\b${name}\\b[^}]*\\})[^'"]*from\\s*['"]([^'"]+)['"]`, 'm').exec(frontmatter)?.[1];
    return from ? [repoPath(path.resolve(ROOT, path.dirname(file), from))] : [];
  });
}

/** Folders all of whose files are browser code (web/lib/directives: the client directive astro.config.mjs registers). */
const BROWSER_FOLDERS = ['web/islands/', 'web/stores/', 'web/admin/', 'web/lib/directives/'];

/** Every file of web/ that runs in the browser, with the entry it is reached from. */
function browserCode(): Map<string, string> {
  const web = new Set(sources('web'));
  const reachedFrom = new Map<string, string>();
  const queue: string[] = [];
  const reach = (file: string, from: string) => {
    if (reachedFrom.has(file) || !file.startsWith('web/')) return;
    reachedFrom.set(file, from);
    queue.push(file);
  };
  for (const file of web) if (BROWSER_FOLDERS.some((folder) => file.startsWith(folder))) reach(file, file);
  for (const file of [...web].filter((f) => f.endsWith('.astro'))) {
    for (const i of importsIn(file, astroParts(read(file)).scripts)) if (i.target) reach(i.target, `a <script> of ${file}`);
    for (const target of hydratedBy(file)) reach(target, `hydrated by ${file}`);
  }
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (file.endsWith('.astro') || !web.has(file)) continue;
    for (const i of importsOf(file)) if (i.target) reach(i.target, reachedFrom.get(file)!);
  }
  return reachedFrom;
}

/** "file imports specifier" for each import of the files that `allowed` refuses. */
function offending(files: string[], allowed: (i: Import) => boolean, why: (file: string) => string = () => ''): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((i) => !allowed(i))
      .map((i) => `${file} imports ${i.specifier}${why(file)}`),
  );
}

/** Whether an import names a file under one of the folders (a package or built-in is none). */
const within = (i: Import, ...folders: string[]) => i.target !== null && folders.some((folder) => i.target!.startsWith(folder));
const isPackage = (i: Import) => i.target === null;

describe('layers', () => {
  it('reads the imports it checks (the checker sees what it must refuse)', () => {
    expect(importsOf('api/open-store.ts').some((i) => i.target?.startsWith('db/'))).toBe(true);
    // An .astro file's frontmatter, not its scripts; a page's script, as browser code.
    expect(importsOf('web/pages/index.astro').some((i) => i.target === 'web/lib/build-db.ts')).toBe(true);
    expect(importsOf('web/pages/index.astro').some((i) => i.target === 'web/lib/home/slider.ts')).toBe(false);
    const browser = browserCode();
    expect(browser.get('web/lib/home/slider.ts')).toBe('a <script> of web/pages/index.astro');
    expect(browser.get('web/islands/Cart.tsx')).toBe('web/islands/Cart.tsx');
    expect(browser.has('web/components/ProductCard.tsx')).toBe(true);
    expect(browser.has('web/lib/api/client.ts')).toBe(true);
    expect(browser.has('web/lib/build-db.ts')).toBe(false);
    expect(hydratedBy('web/pages/cart.astro')).toEqual(['web/islands/Cart.tsx']);
  });

  it('rules/ is pure: only other rules, no Node built-in, no package', () => {
    expect(sources('rules').length).toBeGreaterThan(5);
    expect(offending(sources('rules'), (i) => within(i, 'rules/'))).toEqual([]);
  });

  it('migrations import no application code (only migrations/ and packages)', () => {
    expect(offending(sources('migrations'), (i) => isPackage(i) || within(i, 'migrations/'))).toEqual([]);
  });

  it('db/ imports only db/, rules/ and migrations/ (no HTTP, no web)', () => {
    expect(sources('db').length).toBeGreaterThan(10);
    expect(offending(sources('db'), (i) => isPackage(i) || within(i, 'db/', 'rules/', 'migrations/'))).toEqual([]);
  });

  it('api/ imports only api/, db/ and rules/', () => {
    expect(sources('api').length).toBeGreaterThan(10);
    expect(offending(sources('api'), (i) => isPackage(i) || within(i, 'api/', 'db/', 'rules/'))).toEqual([]);
  });

  it('browser code under web/ imports only web/ and rules/ (the API\'s types from the generated contract), no Node built-in', () => {
    const browser = browserCode();
    expect(browser.size).toBeGreaterThan(50);
    const web = new Set(sources('web'));
    // Its source files (a stylesheet it imports is reached too, and has no imports).
    const files = [...browser.keys()].filter((file) => web.has(file));
    const allowed = (i: Import) => (isPackage(i) ? !i.specifier.startsWith('node:') : within(i, 'web/', 'rules/'));
    expect(offending(files, allowed, (file) => (browser.get(file) === file ? '' : ` (browser code: ${browser.get(file)})`))).toEqual([]);
  });

  it('the static build imports only web/, rules/ and db/, never api/', () => {
    const browser = browserCode();
    const build = sources('web').filter((file) => file.endsWith('.astro') || !browser.has(file));
    expect(build).toContain('web/lib/build-db.ts');
    expect(offending(build, (i) => isPackage(i) || within(i, 'web/', 'rules/', 'db/'))).toEqual([]);
  });
});
