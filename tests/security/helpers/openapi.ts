/**
 * The contract as an attacker reads it: every operation of openapi.yaml with
 * its parameters and body schema, and fast-check arbitraries that build
 * requests from those schemas, valid-shaped or hostile.
 */

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parse } from 'yaml';

export const document = parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8'));

type Schema = Record<string, any>;

export interface Operation {
  method: string;
  /** The path template, e.g. /getcart/{u_id}. */
  path: string;
  tags: string[];
  /** True when the operation needs no token (`security: []`). */
  public: boolean;
  /**
   * True when the operation takes the operator's own token, not a user's (`GET /metrics`:
   * MetricsToken; 404 unless METRICS_TOKEN is set, 401 without it): tests/api/metrics.test.ts
   * holds its rules, not the user-token probes.
   */
  operator: boolean;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; required: boolean; schema: Schema }[];
  headerParams: { name: string; required: boolean; schema: Schema }[];
  body: { type: 'json' | 'multipart'; schema: Schema; required: boolean } | null;
  /** Documented responses: status -> content types. */
  responses: Record<string, string[]>;
}

/** Follows a `$ref` into components. */
export function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  while (s.$ref) s = document.components.schemas[String(s.$ref).split('/').pop()!];
  return s;
}

/** Every operation of the contract except the "Planned" ones (not built). */
export function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      if ((op.tags ?? []).includes('Planned')) continue;
      const params: any[] = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']
        ? { type: 'json' as const, schema: content['application/json'].schema, required: Boolean(op.requestBody.required) }
        : content['multipart/form-data']
          ? { type: 'multipart' as const, schema: content['multipart/form-data'].schema, required: Boolean(op.requestBody.required) }
          : null;
      out.push({
        method: method.toUpperCase(),
        path,
        tags: op.tags ?? [],
        public: Array.isArray(op.security) && op.security.length === 0,
        operator: Array.isArray(op.security) && op.security.some((scheme: Record<string, unknown>) => 'MetricsToken' in scheme),
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema ?? {} })),
        headerParams: params.filter((p) => p.in === 'header').map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema ?? {} })),
        body,
        responses: Object.fromEntries(Object.entries<any>(op.responses).map(([status, r]) => [status, Object.keys(r.content ?? {})])),
      });
    }
  }
  return out;
}

export const operationKey = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/* ------------------------------------------------------------ hostile values */

/** Text that has broken servers before: injections, number-ish words, control and odd unicode. */
export const NASTY_STRINGS = [
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  '" OR ""="',
  "1 UNION SELECT password_hash FROM users --",
  "admin'--",
  '%',
  '_',
  '\\',
  '$where',
  '{"$gt":""}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'file:///etc/passwd',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '-0',
  '0x1F',
  '1e-7',
  '  1  ',
  '1_000',
  '9007199254740993',
  '-9007199254740993',
  '0.1e1',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u0644\u0627',
  '\u200b\u200d\ufeff',
  '𝕬𝖚𝖗𝖚𝖒 👑💍',
  'ﷺ'.repeat(50),
  'e\u0301'.repeat(100),
  '\r\nSet-Cookie: x=1',
  '',
  ' ',
];

/** Numbers at the edges of what JSON and SQLite hold. */
export const NASTY_NUMBERS = [0, -1, -0, 0.5, 1.5, -1.5, 1e-7, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, -1e308, Number.MIN_VALUE, 99.999];

/** Raw number literals JSON.stringify cannot write (they parse to values JavaScript rounds or overflows). */
export const RAW_NUMBER_LITERALS = ['1e400', '-1e400', '123456789012345678901234567890', '1.0000000000000000000001', '-0.0', '1E2'];

/** A value of the wrong kind, an edge value, or a hostile one. */
export function hostileValue(): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom(...NASTY_STRINGS),
    fc.constantFrom(...NASTY_NUMBERS),
    fc.constantFrom(null, true, false, [], {}, [null], ['1'], { $gt: 0 }, { toString: 'x' }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.integer({ min: 200, max: 200_000 }).map((n) => 'A'.repeat(n)),
    fc.double(),
    fc.integer(),
  );
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'u_type', 'isAdmin', 'a'), leaf, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.integer({ min: 50, max: 800 }).map(nested) },
  );
}

/** An array nested `depth` deep: [[[...]]]. */
export function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/* ------------------------------------------------------- schema arbitraries */

/** A value that fits a schema's shape (types, enums, lengths, patterns, bounds), not its meaning. */
export function fromSchema(raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((s: Schema) => fromSchema(s, depth + 1)));
  if (schema.allOf) {
    return fc.tuple(...schema.allOf.map((s: Schema) => fromSchema(s, depth + 1))).map((parts) => Object.assign({}, ...parts.filter((p) => p && typeof p === 'object')));
  }
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : [];
  if (types.length === 0) return fc.oneof(fc.string({ maxLength: 10 }), fc.integer({ min: 1, max: 50 }));
  return fc.oneof(...types.map((type) => fromType(type, schema, depth)));
}

function fromType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      const max = Math.min(schema.maximum ?? 60, Math.max(min, 60));
      return fc.integer({ min, max });
    }
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? 500_000;
      return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, 500_000)) }), fc.integer({ min: 0, max: 5_000_000 }).map((n) => n / 100));
    }
    case 'string': {
      if (schema.format === 'binary') return fc.constant({ file: true });
      if (schema.pattern) {
        const max = schema.maxLength ?? 64;
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= max);
      }
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 30, 30));
      return fc.oneof(fc.string({ minLength, maxLength }), fc.integer({ min: 1, max: 40 }).map(String)).filter((s) => s.trim().length >= minLength);
    }
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 3, 3);
      return depth > 6 ? fc.constant([]) : fc.array(fromSchema(schema.items, depth + 1), { minLength: Math.min(schema.minItems ?? 0, maxLength), maxLength });
    }
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const required: string[] = schema.required ?? [];
      if (depth > 6) return fc.constant({});
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) model[name] = fromSchema(property, depth + 1);
      return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
    }
    default:
      return fc.constant(null);
  }
}

/**
 * A body for an operation: valid-shaped, one field made hostile, hostile fields
 * added (prototype keys among them), or a body of the wrong shape altogether.
 */
export function hostileBody(schema: Schema): fc.Arbitrary<unknown> {
  const valid = fromSchema(schema);
  const properties = Object.keys(resolve(schema).properties ?? {});
  const extraKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'u_type', 'is_admin', 'isAdmin', 'password_hash', 'status', 'price', 'total', 'role', 'zz');
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    {
      weight: 4,
      arbitrary: properties.length
        ? fc.tuple(valid, fc.constantFrom(...properties), hostileValue()).map(([body, key, value]) => ({ ...(body as object), [key]: value }))
        : valid,
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.array(fc.tuple(extraKey, hostileValue()), { minLength: 1, maxLength: 3 })).map(([body, extras]) => {
        const out: Record<string, unknown> = { ...(body as object) };
        // defineProperty: a "__proto__" key becomes an own field, as JSON.parse makes it on the server.
        for (const [key, value] of extras) Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
        return out;
      }),
    },
    { weight: 1, arbitrary: hostileValue() },
  );
}

/** Raw request bodies no JSON serialiser would write. */
export const RAW_BODIES: { text: string; type?: string }[] = [
  { text: '' },
  { text: '{' },
  { text: '{"a":' },
  { text: 'null' },
  { text: '[]' },
  { text: '"text"' },
  { text: '12' },
  { text: '\ufeff{}' },
  { text: '{"__proto__":{"isAdmin":true,"u_type":"0"}}' },
  { text: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { text: `{"u_id":1,"u_id":${RAW_NUMBER_LITERALS[0]}}` },
  { text: `{"p_id":${RAW_NUMBER_LITERALS[2]},"page":${RAW_NUMBER_LITERALS[0]},"quantity":${RAW_NUMBER_LITERALS[3]}}` },
  { text: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
  { text: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` },
  { text: '{"a":"\\ud800"}' },
  { text: '{"a":"\u0000"}' },
  { text: 'u_id=1&is_admin=1', type: 'application/x-www-form-urlencoded' },
  { text: '{"u_id":1}', type: 'text/plain' },
  { text: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>', type: 'application/xml' },
  { text: '{"u_id":1}', type: 'application/json; charset=utf-16' },
  { text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
];
