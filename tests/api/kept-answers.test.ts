// A visitor's catalogue call answered ahead of the app's middleware from the kept answer
// (api/routes/catalogue/kept-answers.ts): what it lets through answers exactly as the route
// does, and everything else reaches the route.

import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_ANSWER_PATHS, keptCatalogueAnswer } from '../../api/routes/catalogue/index.ts';
import { keptAnswerOfRequest, MAX_KNOWN_REQUEST_LENGTH } from '../../api/routes/catalogue/cache.ts';
import { openDatabase } from '../../db/connection.ts';
import { ownBytes } from '../../db/queries/catalogue.ts';
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
    expect(Object.fromEntries(kept.headers)).toEqual(Object.fromEntries(first.headers));
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
        delete headers.date;
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

describe('ownBytes', () => {
  it('gives the pieces UTF-8 bytes, joined, in an allocation of their own', () => {
    const bytes = ownBytes(['{"name":"Kada ₹", ', Buffer.from('"karat":"22K"'), new Uint8Array(0), '}']);
    expect(bytes.toString('utf8')).toBe('{"name":"Kada ₹", "karat":"22K"}');
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    expect(ownBytes([]).byteLength).toBe(0);
  });
});
