import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../api/app.ts';
import { openApiYaml } from '../../api/openapi/document.ts';
import { parse } from 'yaml';
import { requireAdmin, requireUser } from '../../api/auth.ts';
import { call, createTestStore, createUser, signToken, type TestStore } from '../helpers/store.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
  // A tiny probe route behind each guard, on the same app and database.
  store.app.get('/probe/user', requireUser(), (c) => c.json({ status: 1, description: 'ok', data: c.var.caller }));
  store.app.get('/probe/admin', requireAdmin(), (c) => c.json({ status: 1, description: 'ok', data: c.var.caller }));
});
afterAll(() => store.close());

describe('envelope and errors', () => {
  it('answers an unknown endpoint with a 404 envelope', async () => {
    const res = await call(store, 'GET', '/no-such-endpoint');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 0, description: 'No such endpoint: GET /no-such-endpoint', data: null });
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const res = await call(store, 'POST', '/registeruser', JSON.stringify({ full_name: 'x'.repeat(1_200_000) }));
    expect(res.status).toBe(413);
    expect(res.body.status).toBe(0);
  });

  it('sets security headers on API answers', async () => {
    const res = await call(store, 'GET', '/no-such-endpoint');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('requireUser and requireAdmin', () => {
  it('refuses no token, a forged token, an alg-none token and an expired token with 403', async () => {
    const user = await createUser(store);
    const forged = await signToken(user.u_id);
    const [, payload] = user.token.split('.');
    const algNone = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const expired = await signToken(user.u_id, { key: store.config.jwtSecret, issuedAt: 1_700_000_000, expiresAt: 1_700_000_100 });
    for (const headers of [{} as Record<string, string>, { Authorization: `Bearer ${forged}` }, { Authorization: `Bearer ${algNone}` }, { Authorization: `Bearer ${expired}` }, { Authorization: 'Bearer garbage' }]) {
      const res = await call(store, 'GET', '/probe/user', undefined, headers);
      expect(res.status).toBe(403);
      expect(res.body.status).toBe(0);
    }
    expect((await call(store, 'GET', '/probe/user', undefined, user.auth)).status).toBe(200);
  });

  it('reads the administrator role from the database, not the token', async () => {
    const shopper = await createUser(store);
    const admin = await createUser(store, { u_type: '0' });
    expect((await call(store, 'GET', '/probe/admin', undefined, shopper.auth)).status).toBe(403);
    expect((await call(store, 'GET', '/probe/admin', undefined, admin.auth)).body.data.isAdmin).toBe(true);
    await store.db.updateTable('users').set({ u_type: '1' }).where('u_id', '=', admin.u_id).execute();
    expect((await call(store, 'GET', '/probe/admin', undefined, admin.auth)).status).toBe(403);
  });

  it('refuses the token of a deleted account', async () => {
    const user = await createUser(store);
    await store.db.deleteFrom('users').where('u_id', '=', user.u_id).execute();
    expect((await call(store, 'GET', '/probe/user', undefined, user.auth)).status).toBe(403);
  });
});

describe('the OpenAPI contract', () => {
  it('is committed exactly as the code generates it (run `npm run openapi` after changing a route)', () => {
    const committed = readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8');
    expect(committed).toBe(openApiYaml(apiRoutes()));
  });

  it('is served at /openapi.yaml with interactive docs at /docs', async () => {
    const yaml = await store.app.request('/openapi.yaml');
    expect(yaml.status).toBe(200);
    expect(await yaml.text()).toContain('openapi: 3.1.0');
    const docs = await store.app.request('/docs');
    expect(await docs.text()).toContain('swagger-ui');
    const bundle = await store.app.request('/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
  });

  it('names every call of both specification documents', () => {
    const yaml = readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8');
    const calls = [
      'post /getreviews', 'get /getcategory', 'get /getmaterials', 'get /getcarat', 'get /getsize', 'post /getproducts',
      'post /getreelproducts', 'post /getallproducts', 'post /getproductbyid', 'post /createcart', 'post /createwishlist',
      'get /getcart/{u_id}', 'put /updatecart', 'delete /removecart', 'get /getwishlist/{u_id}', 'delete /removewishlist',
      'post /adduserreviews', 'post /getuserreviews', 'post /getcoupon', 'post /payment', 'post /createorder',
      'post /getuserorder', 'get /getorder/{u_id}', 'post /userlogin', 'post /registeruser', 'post /contactus',
      'post /addcategory', 'post /updatecategory', 'delete /deletecategory', 'post /addmaterial', 'post /updatematerial',
      'delete /deletematerial', 'post /addsize', 'post /updatesize', 'delete /deletesize', 'post /addcarat',
      'post /updatecarat', 'delete /deletecarat', 'post /addreviews', 'post /updatereviews', 'post /deletereview',
      'post /adddynamicimages', 'post /addcoupon', 'post /updatecoupon', 'post /changecouponstatus', 'get /getallusers',
      'delete /user/delete/{id}', 'get /getallorders', 'put /updateorderstatus', 'post /contactinfo',
      'delete /deletecontactinfo', 'get /dashboardcounter', 'get /getall', 'post /insertproduct', 'post /updateproduct',
      'post /changeproductstatus',
    ];
    const doc = parse(yaml);
    const missing = calls.filter((entry) => {
      const [method, path] = entry.split(' ');
      return !doc.paths?.[path]?.[method];
    });
    expect(missing).toEqual([]);
  });
});
