import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { expect } from 'vitest';
import { call, type TestStore } from './store.ts';

const document = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8'));
const ajv = new Ajv2020.default({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(document, 'openapi.yaml');

/** Finds the documented operation for a concrete path ('/getcart/12' matches '/getcart/{u_id}'). */
function operationFor(method: string, path: string) {
  const pathname = path.split('?')[0];
  for (const [template, item] of Object.entries<any>(document.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (pattern.test(pathname) && item[method.toLowerCase()]) return { template, operation: item[method.toLowerCase()] };
  }
  return null;
}

/**
 * Asserts that a response matches openapi.yaml: the operation exists, the status
 * code is documented, and the body validates against the documented schema.
 */
export function expectMatchesContract(method: string, path: string, response: { status: number; body: unknown }) {
  const found = operationFor(method, path);
  expect(found, `${method} ${path} is not in openapi.yaml`).not.toBeNull();
  const documented = found!.operation.responses?.[String(response.status)];
  expect(documented, `${method} ${found!.template} does not document HTTP ${response.status}`).toBeDefined();
  const schemaRef = `openapi.yaml#/paths/${found!.template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${response.status}/content/application~1json/schema`;
  if (!documented.content?.['application/json']) return;
  const validate = ajv.getSchema(schemaRef) ?? ajv.compile({ $ref: schemaRef });
  const valid = validate(response.body);
  expect(valid, `${method} ${path} -> ${response.status} does not match openapi.yaml: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

/**
 * `api(method, url, body?, headers?)` for a file's test store: sends the JSON request (`call`)
 * and checks the answer against openapi.yaml. The store is read at each call, as files make
 * theirs in beforeAll.
 */
export function contractCaller(storeOf: () => TestStore) {
  return async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await call(storeOf(), method, url, body, headers);
    expectMatchesContract(method, url, res);
    return res;
  };
}
