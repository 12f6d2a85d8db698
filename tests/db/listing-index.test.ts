// The shoppers' filter index (db/queries/listing-index.ts) against the plain definition of a
// listing: filter every product, list it at its first qualifying carat row, sort them all, slice
// the page. Random catalogues and criteria (fast-check); pure, no database, so one engine.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildListingIndex, firstInOrder, type IndexCaratRow, type IndexProductRow, type ListingCriteria, type ListingSort, mendStock, selectListing } from '../../db/queries/listing-index.ts';

interface Catalogue {
  products: IndexProductRow[];
  carats: IndexCaratRow[];
  materials: { p_id: number; m_id: number }[];
}

const catalogueArb: fc.Arbitrary<Catalogue> = fc
  .array(
    fc.record({
      cate_id: fc.integer({ min: 1, max: 5 }),
      is_bestseller: fc.integer({ min: 0, max: 1 }),
      is_reel: fc.integer({ min: 0, max: 1 }),
      materials: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
      rows: fc.array(
        fc.record({
          carat_id: fc.integer({ min: 1, max: 4 }),
          stock: fc.option(fc.integer({ min: 0, max: 3 })),
          // Mostly few distinct prices, so ties (broken by newest) are common; some of many
          // (more distinct prices than the index has price bands, see PriceBands).
          inr_price: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 8 }).map((n) => n * 100_000) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 900 }).map((n) => n * 1_000) }),
          usd_price: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 8 }).map((n) => n * 1_200) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 900 }).map((n) => n * 12) }),
        }),
        { maxLength: 3 },
      ),
    }),
    { minLength: 3, maxLength: 80, size: 'max' },
  )
  .map((drafts) => {
    let pc = 0;
    // Newest first, as the index is built: p_ids are arbitrary, not in order.
    const products = drafts.map((d, i) => ({ p_id: 1000 - i * 7, cate_id: d.cate_id, is_bestseller: d.is_bestseller, is_reel: d.is_reel }));
    const carats = drafts.flatMap((d, i) => d.rows.map((r) => ({ p_id: products[i].p_id, pc_id: ++pc, ...r })));
    const materials = drafts.flatMap((d, i) => d.materials.map((m_id) => ({ p_id: products[i].p_id, m_id })));
    // The rows arrive grouped by product (the query orders by p_id), not by place.
    carats.sort((a, b) => a.p_id - b.p_id || a.pc_id - b.pc_id);
    return { products, carats, materials };
  });

const criteriaArb: fc.Arbitrary<ListingCriteria> = fc.record(
  {
    categories: fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { maxLength: 3 }),
    materials: fc.uniqueArray(fc.integer({ min: 0, max: 8 }), { maxLength: 2 }),
    currency: fc.constantFrom('inr' as const, 'usd' as const),
    // In tenths of a price step (the catalogue's prices are mostly steps 1-8): on a price or between
    // two, scaled to the currency below.
    low: fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
    high: fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
    carats: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 2 }),
    inStock: fc.boolean(),
    isReel: fc.option(fc.boolean(), { nil: undefined }),
    isBestseller: fc.boolean(),
    excludePId: fc.option(fc.constantFrom(1000, 993, 986, 5), { nil: undefined }),
    scores: fc.option(fc.dictionary(fc.constantFrom('1000', '993', '986', '979', '972', '965', '958'), fc.integer({ min: 1, max: 3 })), { nil: undefined }),
    namedCarats: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }), { nil: undefined }),
  },
  { requiredKeys: ['currency'] },
).map((c) => ({
  ...c,
  low: c.low === undefined ? undefined : c.low * (c.currency === 'usd' ? 120 : 10_000),
  high: c.high === undefined ? undefined : c.high * (c.currency === 'usd' ? 120 : 10_000),
  scores: c.scores && new Map(Object.entries(c.scores).map(([k, v]) => [Number(k), v as number])),
  namedCarats: c.namedCarats && new Set(c.namedCarats as number[]),
})) as fc.Arbitrary<ListingCriteria>;

/** The listing by its definition: every product tested, all matches sorted, the page sliced. */
function byDefinition(cat: Catalogue, c: ListingCriteria, sort: ListingSort, offset: number, limit: number) {
  const price = c.currency === 'usd' ? 'usd_price' : 'inr_price';
  const low = c.low ?? -Infinity;
  const high = c.high ?? Infinity;
  const byRow = c.low !== undefined || c.high !== undefined || (c.carats?.length ?? 0) > 0 || c.inStock === true;
  const rowMeets = (r: IndexCaratRow) =>
    r[price] >= low && r[price] <= high && (!c.carats?.length || c.carats.includes(r.carat_id)) && (!c.inStock || (r.stock !== null && r.stock > 0));
  const matches = cat.products.flatMap((p, place) => {
    if (c.categories?.length && !c.categories.includes(p.cate_id)) return [];
    if (c.isReel !== undefined && p.is_reel !== (c.isReel ? 1 : 0)) return [];
    if (c.isBestseller && p.is_bestseller !== 1) return [];
    if (c.excludePId === p.p_id) return [];
    if (c.materials?.length && !cat.materials.some((m) => m.p_id === p.p_id && c.materials!.includes(m.m_id))) return [];
    if (c.scores && !c.scores.has(p.p_id)) return [];
    const rows = cat.carats.filter((r) => r.p_id === p.p_id);
    let row = byRow ? rows.find(rowMeets) : rows[0];
    if (byRow && !row) return [];
    if (row && c.namedCarats) row = rows.slice(rows.indexOf(row)).find((r) => c.namedCarats!.has(r.carat_id) && rowMeets(r)) ?? row;
    return [{ p, place, row, price: row ? row[price] : Infinity, score: c.scores?.get(p.p_id) ?? 0 }];
  });
  type M = (typeof matches)[number];
  // Listed at no row: last.
  const desc = (m: M) => (m.price === Infinity ? -Infinity : m.price);
  const order: Record<ListingSort, (a: M, b: M) => number> = {
    newest: (a, b) => a.place - b.place,
    price_asc: (a, b) => a.price - b.price || a.place - b.place,
    price_desc: (a, b) => desc(b) - desc(a) || a.place - b.place,
    bestsellers: (a, b) => b.p.is_bestseller - a.p.is_bestseller || a.place - b.place,
    relevance: (a, b) => b.score - a.score || b.p.is_bestseller - a.p.is_bestseller || a.place - b.place,
  };
  const sorted = [...matches].sort(order[sort]);
  return { listed: sorted.slice(offset, offset + limit).map((m) => ({ p_id: m.p.p_id, pc_id: m.row?.pc_id ?? null })), total: matches.length };
}

describe('the shoppers filter index', () => {
  it('answers every listing as its definition does: the same products, rows, order and total', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        criteriaArb,
        fc.constantFrom<ListingSort>('newest', 'price_asc', 'price_desc', 'bestsellers', 'relevance'),
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 12 })),
        fc.integer({ min: 1, max: 25 }),
        // Material ids as they come: small, or past 31 (ids are keys of the index's sets, not bits).
        fc.constantFrom(0, 25, 40),
        // Prices not in whole minor units, some below zero: the rows are put in price order another way (see rowsByPrice).
        fc.boolean(),
        (drawn, drawnCriteria, sort, offset, limit, shift, fractional) => {
          const cat = {
            ...drawn,
            materials: drawn.materials.map((m) => ({ ...m, m_id: m.m_id + shift })),
            carats: fractional ? drawn.carats.map((r) => ({ ...r, inr_price: r.inr_price - 250_000.5, usd_price: r.usd_price - 0.25 })) : drawn.carats,
          };
          const criteria = { ...drawnCriteria, materials: drawnCriteria.materials?.map((m) => m + shift) };
          const index = buildListingIndex(cat.products, cat.carats, cat.materials);
          expect(selectListing(index, criteria, sort, offset, limit)).toEqual(byDefinition(cat, criteria, sort, offset, limit));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('answers as its definition does after stock changes mended in (a sale, a restock, made to order)', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        fc.array(fc.record({ pick: fc.nat(), stock: fc.option(fc.integer({ min: 0, max: 2 })) }), { maxLength: 12 }),
        criteriaArb,
        fc.constantFrom<ListingSort>('newest', 'price_asc', 'price_desc', 'bestsellers'),
        (cat, changes, criteria, sort) => {
          const index = buildListingIndex(cat.products, cat.carats, cat.materials);
          if (cat.carats.length === 0) return;
          const changed = changes.map(({ pick, stock }) => ({ pc_id: cat.carats[pick % cat.carats.length].pc_id, stock }));
          mendStock(index, changed);
          const stockOf = new Map(changed.map((c) => [c.pc_id, c.stock]));
          const after = { ...cat, carats: cat.carats.map((r) => (stockOf.has(r.pc_id) ? { ...r, stock: stockOf.get(r.pc_id)! } : r)) };
          for (const inStock of [true, false]) {
            expect(selectListing(index, { ...criteria, inStock }, sort, 0, 12)).toEqual(byDefinition(after, { ...criteria, inStock }, sort, 0, 12));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lists a product at no row last in either price order, whether its page is read from the rows or ranked', () => {
    // Category 1: one product without rows, one at a price below zero; category 2: many priced
    // rows, so the two matches are few among the rows (ranked) unless the whole catalogue is asked (read).
    const products = Array.from({ length: 40 }, (_, i) => ({ p_id: 100 - i, cate_id: i < 2 ? 1 : 2, is_bestseller: 0, is_reel: 0 }));
    const carats = products.slice(1).map((p, i) => ({ p_id: p.p_id, pc_id: i + 1, carat_id: 1, stock: 1, inr_price: p.p_id === 99 ? -5 : 1_000 + i, usd_price: 10 }));
    const index = buildListingIndex(products, carats, []);
    for (const sort of ['price_asc', 'price_desc'] as const) {
      expect(selectListing(index, { currency: 'inr', categories: [1] }, sort, 0, 12).listed.map((l) => l.p_id)).toEqual([99, 100]);
      expect(selectListing(index, { currency: 'inr' }, sort, 0, 40).listed.at(-1)).toEqual({ p_id: 100, pc_id: null });
    }
  });

  it('leaves out rows and materials of products it does not hold (hidden from shoppers)', () => {
    const index = buildListingIndex(
      [{ p_id: 2, cate_id: 1, is_bestseller: 0, is_reel: 0 }],
      [
        { p_id: 1, pc_id: 10, carat_id: 1, stock: 1, inr_price: 100, usd_price: 1 },
        { p_id: 2, pc_id: 20, carat_id: 2, stock: null, inr_price: 200, usd_price: 2 },
      ],
      [
        { p_id: 1, m_id: 3 },
        { p_id: 2, m_id: 4 },
      ],
    );
    expect(index.count).toBe(1);
    expect([...index.pcIds]).toEqual([20]);
    expect([...index.materialSets.keys()]).toEqual([4]);
    expect(selectListing(index, { currency: 'inr', materials: [3] }, 'newest', 0, 10)).toEqual({ listed: [], total: 0 });
    // Made to order (stock null) is not in stock.
    expect(selectListing(index, { currency: 'inr', inStock: true }, 'newest', 0, 10).total).toBe(0);
  });

  it('takes ids a client made up (huge, negative, fractional) as matching nothing, never as a table size', () => {
    const index = buildListingIndex([{ p_id: 1, cate_id: 1, is_bestseller: 0, is_reel: 0 }], [{ p_id: 1, pc_id: 1, carat_id: 1, stock: 2, inr_price: 5, usd_price: 1 }], [{ p_id: 1, m_id: 1 }]);
    for (const ids of [[2 ** 31], [-1], [1.5], [Number.MAX_SAFE_INTEGER]]) {
      expect(selectListing(index, { currency: 'inr', categories: ids }, 'newest', 0, 10).total).toBe(0);
      expect(selectListing(index, { currency: 'inr', materials: ids, carats: ids }, 'newest', 0, 10).total).toBe(0);
    }
  });

  it('selects the first k of many in order without sorting them all', () => {
    const values = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 5000);
    const before = (a: number, b: number) => values[a] < values[b] || (values[a] === values[b] && a < b);
    const firstTen = firstInOrder(values.length, 10, before);
    expect(firstTen.map((m) => values[m])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(firstInOrder(3, 10, before)).toHaveLength(3);
    expect(firstInOrder(5, 3, null)).toEqual([0, 1, 2]);
  });

  it('gives the same first k as a full sort, ties broken by the order given, for any k', () => {
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (const n of [0, 1, 2, 7, 40, 333]) {
      // Few distinct values: many ties.
      const values = Array.from({ length: n }, () => Math.floor(random() * 9));
      const before = (a: number, b: number) => values[a] > values[b] || (values[a] === values[b] && a < b);
      const sorted = Array.from({ length: n }, (_, i) => i).sort((a, b) => (before(a, b) ? -1 : 1));
      for (const k of [1, 2, 3, 12, 50, n, n + 5]) expect(firstInOrder(n, k, before)).toEqual(sorted.slice(0, k));
    }
  });
});
