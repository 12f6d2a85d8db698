// A visitor's catalogue call answered ahead of the app's middleware from the kept answer
// (api/routes/catalogue/kept-answers.ts): what it lets through answers exactly as the route
// does, and everything else reaches the route.

import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_ANSWER_PATHS, keptAnswersServer, keptCatalogueAnswer } from '../../api/routes/catalogue/index.ts';
import { keptAnswerOfRequest, MAX_KNOWN_REQUEST_LENGTH, ownBytes } from '../../api/routes/catalogue/cache.ts';
import { openDatabase } from '../../db/connection.ts';
import { OTHER_STOCK_WRITERS_LAG_MS } from '../../db/queries/stock-view.ts';
import { createProduct } from '../helpers/catalogue.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());

/** The gate alone, in front of routes that only say the request reached them. */
function gateApp() {
  const app = new Hono();
  app.on('POST', [...KEPT_ANSWER_PATHS], keptCatalogueAnswer({ db: store.db, config: store.config, onCatalogueChange: () => {} }), async (c) => {
    // What the route would read: the body is still there when the gate passed the request on.
    c.header('x-body-length', String((await c.req.text()).length));
    return c.text('reached the route', 418);
  });
  return app;
}
function gate(path = '/getproductbyid') {
  const app = gateApp();
  return (body: string, headers: Record<string, string> = {}) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers }, body });
}

/**
 * Asks the store, as a visitor, with this very text, until its answer is kept and the text
 * known: the second asking keeps the answer (see cachedOk), the third is answered from it.
 */
async function keepText(path: string, body: string) {
  for (let i = 0; i < 3; i++) expect((await call(store, 'POST', path, body, declared(body))).status).toBe(200);
}
const keep = (p_id: number) => keepText('/getproductbyid', JSON.stringify({ p_id }));

/** As a browser asks, with the body's length declared. */
const declared = (body: string) => ({ 'content-length': String(Buffer.byteLength(body)) });

describe('the kept catalogue answer ahead of the route', () => {
  it('answers a visitor with the very bytes and headers the route gives, once the answer is kept', async () => {
    const product = await createProduct(store);
    const ask = gate();
    expect((await ask(JSON.stringify({ p_id: product.p_id }))).status).toBe(418);
    const first = await store.app.request('/getproductbyid', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ p_id: product.p_id }) });
    const firstBytes = Buffer.from(await first.arrayBuffer());
    await keep(product.p_id);
    const kept = await ask(JSON.stringify({ p_id: product.p_id }));
    expect(kept.status).toBe(200);
    expect(Buffer.from(await kept.arrayBuffer()).equals(firstBytes)).toBe(true);
    // The same headers but each answer's request id (api/request-log.ts).
    const withoutId = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => name !== 'x-request-id'));
    expect(withoutId(kept.headers)).toEqual(withoutId(first.headers));
    expect(JSON.parse(firstBytes.toString())).toMatchObject({ status: 1, description: 'Product details.', data: { p_id: product.p_id } });
  });

  it('lets through to the route a token, another type, a chunked or too large body, any other body, a product not kept', async () => {
    const product = await createProduct(store);
    const other = await createProduct(store);
    await keep(product.p_id);
    const ask = gate();
    const body = JSON.stringify({ p_id: product.p_id });
    expect((await ask(body)).status).toBe(200);
    const reachesRoute = async (res: Response) => expect([res.status, await res.text()]).toEqual([418, 'reached the route']);
    await reachesRoute(await ask(body, { authorization: 'Bearer not-a-token' }));
    await reachesRoute(await ask(body, { 'content-type': 'text/plain' }));
    await reachesRoute(await ask(body, { 'transfer-encoding': 'chunked' }));
    await reachesRoute(await gateApp().request('/getproductbyid', { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    await reachesRoute(await gateApp().request('/getproductbyid?x=1', { method: 'POST', headers: { 'content-type': 'application/json', ...declared(body) }, body }));
    await reachesRoute(await ask(body, { 'content-length': '5000' }));
    for (const text of [
      `{"p_id":"${product.p_id}"}`,
      `{"p_id":${product.p_id},"extra":1}`,
      `{ "p_id":${product.p_id}}`,
      `{"p_id":${product.p_id}.5}`,
      '{"p_id":-1}',
      `[${product.p_id}]`,
      'null',
      '{"p_id":',
      JSON.stringify({ p_id: other.p_id }),
    ]) {
      await reachesRoute(await ask(text));
    }
  });

  it('the store answers those as before: a bad token 403, an administrator inactive products, bad input 400 with its sentence', async () => {
    const hidden = await createProduct(store, { p_status: 0 });
    const shown = await createProduct(store);
    await keep(shown.p_id);
    const shownBody = JSON.stringify({ p_id: shown.p_id });
    expect((await call(store, 'POST', '/getproductbyid', shownBody, declared(shownBody))).body.data.p_id).toBe(shown.p_id);
    expect((await call(store, 'POST', '/getproductbyid', shownBody, { authorization: 'Bearer forged', ...declared(shownBody) })).status).toBe(403);
    const admin = await createUser(store, { u_type: '0' });
    const hiddenBody = JSON.stringify({ p_id: hidden.p_id });
    expect((await call(store, 'POST', '/getproductbyid', hiddenBody, { ...admin.auth, ...declared(hiddenBody) })).body.data.p_status).toBe(0);
    expect((await call(store, 'POST', '/getproductbyid', hiddenBody, declared(hiddenBody))).status).toBe(404);
    const malformed = await call(store, 'POST', '/getproductbyid', '{"p_id":', declared('{"p_id":'));
    expect([malformed.status, malformed.body.description]).toEqual([400, 'The request body is not valid JSON.']);
    const extra = JSON.stringify({ p_id: String(shown.p_id), extra: 1 });
    expect((await call(store, 'POST', '/getproductbyid', extra, declared(extra))).body.data.p_id).toBe(shown.p_id);
    const zero = JSON.stringify({ p_id: 0 });
    const refused = await call(store, 'POST', '/getproductbyid', zero, declared(zero));
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe((await call(store, 'POST', '/getproductbyid', { p_id: 0 })).body.description);
  });

  it('stops answering from the kept answer once the catalogue or the stock moves on', async () => {
    const product = await createProduct(store);
    await keep(product.p_id);
    const ask = gate();
    const body = JSON.stringify({ p_id: product.p_id });
    expect((await ask(body)).status).toBe(200);
    await store.db.updateTable('products').set({ name: 'Renamed' }).where('p_id', '=', product.p_id).execute();
    expect((await ask(body)).status).toBe(418);
    await keep(product.p_id);
    expect(((await (await ask(body)).json()) as { data: { name: string } }).data.name).toBe('Renamed');

    // A sale by another process (stock apart from the catalogue version): seen within the lag it allows.
    const other = openDatabase(store.config.database);
    try {
      await other.updateTable('product_carats').set({ stock: 1 }).where('pc_id', '=', product.selection.pc_id).execute();
    } finally {
      await other.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, OTHER_STOCK_WRITERS_LAG_MS + 50));
    await call(store, 'POST', '/getallproducts', { is_admin: 1 }); // a look at stock (it runs in the background)
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await ask(body)).status).toBe(418);
    const now = await call(store, 'POST', '/getproductbyid', { p_id: product.p_id });
    expect(now.body.data.productcarats[0].stock).toBe(1);
  });

  it('a listing: answered ahead once the route answered that very text from a kept answer; a text asked once, another spelling, a token go to the route', async () => {
    const product = await createProduct(store);
    const body = JSON.stringify({ is_admin: 1, page: 1, perPage: 12, sort: 'price_asc', filter: { countryCode: 'inr_price', minPrice: 1, categories: [product.cate_id] } });
    const ask = gate('/getallproducts');
    const reachesRoute = async (res: Response) => expect([res.status, await res.text()]).toEqual([418, 'reached the route']);
    const first = await call(store, 'POST', '/getallproducts', body, declared(body));
    expect(first.body.data.productData.map((p: { p_id: number }) => p.p_id)).toContain(product.p_id);
    // Asked once: not kept, so not known either.
    await reachesRoute(await ask(body));
    await keepText('/getallproducts', body);
    const kept = await ask(body);
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual(first.body);
    // The same filter spelt otherwise is another text: the route answers it (and may come to know it too).
    await reachesRoute(await ask(body.replace('{"is_admin":1', '{ "is_admin":1')));
    // A text longer than a filter is ever remembered (padding would hold memory): always the route.
    const padded = body.replace('{"is_admin":1', `{${' '.repeat(MAX_KNOWN_REQUEST_LENGTH)}"is_admin":1`);
    await keepText('/getallproducts', padded);
    const toRoute = await gate('/getallproducts')(padded);
    await reachesRoute(toRoute);
    expect(toRoute.headers.get('x-body-length')).toBe(String(padded.length));
    expect((await gate('/getallproducts')(body)).status).toBe(200);
    // The same text on another path, or with a token: the route.
    await reachesRoute(await gate('/getproducts')(body));
    await reachesRoute(await ask(body, { authorization: 'Bearer not-a-token' }));
    // Through the whole store: a bad token is still refused, an administrator's list still widens.
    expect((await call(store, 'POST', '/getallproducts', body, { authorization: 'Bearer forged', ...declared(body) })).status).toBe(403);
    const hidden = await createProduct(store, { p_status: 0, cate_id: product.cate_id });
    const admin = await createUser(store, { u_type: '0' });
    const asAdmin = body.replace('"is_admin":1', '"is_admin":0');
    await keepText('/getallproducts', asAdmin);
    const adminList = await call(store, 'POST', '/getallproducts', asAdmin, { ...admin.auth, ...declared(asAdmin) });
    expect(adminList.body.data.productData.map((p: { p_id: number }) => p.p_id)).toContain(hidden.p_id);
    const visitorList = await call(store, 'POST', '/getallproducts', asAdmin, declared(asAdmin));
    expect(visitorList.body.data.productData.map((p: { p_id: number }) => p.p_id)).not.toContain(hidden.p_id);
  });

  it('over HTTP: the third asking (kept, answered ahead) carries the bytes and headers of the first (made by the route)', async () => {
    const product = await createProduct(store);
    const server = serve({ fetch: store.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/getproductbyid`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ p_id: product.p_id }) });
        const headers = Object.fromEntries(res.headers);
        // Each answer's own: its date and its request id (api/request-log.ts).
        delete headers.date;
        delete headers['x-request-id'];
        answers.push({ status: res.status, headers, bytes: Buffer.from(await res.arrayBuffer()).toString('base64') });
      }
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0].headers).toMatchObject({ 'content-type': 'application/json; charset=UTF-8', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('keeps its bytes in memory of their own, not a slice of a block Node shares with short-lived buffers', async () => {
    // A kept slice of Node's pool (any Buffer.from or Buffer.concat under 32 kB) would keep its whole 64 kB block alive.
    const product = await createProduct(store, { name: 'Own bytes pendant ₹' });
    const listing = JSON.stringify({ is_admin: 1, page: 1, perPage: 12, filter: { countryCode: 'inr_price', minPrice: 1, maxPrice: 98_765_432 } });
    for (const [path, body] of [['/getproductbyid', JSON.stringify({ p_id: product.p_id })], ['/getallproducts', listing]]) {
      await keepText(path, body);
      const kept = await keptAnswerOfRequest(store.db, `${path}\n${body}`);
      expect(kept, path).toBeDefined();
      expect(kept!.byteOffset, path).toBe(0);
      expect(kept!.buffer.byteLength, path).toBe(kept!.byteLength);
      expect(JSON.parse(Buffer.from(kept!).toString('utf8')).status, path).toBe(1);
    }
  });
});

/**
 * The store served as `npm start` serves it (api/server.ts: keptAnswersServer ahead of
 * @hono/node-server), counting the requests that reached the app.
 */
async function npmStartServer(run: (origin: string, port: number, reachedApp: () => number) => Promise<void>) {
  let reached = 0;
  const server = serve({
    fetch: (request, env) => {
      reached++;
      return store.app.fetch(request, env);
    },
    port: 0,
    hostname: '127.0.0.1',
    createServer: keptAnswersServer(store),
  });
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    await run(`http://127.0.0.1:${port}`, port, () => reached);
  } finally {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Writes these pieces to a fresh connection, `pauseMs` apart, and reads until the server has sent `answers` answers (or closed). */
function rawExchange(port: number, pieces: (string | Buffer)[], answers: number, pauseMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (completeAnswers(text) >= answers) socket.end();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    void (async () => {
      for (const piece of pieces) {
        socket.write(piece);
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
    })();
  });
}
/** How many whole answers (headers and Content-Length bytes) a connection's text holds. */
function completeAnswers(text: string): number {
  let count = 0;
  let at = 0;
  for (;;) {
    const end = text.indexOf('\r\n\r\n', at);
    if (end < 0) return count;
    const length = Number(/content-length: (\d+)/i.exec(text.slice(at, end))?.[1] ?? 0);
    if (text.length < end + 4 + length) return count;
    count++;
    at = end + 4 + length;
  }
}
const rawPost = (path: string, body: string, headers = '') =>
  `POST ${path} HTTP/1.1\r\nHost: store\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${headers}\r\n${body}`;
const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

describe("the kept answer at Node's request event (npm start's server)", () => {
  it('answers a kept text without reaching the app, with the bytes and headers the route gave; the rest reaches the app', async () => {
    const product = await createProduct(store);
    const body = JSON.stringify({ p_id: product.p_id });
    await npmStartServer(async (origin, _port, reachedApp) => {
      const ask = async (text = body, headers: Record<string, string> = {}) => {
        const res = await fetch(`${origin}/getproductbyid`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
        const seen = Object.fromEntries(res.headers);
        delete seen.date;
        delete seen['x-request-id'];
        return { status: res.status, headers: seen, bytes: Buffer.from(await res.arrayBuffer()).toString('base64') };
      };
      const answers = [await ask(), await ask()];
      expect(reachedApp()).toBe(2);
      // The route answered that text from its kept answer: from now on it is answered ahead.
      answers.push(await ask(), await ask());
      expect(reachedApp()).toBe(2);
      expect(answers[3]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(answers[0].headers).toMatchObject({ 'content-type': 'application/json; charset=UTF-8', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });
      // What it passes on reaches the route with its body: the route's own answers.
      const before = reachedApp();
      expect((await ask(body, { authorization: 'Bearer forged' })).status).toBe(403);
      const malformed = await ask('{"p_id":');
      expect([malformed.status, JSON.parse(Buffer.from(malformed.bytes, 'base64').toString()).description]).toEqual([400, 'The request body is not valid JSON.']);
      const other = await createProduct(store);
      const otherAnswer = await ask(JSON.stringify({ p_id: other.p_id }));
      expect(JSON.parse(Buffer.from(otherAnswer.bytes, 'base64').toString()).data.p_id).toBe(other.p_id);
      expect(reachedApp()).toBe(before + 3);
      // Once the catalogue moves on, the route answers again.
      await store.db.updateTable('products').set({ name: 'Renamed at the door' }).where('p_id', '=', product.p_id).execute();
      const renamed = await ask();
      expect(JSON.parse(Buffer.from(renamed.bytes, 'base64').toString()).data.name).toBe('Renamed at the door');
      expect(reachedApp()).toBe(before + 4);
    });
  });

  it('a body in pieces, requests sent back to back on one connection, and a client that leaves mid-body', async () => {
    const product = await createProduct(store);
    const body = JSON.stringify({ p_id: product.p_id });
    await keep(product.p_id);
    await npmStartServer(async (origin, port, reachedApp) => {
      // Made kept for this server's process too (the store object is shared): the route remembers the text on the third asking.
      for (let i = 0; i < 3; i++) await (await fetch(`${origin}/getproductbyid`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).arrayBuffer();
      const reached = reachedApp();
      const request = rawPost('/getproductbyid', body);
      const split = request.length - body.length + 3;
      const inPieces = await rawExchange(port, [request.slice(0, split), request.slice(split)], 1, 30);
      expect(statuses(inPieces)).toEqual([200]);
      expect(inPieces).toContain(`"p_id":${product.p_id},`);
      expect(reachedApp()).toBe(reached);

      // Pipelined: a kept text, one the route answers (bad input), a kept text again: three answers, in order.
      const pipelined = await rawExchange(port, [rawPost('/getproductbyid', body) + rawPost('/getproductbyid', '{"p_id":0}') + rawPost('/getproductbyid', body)], 3);
      expect(statuses(pipelined), pipelined).toEqual([200, 400, 200]);
      expect(reachedApp()).toBe(reached + 1);

      // Half a body, then the client is gone: nothing answered, and the store goes on.
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(rawPost('/getproductbyid', body).slice(0, -4));
          setTimeout(() => socket.destroy(), 30);
        });
        socket.on('close', () => resolve());
      });
      const after = await fetch(`${origin}/getproductbyid`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(after.status).toBe(200);
      expect(reachedApp()).toBe(reached + 1);
    });
  });
});

describe('ownBytes', () => {
  it('gives the pieces UTF-8 bytes, joined, in an allocation of their own', () => {
    const bytes = ownBytes(['{"name":"Kada ₹", ', Buffer.from('"karat":"22K"'), new Uint8Array(0), '}']);
    expect(bytes.toString('utf8')).toBe('{"name":"Kada ₹", "karat":"22K"}');
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    expect(ownBytes([]).byteLength).toBe(0);
  });
});
