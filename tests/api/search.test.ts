import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseQuery, withinOneEdit } from '../../db/queries/search.ts';
import { pageJson } from '../../api/routes/catalogue/cache.ts';
import { filterProducts } from '../../db/queries/catalogue.ts';
import { noteStockChange } from '../../db/queries/stock-view.ts';
import { contractCaller } from '../helpers/contract.ts';
import { createCarat, createCategory, createMaterial, createProduct } from '../helpers/catalogue.ts';
import { call, createTestStore, createUser, type TestStore } from '../helpers/store.ts';

// A small jewellery catalogue, the way the shop names things, and the searches a
// shopper types against it with the products expected first.

let store: TestStore;
let admin: Awaited<ReturnType<typeof createUser>>;
const p: Record<string, number> = {};
const pc: Record<string, number[]> = {};

const api = contractCaller(() => store);

/** Product ids of the header search, in order. */
async function search(text: string): Promise<number[]> {
  const res = await api('POST', '/getreelproducts', { isReel: '0', search: text });
  expect(res.status).toBe(200);
  return res.body.data.map((x: { p_id: number }) => x.p_id);
}

/** Names of the header search's results, in order (readable failures). */
async function names(text: string): Promise<string[]> {
  const res = await api('POST', '/getreelproducts', { isReel: '0', search: text });
  return res.body.data.map((x: { name: string }) => x.name);
}

async function listing(body: Record<string, unknown>) {
  const res = await api('POST', '/getallproducts', { is_admin: 1, page: 1, perPage: 12, ...body });
  expect(res.status).toBe(200);
  return res.body.data as { productData: { p_id: number; name: string; listed_pc_id: number | null; productcarats: { pc_id: number; inr_price: number }[] }[]; totalCount: number; suggestions?: string[] };
}

beforeAll(async () => {
  store = await createTestStore();
  admin = await createUser(store, { u_type: '0' });
  const cat = async (name: string) => (await createCategory(store, { cate_name: name })).cate_id;
  const rings = await cat('Rings');
  const earrings = await cat('Earrings');
  const necklaces = await cat('Necklaces');
  const bangles = await cat('Bangles');
  const mangalsutra = await cat('Mangalsutra');
  const k22 = (await createCarat(store, '22K')).carat_id;
  const k18 = (await createCarat(store, '18K')).carat_id;
  const gold = (await createMaterial(store, 'Yellow Gold')).m_id;
  const diamond = (await createMaterial(store, 'Diamond')).m_id;
  const ruby = (await createMaterial(store, 'Ruby')).m_id;
  let day = 1;
  const make = async (key: string, o: { name: string; cate_id: number; carats: number[]; materials: number[]; description?: string; is_bestseller?: number; prices?: number[] }) => {
    const product = await createProduct(store, {
      name: o.name,
      cate_id: o.cate_id,
      materials: o.materials,
      description: o.description ?? `${o.name}, hand finished.`,
      is_bestseller: o.is_bestseller ?? 0,
      created_at: `2030-01-${String(day++).padStart(2, '0')} 00:00:00`,
      carats: o.carats.map((carat_id, i) => ({ carat_id, inr_price: (o.prices?.[i] ?? 100_000 + i) * 100, usd_price: 1_000_00 })),
    });
    p[key] = product.p_id;
    const rows = await store.db.selectFrom('product_carats').select('pc_id').where('p_id', '=', product.p_id).orderBy('position').orderBy('pc_id').execute();
    pc[key] = rows.map((r) => r.pc_id);
  };
  await make('temple', { name: 'Lakshmi Temple Necklace', cate_id: necklaces, carats: [k22, k18], materials: [gold, ruby], description: 'Temple work in 22K gold with rubies.', prices: [410_640, 310_000] });
  await make('meher', { name: 'Meher Diamond Necklace', cate_id: necklaces, carats: [k18], materials: [diamond], description: 'A line of brilliant-cut diamonds.' });
  await make('solitaire', { name: 'Kamal Solitaire Ring', cate_id: rings, carats: [k22, k18], materials: [gold, diamond] });
  await make('band', { name: 'Aarohi Eternity Band', cate_id: rings, carats: [k18], materials: [diamond] });
  await make('jhumkas', { name: 'Rani Temple Jhumkas', cate_id: earrings, carats: [k22], materials: [gold, ruby] });
  await make('studs', { name: 'Noor Diamond Studs', cate_id: earrings, carats: [k18], materials: [diamond] });
  await make('bangle', { name: 'Royal Kangan Bangle', cate_id: bangles, carats: [k22], materials: [gold], description: 'A broad bangle, a ring of gold for the wrist.' });
  await make('vati', { name: 'Vati Mangalsutra', cate_id: mangalsutra, carats: [k22], materials: [gold], description: 'Black beads and a gold vati.' });
  await make('pendant', { name: 'Heart Pendant', cate_id: necklaces, carats: [k18], materials: [gold], is_bestseller: 1, description: 'On a fine chain.' });
});
afterAll(() => store.close());

describe('the words it understands', () => {
  it('counts every word: "22K gold necklace" finds the 22K gold necklace only', async () => {
    expect(await search('22K gold necklace')).toEqual([p.temple]);
    expect(await search('22k GOLD Necklace')).toEqual([p.temple]);
  });

  it('finds a purity on its own: "22K" lists every piece that comes in 22K', async () => {
    const ids = await search('22K');
    expect(new Set(ids)).toEqual(new Set([p.temple, p.solitaire, p.jhumkas, p.bangle, p.vati]));
  });

  it('ranks name before category before description: "ring" lists the ring first, the rings category next, the bangle described as a ring last', async () => {
    expect(await names('ring')).toEqual(['Kamal Solitaire Ring', 'Aarohi Eternity Band', 'Royal Kangan Bangle']);
  });

  it('breaks ties by best seller, then newest', async () => {
    // All three are necklaces by category only ("necklace" in a name is shorter than the word): the best seller first, then the newer.
    expect(await search('necklaces')).toEqual([p.pendant, p.meher, p.temple]);
    const chain = await names('gold');
    expect(chain[0]).toBe('Heart Pendant'); // best seller among those with gold in no name: all match by material
  });

  it('matches prefixes while typing', async () => {
    expect(new Set(await search('neckl'))).toEqual(new Set([p.temple, p.meher, p.pendant]));
    expect(await search('mangal')).toEqual([p.vati]);
    expect(await search('diamond stu')).toEqual([p.studs]);
  });

  it('forgives one typo per word', async () => {
    expect((await search('neckalce')).slice(0, 2)).toEqual([p.meher, p.temple]);
    expect(await search('jhumkaa')).toContain(p.jhumkas);
    expect((await search('solitare'))[0]).toBe(p.solitaire);
    expect(await search('templ neclace')).toEqual([p.temple]);
    expect(withinOneEdit('necklace', 'neckalce')).toBe(true);
    expect(withinOneEdit('necklace', 'nekclaec')).toBe(false);
  });

  it("maps the jeweller's words to the catalogue's: jhumka, kada, haar, mangalsutra, solitaire", async () => {
    expect((await search('jhumka'))[0]).toBe(p.jhumkas);
    expect(new Set(await search('jhumka'))).toEqual(new Set([p.jhumkas, p.studs]));
    expect(await search('kada')).toEqual([p.bangle]);
    expect(new Set(await search('haar'))).toEqual(new Set([p.temple, p.meher, p.pendant]));
    expect(await search('mangalsutra')).toEqual([p.vati]);
    expect((await search('solitaire'))[0]).toBe(p.solitaire);
    expect(await search('ruby jhumka')).toEqual([p.jhumkas]);
  });

  it('skips filler words when others remain', async () => {
    expect(await search('gold ring for the wrist')).toEqual([p.bangle]);
  });

  it('parses the words as it will search them', () => {
    const state = { terms: ['earrings', 'gold', 'necklace'], synonyms: new Map([['jhumka', [['earrings']]]]) };
    expect(parseQuery(state, 'neckalce jhumkaa')).toEqual([
      { word: 'neckalce', alternatives: [['necklace']], weights: [1], via: 'typo' },
      { word: 'jhumkaa', alternatives: [['earrings']], weights: [0.5], via: 'typo' },
    ]);
  });
});

describe('no result', () => {
  it('says so with the nearest catalogue words', async () => {
    const page = await listing({ filter: { search: 'nekklase' } });
    expect(page.totalCount).toBe(0);
    expect(page.productData).toEqual([]);
    expect(page.suggestions).toContain('necklace');
    expect(await search('nekklase')).toEqual([]);
  });

  it('answers no suggestions field when something was found or nothing was searched', async () => {
    expect((await listing({ filter: { search: 'ruby' } })).suggestions).toBeUndefined();
    expect((await listing({})).suggestions).toBeUndefined();
  });
});

describe('POST /searchsuggestions', () => {
  it('completes the last word with catalogue words and synonyms, keeping the words before it', async () => {
    const res = await api('POST', '/searchsuggestions', { q: '22K neck' });
    expect(res.status).toBe(200);
    expect(res.body.data).toContain('22k necklace');
    expect((await api('POST', '/searchsuggestions', { q: 'jhu' })).body.data).toEqual(expect.arrayContaining(['jhumka', 'jhumkas']));
    expect((await api('POST', '/searchsuggestions', { q: 'neckal' })).body.data).toContain('necklace');
    expect((await api('POST', '/searchsuggestions', { q: '  ' })).body.data).toEqual([]);
    expect((await api('POST', '/searchsuggestions', { q: 'x'.repeat(101) })).status).toBe(400);
  });
});

describe('POST /getallproducts with the new fields', () => {
  it('searches with the same engine and ranks by relevance unless told otherwise', async () => {
    const page = await listing({ filter: { search: 'ring' } });
    expect(page.productData.map((x) => x.p_id)).toEqual([p.solitaire, p.band, p.bangle]);
    const newest = await listing({ filter: { search: 'ring' }, sort: 'newest' });
    expect(newest.productData.map((x) => x.p_id)).toEqual([p.bangle, p.band, p.solitaire]);
  });

  it('filters by carat ids and lists each product at the row the filter matched', async () => {
    const [k18] = await store.db.selectFrom('carats').select('carat_id').where('name', '=', '18K').execute();
    const page = await listing({ filter: { carats: [k18.carat_id], search: 'temple' } });
    expect(page.productData.map((x) => x.p_id)).toEqual([p.temple]);
    expect(page.productData[0].listed_pc_id).toBe(pc.temple[1]);
  });

  it('lists a product at the purity the search names', async () => {
    const page = await listing({ filter: { search: '18K lakshmi' } });
    expect(page.productData[0].listed_pc_id).toBe(pc.temple[1]);
    const twentyTwo = await listing({ filter: { search: '22K lakshmi' } });
    expect(twentyTwo.productData[0].listed_pc_id).toBe(pc.temple[0]);
  });

  it('matches a price bound on the same row the card shows', async () => {
    const open = await listing({ filter: { search: 'lakshmi' } });
    expect(open.productData[0].listed_pc_id).toBe(pc.temple[0]); // no row filter: the first row (22K, ₹4,10,640)
    const capped = await listing({ filter: { search: 'lakshmi', maxPrice: 400000 } });
    expect(capped.productData[0].listed_pc_id).toBe(pc.temple[1]); // the 18K row at ₹3,10,000 is the one under the cap
    const listed = capped.productData[0].productcarats.find((r) => r.pc_id === capped.productData[0].listed_pc_id);
    expect(listed?.inr_price).toBe(310000);
    const floor = await listing({ filter: { search: 'lakshmi', minPrice: 400000 } });
    expect(floor.productData[0].listed_pc_id).toBe(pc.temple[0]);
  });

  it('sorts by the listed price, best sellers and newest', async () => {
    const asc = await listing({ filter: { search: 'necklace' }, sort: 'price_asc' });
    const prices = (page: typeof asc) => page.productData.map((x) => x.productcarats.find((r) => r.pc_id === x.listed_pc_id)!.inr_price);
    expect(prices(asc)).toEqual([...prices(asc)].sort((a, b) => a - b));
    const desc = await listing({ filter: { search: 'necklace' }, sort: 'price_desc' });
    expect(prices(desc)).toEqual([...prices(desc)].sort((a, b) => b - a));
    expect(desc.productData[0].p_id).toBe(p.temple);
    const best = await listing({ sort: 'bestsellers' });
    expect(best.productData[0].p_id).toBe(p.pendant);
    const all = await listing({ sort: 'newest' });
    expect(all.productData[0].p_id).toBe(p.pendant);
  });

  it('inStock: only rows with pieces in stock count, and the product is listed at one', async () => {
    await store.db.updateTable('product_carats').set({ stock: 0 }).where('pc_id', '=', pc.temple[0]).execute();
    await store.db.updateTable('product_carats').set({ stock: 2 }).where('pc_id', '=', pc.temple[1]).execute();
    await store.db.updateTable('product_carats').set({ stock: null }).where('pc_id', '=', pc.vati[0]).execute();
    // Stock written straight to the table, as a script would: this process is told, as a sale here tells it
    // (another process's stock change is seen within OTHER_STOCK_WRITERS_LAG_MS: tests/api/stock-freshness.test.ts).
    await noteStockChange(store.db, [pc.temple[0], pc.temple[1], pc.vati[0]]);
    const page = await listing({ filter: { inStock: true, search: 'lakshmi' } });
    expect(page.productData.map((x) => x.p_id)).toEqual([p.temple]);
    expect(page.productData[0].listed_pc_id).toBe(pc.temple[1]);
    expect((await listing({ filter: { inStock: true, search: 'vati' } })).totalCount).toBe(0); // made to order
    expect((await listing({ filter: { search: 'vati' } })).totalCount).toBe(1);
    await store.db.updateTable('product_carats').set({ stock: null }).where('pc_id', 'in', [...pc.temple]).execute();
    await noteStockChange(store.db, pc.temple);
  });

  it('answers the documented call as before: newest first, each product with its first row listed', async () => {
    const page = await listing({ filter: { countryCode: 'inr_price', minPrice: '', maxPrice: '', materials: [], categories: [] } });
    expect(page.totalCount).toBe(9);
    expect(page.productData[0].p_id).toBe(p.pendant);
    for (const x of page.productData) expect(x.listed_pc_id).toBe(x.productcarats[0].pc_id);
  });

  it('refuses an unknown sort with 400', async () => {
    const res = await api('POST', '/getallproducts', { sort: 'cheapest' });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe(0);
  });
});

describe('the synonym list the administrator extends', () => {
  it('adds a word that searches find at once, refuses it twice, and removes it', async () => {
    expect(await search('choodi')).toEqual([]);
    const added = await api('POST', '/addsearchsynonym', { term: 'Choodi', expands_to: 'Bangle' }, admin.auth);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ term: 'choodi', expands_to: 'bangle' });
    expect(await search('choodi')).toEqual([p.bangle]);
    const again = await api('POST', '/addsearchsynonym', { term: 'choodi', expands_to: 'bangle' }, admin.auth);
    expect(again.status).toBe(409);
    const list = await api('GET', '/getsearchsynonyms', undefined, admin.auth);
    expect(list.body.data.map((s: { term: string }) => s.term)).toContain('choodi');
    const removed = await api('POST', '/deletesearchsynonym', { syn_id: added.body.data.syn_id }, admin.auth);
    expect(removed.status).toBe(200);
    expect(await search('choodi')).toEqual([]);
    expect((await api('POST', '/deletesearchsynonym', { syn_id: added.body.data.syn_id }, admin.auth)).status).toBe(404);
  });

  it('is the administrator\'s: shoppers and visitors are refused', async () => {
    const shopper = await createUser(store);
    expect((await api('POST', '/addsearchsynonym', { term: 'x', expands_to: 'y' }, shopper.auth)).status).toBe(403);
    expect((await api('GET', '/getsearchsynonyms')).status).toBe(403);
    expect((await api('POST', '/addsearchsynonym', { term: ' ', expands_to: 'y' }, admin.auth)).status).toBe(400);
  });

  it('keeps one row when the same synonym is added 10 times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(store, 'POST', '/addsearchsynonym', { term: 'sankh', expands_to: 'bangle' }, admin.auth)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    const rows = await store.db.selectFrom('search_synonyms').selectAll().where('term', '=', 'sankh').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('the index follows the catalogue', () => {
  it('finds a product added or renamed since the last search, and drops one hidden', async () => {
    const rings = await store.db.selectFrom('categories').select('cate_id').where('cate_name', '=', 'Rings').executeTakeFirstOrThrow();
    expect(await search('navratna')).toEqual([]);
    const added = await createProduct(store, { name: 'Navratna Cocktail Ring', cate_id: rings.cate_id });
    expect(await search('navratna')).toEqual([added.p_id]);
    await store.db.updateTable('products').set({ name: 'Navratan Cocktail Ring' }).where('p_id', '=', added.p_id).execute();
    expect(await search('navratan')).toEqual([added.p_id]);
    await store.db.updateTable('products').set({ p_status: 0 }).where('p_id', '=', added.p_id).execute();
    expect(await search('navratan')).toEqual([]);
  });
});

describe('a listing page written as JSON', () => {
  it('is the very text JSON.stringify gives, made from the products kept JSON (every sort, filter, search, suggestions)', async () => {
    const filters = [
      { priceField: 'inr_price' as const },
      { priceField: 'usd_price' as const, sort: 'price_desc' as const, perPage: 3 },
      { priceField: 'inr_price' as const, search: '22k gold necklace' },
      { priceField: 'inr_price' as const, search: 'zzzzqq' },
      { priceField: 'inr_price' as const, inStock: true, sort: 'bestsellers' as const },
      { priceField: 'inr_price' as const, page: 2, perPage: 2, sort: 'price_asc' as const },
    ];
    for (const filter of filters) {
      // Twice: the second page is made from kept views and their kept JSON.
      for (let i = 0; i < 2; i++) {
        const page = await filterProducts(store.db, filter);
        const stringify = vi.spyOn(JSON, 'stringify');
        let text: string;
        try {
          const json = pageJson(page);
          // Made from the kept bytes, not by writing the page anew.
          expect(stringify.mock.calls.some(([value]) => value === page)).toBe(false);
          expect(typeof json).not.toBe('string');
          text = typeof json === 'string' ? json : json.map((piece) => (typeof piece === 'string' ? piece : piece.toString('utf8'))).join('');
        } finally {
          stringify.mockRestore();
        }
        expect(text).toBe(JSON.stringify(page));
      }
    }
  });
});
