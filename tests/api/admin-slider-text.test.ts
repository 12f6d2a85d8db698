import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_LINE_LIMITS, BANNER_NEEDS_HEADLINE } from '../../rules/banner.ts';
import { type Callers, formData, sendForm, storeWithCallers, tinyImage } from '../helpers/admin.ts';
import { expectMatchesContract } from '../helpers/contract.ts';
import { call, createUser, type TestStore } from '../helpers/store.ts';

let store: TestStore;
let admin: Callers['admin'];
let refused: Callers['refused'];
let slides: Array<{ s_id: number; image: string }>;

beforeAll(async () => {
  ({ store, admin, refused } = await storeWithCallers());
  const added = await sendForm(store, '/adddynamicimages', formData({ dynamicImage: [{ bytes: await tinyImage('png'), name: 'a.png' }, { bytes: await tinyImage('jpeg'), name: 'b.jpg' }] }), admin.auth);
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  slides = added.body.data;
});
afterAll(() => store.close());

const rows = () => store.db.selectFrom('slider_images').selectAll().orderBy('s_id').execute();
const put = (body: unknown, headers: Record<string, string> = admin.auth) => call(store, 'PUT', '/updateslidertext', body, headers);
const words = { eyebrow: 'THE FESTIVE EDIT', headline: 'Gold for every celebration', subline: 'Handcrafted 22K temple jewellery, BIS hallmarked' };

describe('PUT /updateslidertext', () => {
  it("sets one slide's eyebrow, headline and subline, tidied; the home page's answer carries them; the storefront is rebuilt", async () => {
    const [first, second] = slides;
    const changes = store.catalogueChanges;
    const res = await put({ s_id: first.s_id, eyebrow: '  THE FESTIVE   EDIT ', headline: 'Gold for every\ncelebration', subline: words.subline });
    expect(res.status).toBe(200);
    expectMatchesContract('PUT', '/updateslidertext', res);
    expect(res.body).toEqual({ status: 1, description: 'Banner text saved.', data: { s_id: first.s_id, image: first.image, ...words } });
    expect(store.catalogueChanges).toBe(changes + 1);
    const home = await call(store, 'POST', '/getreviews');
    expect(home.body.data.sliderImages).toEqual([
      { s_id: first.s_id, image: first.image, ...words },
      { s_id: second.s_id, image: second.image, eyebrow: null, headline: null, subline: null },
    ]);
    // The id may come as digits, as the storefront sends ids.
    const again = await put({ s_id: String(second.s_id), eyebrow: null, headline: 'Light to wear', subline: '' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ s_id: second.s_id, image: second.image, eyebrow: null, headline: 'Light to wear', subline: null });
  });

  it('ten administrators saving one banner at once: every save 200, and the slide holds one of the ten whole, never lines of two', async () => {
    const { s_id } = slides[0];
    const sent = Array.from({ length: 10 }, (_, i) => ({ eyebrow: `EDIT ${i}`, headline: `Headline ${i}`, subline: `Subline ${i}` }));
    const answers = await Promise.all(sent.map((lines) => put({ s_id, ...lines })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const row = (await rows()).find((r) => r.s_id === s_id)!;
    expect(sent).toContainEqual({ eyebrow: row.eyebrow, headline: row.headline, subline: row.subline });
    expect(await rows()).toHaveLength(slides.length);
  });

  it('empty text or null clears a line; everything empty clears the banner, which then shows the picture alone', async () => {
    const { s_id } = slides[0];
    await put({ s_id, ...words });
    const cleared = await put({ s_id, eyebrow: '   ', headline: 'Gold for every celebration', subline: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ eyebrow: null, headline: 'Gold for every celebration', subline: null });
    const none = await put({ s_id, eyebrow: '', headline: '', subline: '' });
    expect(none.status).toBe(200);
    expect((await rows()).find((r) => r.s_id === s_id)).toMatchObject({ eyebrow: null, headline: null, subline: null });
  });

  it('takes each line up to its limit, counting characters as a reader does', async () => {
    const { s_id } = slides[0];
    const full = { eyebrow: 'É'.repeat(BANNER_LINE_LIMITS.eyebrow), headline: '₹'.repeat(BANNER_LINE_LIMITS.headline), subline: '💍'.repeat(BANNER_LINE_LIMITS.subline) };
    const res = await put({ s_id, ...full });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject(full);
  });

  it('refuses bad input with a sentence, changing nothing and rebuilding nothing', async () => {
    const { s_id } = slides[0];
    await put({ s_id, ...words });
    const before = await rows();
    const changes = store.catalogueChanges;
    const over = (n: number) => 'a'.repeat(n + 1);
    const cases: Array<[string, unknown, string]> = [
      ['a headline too long', { s_id, ...words, headline: over(BANNER_LINE_LIMITS.headline) }, `Headline must be at most ${BANNER_LINE_LIMITS.headline} characters to fit the banner on a phone (it has ${BANNER_LINE_LIMITS.headline + 1}).`],
      ['an eyebrow too long', { s_id, ...words, eyebrow: over(BANNER_LINE_LIMITS.eyebrow) }, `Eyebrow must be at most ${BANNER_LINE_LIMITS.eyebrow} characters to fit the banner on a phone (it has ${BANNER_LINE_LIMITS.eyebrow + 1}).`],
      ['a subline too long', { s_id, ...words, subline: over(BANNER_LINE_LIMITS.subline) }, `Subline must be at most ${BANNER_LINE_LIMITS.subline} characters to fit the banner on a phone (it has ${BANNER_LINE_LIMITS.subline + 1}).`],
      ['a control character', { s_id, ...words, headline: 'Gold\u0000rush' }, 'Headline must be plain text, without control characters.'],
      ['an eyebrow without a headline', { s_id, ...words, headline: ' ' }, BANNER_NEEDS_HEADLINE],
      ['a subline without a headline', { s_id, eyebrow: null, headline: null, subline: 'Only this' }, BANNER_NEEDS_HEADLINE],
      ['a number for a headline', { s_id, ...words, headline: 42 }, 'Headline must be text (empty text clears it).'],
      ['no headline field', { s_id, eyebrow: words.eyebrow, subline: words.subline }, 'Headline must be text (empty text clears it).'],
      ['no s_id', { ...words }, 's_id must be a record id (a whole number, 1 or more).'],
      ['an s_id of 0', { s_id: 0, ...words }, 's_id must be a record id (a whole number, 1 or more).'],
      ['a path for an s_id', { s_id: '../1', ...words }, 's_id must be a record id (a whole number, 1 or more).'],
    ];
    for (const [label, body, description] of cases) {
      const res = await put(body);
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual({ status: 0, description, data: null });
      expectMatchesContract('PUT', '/updateslidertext', res);
    }
    const broken = await call(store, 'PUT', '/updateslidertext', '{"s_id": 1, "headline": ', admin.auth);
    expect(broken.status).toBe(400);
    expect(broken.body.status).toBe(0);
    expect(await rows()).toEqual(before);
    expect(store.catalogueChanges).toBe(changes);
  });

  it('answers 404 for a slide that does not exist (or was removed), changing nothing', async () => {
    const before = await rows();
    const unknown = await put({ s_id: 999_999, ...words });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 0, description: 'Slider image not found.', data: null });
    expectMatchesContract('PUT', '/updateslidertext', unknown);
    expect(await rows()).toEqual(before);
  });

  it('is for administrators only: no token, a shopper, a forged or malformed token get 403; so does an administrator demoted since the token was issued', async () => {
    const before = await rows();
    const body = { s_id: slides[0].s_id, eyebrow: 'HACKED', headline: 'Hacked', subline: 'Hacked' };
    for (const [label, headers] of refused) {
      const res = await put(body, headers);
      expect(res.status, label).toBe(403);
      expect(res.body.status, label).toBe(0);
      expectMatchesContract('PUT', '/updateslidertext', res);
    }
    // The role is read from the database on every call, not from the token.
    const demoted = await createUser(store, { u_type: '0' });
    await store.db.updateTable('users').set({ u_type: '1' }).where('u_id', '=', demoted.u_id).execute();
    const res = await put(body, demoted.auth);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 0, description: 'Only administrators can do this.', data: null });
    expect(await rows()).toEqual(before);
  });
});
