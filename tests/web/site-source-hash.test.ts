/**
 * What marks the built storefront stale besides the catalogue (api/site/build.ts
 * siteSourceHash): a change to its pages (web/), to the rules and queries they import (rules/,
 * db/: the shop policy's words live in rules/, issue 36) or to its build files; a change
 * elsewhere (the API's own code) leaves the built site as it is.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SITE_SOURCE_DIRS, siteSourceHash } from '../../api/site/build.ts';

const root = mkdtempSync(path.join(tmpdir(), 'site-source-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

describe('siteSourceHash', () => {
  it('changes with web/, rules/, db/ and the build files, not with api/', () => {
    expect(SITE_SOURCE_DIRS).toEqual(expect.arrayContaining(['web', 'rules', 'db']));
    write('web/pages/refund.astro', 'page');
    write('rules/shop-policy.ts', "export const words = 'within 7-10 business days';");
    write('db/queries/shop-policy.ts', 'query');
    write('api/routes/policy/policy.handlers.ts', 'handler');
    write('openapi.yaml', 'a: 1');
    let before = siteSourceHash(root);
    expect(before).toMatch(/^[0-9a-f]{16}$/);
    expect(siteSourceHash(root)).toBe(before);
    for (const [file, text] of [
      ['rules/shop-policy.ts', "export const words = 'within 3-5 business days';"],
      ['web/pages/refund.astro', 'page, reworded'],
      ['db/queries/shop-policy.ts', 'query, changed'],
      ['openapi.yaml', 'a: 2'],
      ['rules/new-rule.ts', 'a new file'],
    ]) {
      write(file, text);
      const after = siteSourceHash(root);
      expect(after, file).not.toBe(before);
      before = after;
    }
    write('api/routes/policy/policy.handlers.ts', 'handler, changed');
    expect(siteSourceHash(root)).toBe(before);
  });

  it('hashes this checkout', () => {
    expect(siteSourceHash()).toMatch(/^[0-9a-f]{16}$/);
  });
});
