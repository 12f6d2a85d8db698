import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestStore, type TestStore } from '../helpers/store.ts';

// What the storefront sends must be what openapi.yaml says the server accepts.
const document = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8'));
const ajv = new Ajv2020.default({ strict: false, allErrors: true });
ajv.addSchema(document, 'openapi.yaml');
const requestSchema = (path: string) => `openapi.yaml#/paths/${path.replace(/\//g, '~1')}/post/requestBody/content/application~1json/schema`;

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

it('filter.minPrice and filter.maxPrice as the storefront sends an empty box (""): documented and accepted', async () => {
  const body = { page: 1, perPage: 12, filter: { minPrice: '', maxPrice: '', materials: [], categories: [] } };
  const validate = ajv.getSchema(requestSchema('/getallproducts'))!;
  expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
  expect(validate({ ...body, filter: { minPrice: '1000', maxPrice: 25000 } }), ajv.errorsText(validate.errors)).toBe(true);
  expect((await call(store, 'POST', '/getallproducts', body)).status).toBe(200);
});
