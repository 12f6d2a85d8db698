/**
 * Malformed and hostile input to every operation of openapi.yaml, property-based
 * with fast-check: path, query, header and body values generated from each
 * operation's schemas, valid-shaped or hostile (wrong types, huge strings, deep
 * nesting, prototype keys, odd unicode, SQL-looking text, NaN-ish numbers, extra
 * fields, raw bodies no serialiser writes), sent as the administrator, as a
 * shopper and with no token. Whatever is sent: never a 5xx; always the JSON
 * envelope with status 0|1 (except the few documented non-JSON answers); error
 * answers are 4xx with status 0; every status is one openapi.yaml documents for
 * the operation, and the body matches its schema; a visitor never gets past a
 * protected operation, nor a shopper past a back-office one.
 *
 * SECURITY_FUZZ_RUNS sets the runs per operation and caller (default sized for CI);
 * SECURITY_FUZZ_SEED replays a run.
 */

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.ts';
import { hostileBody, hostileValue, NASTY_STRINGS, type Operation, operationKey, operations, RAW_BODIES, resolve } from './helpers/openapi.ts';
import { expectEnvelope, ProbeLedger } from './helpers/probe.ts';
import type { HttpAnswer, ProbeServer, Session } from './helpers/server.ts';
import { realImage, registerShopper, startProbeShop } from './helpers/shop.ts';

const RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 4);
const SEED = process.env.SECURITY_FUZZ_SEED === undefined ? undefined : Number(process.env.SECURITY_FUZZ_SEED);
const ledger = new ProbeLedger('fuzzing openapi.yaml');
let server: ProbeServer;
let admin: Session;
let shopper: Session;
let png: Buffer;

beforeAll(async () => {
  ({ server, admin, shopper } = await startProbeShop());
  png = await realImage('png', 4);
});

afterAll(async () => {
  ledger.report();
  console.log(`fuzzing answers: ${[...answers].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ')}`);
  await server?.close();
});

type Caller = 'administrator' | 'shopper' | 'visitor';

/** A request body: text with its content type, or a multipart form. */
type Body = { text: string; type: string } | { form: FormData };

/** One generated request. */
interface Generated {
  path: string;
  headers: Record<string, string>;
  body?: Body;
  /** What the body was, for the failure message. */
  shown: string;
}

/** Id-like values for path and query parameters: real ones, edges and hostile text. */
function idValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(() => admin.u_id, () => shopper.u_id, () => 1, () => 2, () => 999_999).map((f) => f()) },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 120 }) },
    { weight: 3, arbitrary: hostileValue() },
  );
}

/** Longest parameter value sent: a request line past Node's 16 KB header limit is Node's 431, probed in tokens.test.ts. */
const MAX_PARAM = 300;
/** A URL holds bytes: a lone surrogate cannot be sent (encodeURIComponent throws), so it goes as U+FFFD. */
const paramText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null')).slice(0, MAX_PARAM).toWellFormed();

/** A path segment fetch will not normalise away ('.' and '..' would change the route). */
const segment = (value: unknown) => {
  const text = encodeURIComponent(paramText(value));
  return text === '' || text === '.' || text === '..' ? `x${text}` : text;
};

/** Header-safe text (fetch refuses control characters and non-Latin-1 in headers). */
const headerText = fc.oneof(fc.string({ unit: fc.constantFrom(...'abcXYZ019-_.:;,/= '.split('')), maxLength: 300 }), fc.constantFrom('', ' ', 'x'.repeat(255), '../../etc', "' OR 1=1"));

const JSON_LIMIT = 900_000;

function jsonBody(op: Operation): fc.Arbitrary<{ body: Body; shown: string }> {
  const generated = hostileBody(op.body!.schema)
    .map((value) => JSON.stringify(value) ?? 'null')
    .filter((text) => text.length < JSON_LIMIT)
    .map((text) => ({ body: { text, type: 'application/json' }, shown: text.slice(0, 300) }));
  const raw = fc.constantFrom(...RAW_BODIES).map((b) => ({ body: { text: b.text, type: b.type ?? 'application/json' }, shown: `raw ${b.text.slice(0, 120)}` }));
  return fc.oneof({ weight: 5, arbitrary: generated }, { weight: 1, arbitrary: raw });
}

/** Files a form may carry: a real image, text, an SVG with script, nothing, random bytes. */
const fileBytes = () =>
  fc.oneof(
    fc.constant({ bytes: png, name: 'ring.png', type: 'image/png' }),
    fc.constant({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'x.svg', type: 'image/svg+xml' }),
    fc.constant({ bytes: Buffer.alloc(0), name: 'empty.png', type: 'image/png' }),
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({ bytes: Buffer.from(bytes), name: '../../x.jpg', type: 'image/jpeg' })),
    fc.constantFrom(...NASTY_STRINGS).map((name) => ({ bytes: png, name, type: 'application/octet-stream' })),
  );

function multipartBody(op: Operation): fc.Arbitrary<{ body: Body; shown: string }> {
  const resolved = resolve(op.body!.schema);
  const properties: Record<string, any> = resolved.properties ?? {};
  const fieldNames = Object.keys(properties);
  const isFile = (name: string) => properties[name]?.format === 'binary' || properties[name]?.items?.format === 'binary';
  const textValue = fc.oneof(
    fc.integer({ min: 1, max: 60 }).map(String),
    fc.constantFrom('0', '1', '[]', '[1]', '[1,2]', '["x"]', '[{"carat_id":1,"inr_price":100,"usd_price":2}]', '{"a":1}', 'Gold ring'),
    hostileValue().map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'))),
  );
  const entry = fc.tuple(fc.oneof(fc.constantFrom(...(fieldNames.length ? fieldNames : ['x'])), fc.constantFrom('__proto__', 'constructor', 'u_type', 'zz')), fc.boolean());
  return fc
    .array(fc.tuple(entry, textValue, fileBytes()), { minLength: 0, maxLength: fieldNames.length + 3 })
    .map((parts) => {
      const form = new FormData();
      const shown: string[] = [];
      for (const [[name, asFile], text, file] of parts) {
        if (isFile(name) || (asFile && !fieldNames.includes(name))) {
          form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
          shown.push(`${name}=<file ${file.name} ${file.bytes.length}B>`);
        } else {
          form.append(name, text);
          shown.push(`${name}=${JSON.stringify(text).slice(0, 60)}`);
        }
      }
      return { body: { form }, shown: shown.join(' ') };
    });
}

/** A whole request for an operation. */
function requestFor(op: Operation): fc.Arbitrary<Generated> {
  const pathValues = fc.tuple(...op.pathParams.map(() => idValue()));
  const queryEntries = fc.tuple(
    ...op.queryParams.map((p) => (p.required ? idValue().map((v) => [p.name, v] as const) : fc.option(idValue().map((v) => [p.name, v] as const), { nil: undefined }))),
  );
  const extraQuery = fc.option(fc.tuple(fc.constantFrom('is_admin', 'u_id', '__proto__[isAdmin]', 'constructor[prototype][x]', 'token'), fc.constantFrom('1', '0', 'true', '[]')), { nil: undefined });
  const headers = fc.record({ idem: fc.option(headerText, { nil: undefined }) });
  const body = op.body ? (op.body.type === 'json' ? jsonBody(op) : multipartBody(op)) : fc.constant(undefined);
  const noBodyJson = op.body || op.method === 'GET' ? fc.constant(undefined) : fc.option(hostileBody({ type: 'object' }).map((v) => JSON.stringify(v)), { nil: undefined });
  return fc.tuple(pathValues, queryEntries, extraQuery, headers, body, noBodyJson).map(([paths, query, extra, h, b, stray]) => {
    let path = op.path;
    op.pathParams.forEach((p, i) => {
      path = path.replace(`{${p.name}}`, segment(paths[i]));
    });
    const search = new URLSearchParams();
    for (const q of query) if (q) search.append(q[0], paramText(q[1]));
    if (extra) search.append(extra[0], extra[1]);
    const qs = search.toString();
    const out: Generated = { path: qs ? `${path}?${qs}` : path, headers: {}, shown: '' };
    if (h.idem !== undefined && op.headerParams.some((p) => p.name === 'idempotency-key')) out.headers['Idempotency-Key'] = h.idem;
    if (b) {
      out.body = b.body;
      out.shown = b.shown;
    } else if (stray !== undefined) {
      out.body = { text: stray, type: 'application/json' };
      out.shown = `stray ${stray.slice(0, 200)}`;
    }
    return out;
  });
}

async function send(op: Operation, req: Generated, token: string | undefined): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...req.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (req.body && 'form' in req.body) {
    const encoded = new Response(req.body.form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    headers['Content-Type'] = encoded.headers.get('content-type')!;
    return server.send(op.method, req.path, { raw: bytes, headers });
  }
  if (req.body) return server.send(op.method, req.path, { raw: req.body.text, headers: { ...headers, 'Content-Type': req.body.type } });
  return server.send(op.method, req.path, { headers });
}

/** What every answer must be, whatever was sent. */
function checkAnswer(op: Operation, caller: Caller, req: Generated, res: HttpAnswer) {
  const label = `${op.method} ${req.path} as ${caller} with ${req.shown || 'no body'}${Object.keys(req.headers).length ? ` headers ${JSON.stringify(req.headers).slice(0, 100)}` : ''}`;
  expect(res.status, `${label}: answered ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  const documented = op.responses[String(res.status)];
  expect(documented, `${label}: answered ${res.status}, which openapi.yaml does not document: ${res.text.slice(0, 300)}`).toBeDefined();
  const json = documented.includes('application/json') || res.status >= 400;
  if (json) {
    expectEnvelope(res, label);
    expect(res.body.status, `${label}: ${res.status} with envelope status ${res.body.status}`).toBe(res.status < 400 ? 1 : 0);
    expectMatchesContract(op.method, req.path, res);
  }
  if (!op.public && caller === 'visitor') expect(res.status, `${label}: a visitor got past a protected operation`).toBe(op.operator ? 404 : 403);
  if (op.tags.includes('Back office') && caller === 'shopper') {
    if (op.path === '/user/delete/{id}') {
      // A shopper may delete their own account; any other id is refused (403, or 400 when it is no id).
      if (req.path.split('?')[0] !== `/user/delete/${shopper.u_id}`) expect([400, 403], `${label}: a shopper deleted another account`).toContain(res.status);
    } else {
      expect(res.status, `${label}: a shopper got past a back-office operation`).toBe(403);
    }
  }
  answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
}

/** How often each status came back: shows the fuzzing reached past validation. */
const answers = new Map<number, number>();

/** The accounts used stay usable: the fuzzing may delete the shopper (its own account, or by the administrator). */
async function ensureCallers() {
  const exists = await server.db.selectFrom('users').select('u_id').where('u_id', '=', shopper.u_id).executeTakeFirst();
  if (!exists) shopper = await registerShopper(server);
  await server.db.deleteFrom('rate_limits').execute();
}

describe('hostile input to every operation of openapi.yaml', () => {
  it('covers every operation', () => {
    expect(operations().length).toBeGreaterThan(60);
  });

  for (const op of operations()) {
    it(`${operationKey(op)}`, { timeout: 120_000 }, async () => {
      for (const caller of ['visitor', 'shopper', 'administrator'] as Caller[]) {
        await ensureCallers();
        await fc.assert(
          fc.asyncProperty(requestFor(op), async (req) => {
            await ledger.probe(async () => {
              const token = caller === 'administrator' ? admin.token : caller === 'shopper' ? shopper.token : undefined;
              checkAnswer(op, caller, req, await send(op, req, token));
            });
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      }
    });
  }
});
