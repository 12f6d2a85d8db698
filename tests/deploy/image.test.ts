/**
 * The Dockerfile and compose.yaml read against the store's environment contract (README
 * "Environment", DESIGN.md), since no Docker engine runs here to build them: the image holds
 * every folder the server imports, its health check asks /healthz, and every variable the
 * example deployment sets is one the store reads (named in README's table), with the
 * variables many instances need (JWT_SECRET, MEDIA_URL, the AWS_* variables, PUBLIC_URL).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { startArguments } from '../bench/servers.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const dockerfile = read('Dockerfile');
const compose = YAML.parse(read('compose.yaml'), { merge: true });

/** The runtime stage: from its FROM to the end. */
const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

/** Top-level folders and files that the server's sources import by relative path. */
function importedTopLevel(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(relative);
      } else if (/\.(ts|tsx|mjs|astro)$/.test(entry.name)) {
        for (const [, specifier] of read(relative).matchAll(/(?:from|import)\s*\(?\s*'(\.\.?\/[^']+)'/g)) {
          const target = path.relative(ROOT, path.resolve(ROOT, dir, specifier));
          if (!target.startsWith('..')) found.add(target.split(path.sep)[0]);
        }
      }
    }
  };
  for (const dir of ['api', 'db', 'rules', 'migrations', 'web']) walk(dir);
  return found;
}

/** Variables README's Environment table names (a row may name several). */
function documentedVariables(): Set<string> {
  const readme = read('README.md');
  const table = readme.slice(readme.indexOf('## Environment'), readme.indexOf('## Scripts'));
  const names = new Set<string>();
  for (const row of table.split('\n').filter((line) => line.startsWith('| `'))) {
    const first = row.split('|')[1];
    for (const [, name] of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(name);
    // `GRIEVANCE_OFFICER_NAME`, `_DESIGNATION`, ...: the suffixes share the first name's prefix.
    const prefix = /`([A-Z_]+_)[A-Z]+`/.exec(first)?.[1];
    for (const [, suffix] of first.matchAll(/`(_[A-Z_]+)`/g)) if (prefix) names.add(prefix.replace(/_$/, '') + suffix);
  }
  return names;
}

describe('Dockerfile', () => {
  it('copies every folder the server imports into the runtime image', () => {
    const copied = [...runtime.matchAll(/^COPY (?:--\S+ )*(.+) \.\/?\S*$/gm)].flatMap(([, sources]) => sources.split(/\s+/));
    for (const folder of importedTopLevel()) expect(copied, `${folder} is imported but not copied`).toContain(folder);
  });

  it("carries pg_dump and pg_restore at least as new as compose.yaml's PostgreSQL (npm run backup / restore)", () => {
    const client = Number(runtime.match(/^ARG PG_CLIENT=(\d+)$/m)?.[1]);
    expect(runtime).toMatch(/apt-get install [^\n]*"postgresql-client-\$\{PG_CLIENT\}"/);
    const server = Number(String((compose.services as Record<string, { image?: string }>).postgres.image).match(/^postgres:(\d+)/)?.[1]);
    expect(server).toBeGreaterThan(0);
    expect(client).toBeGreaterThanOrEqual(server);
  });

  it('checks health with GET /healthz and starts the store as npm start does', () => {
    expect(runtime).toMatch(/^HEALTHCHECK .*\/healthz/m);
    const start = ['node', ...startArguments()];
    const cmd = runtime.match(/^CMD (\[.*\])$/m)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(start);
    expect(start.at(-1)).toBe('api/server.ts');
    expect(runtime).toMatch(/DATA_DIR=\/data/);
  });
});

describe('compose.yaml', () => {
  const stores = Object.entries(compose.services as Record<string, any>).filter(([name]) => name.startsWith('store-'));

  it('runs two stores with the same settings, each on its own data volume', () => {
    expect(stores.length).toBe(2);
    expect(stores[0][1].environment).toEqual(stores[1][1].environment);
    expect(stores[0][1].volumes).not.toEqual(stores[1][1].volumes);
  });

  it('sets only variables the store reads (README: Environment), and those many instances need', () => {
    const documented = documentedVariables();
    const environment = stores[0][1].environment as Record<string, string | null>;
    for (const name of Object.keys(environment)) expect(documented, `${name} is not in README's Environment table`).toContain(name);
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'MEDIA_URL', 'AWS_ENDPOINT_URL', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'PUBLIC_URL']) {
      expect(environment[name], name).toBeTruthy();
    }
    expect(environment.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(environment.MEDIA_URL).toMatch(/^s3:\/\/[a-z0-9.-]+\//);
    // A required secret: compose refuses to start without it rather than sharing a default.
    expect(environment.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    // No default payment provider: the store's own rule (an https PUBLIC_URL must name one) applies.
    expect(environment.PAYMENT_PROVIDER ?? null).toBeNull();
  });

  it('puts the proxy in front of both stores with /healthz as its health check', () => {
    const caddyfile: string = compose.configs.caddyfile.content;
    expect(caddyfile).toMatch(/reverse_proxy store-1:8080 store-2:8080/);
    expect(caddyfile).toMatch(/health_uri \/healthz/);
  });
});
