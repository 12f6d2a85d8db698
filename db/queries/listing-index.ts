/**
 * The shoppers' filter index: what a listing tests, for every product a shopper
 * can see, held in columns (typed arrays) and sets of places, newest first. A
 * listing whose filter was never asked before is answered by word operations over
 * these sets and a read of the requested page, never a sort of the whole catalogue
 * (see selectListing): at 10,000 products a few tens of microseconds, where objects
 * per product and a full sort took most of a new filter's cost.
 *
 * Pure: built from rows the caller read (db/queries/catalogue.ts keeps one per
 * catalogue version), no I/O.
 */

/** How a listing is ordered. */
export type ListingSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'bestsellers';

/** A product row as the index is built from it, newest first. */
export interface IndexProductRow {
  p_id: number;
  cate_id: number;
  is_bestseller: number;
  is_reel: number;
}

/** A carat row, in the product's own order (position, then pc_id). */
export interface IndexCaratRow {
  p_id: number;
  pc_id: number;
  carat_id: number;
  stock: number | null;
  inr_price: number;
  usd_price: number;
}

export interface ListingIndex {
  /** Products in the index; a product's place (0: the newest) indexes every per-product column. */
  count: number;
  pIds: Int32Array;
  bestseller: Uint8Array;
  /** The product's carat rows are rows rowsFrom[i] .. rowsFrom[i + 1], in its own order. */
  rowsFrom: Int32Array;
  pcIds: Int32Array;
  caratIds: Int32Array;
  /** 1: pieces ready (stock above 0); 0: sold out or made to order (stock null). */
  inStock: Uint8Array;
  inr: Float64Array;
  usd: Float64Array;
  /** The largest carat id, so a filter's carat ids become a lookup table. */
  maxCaratId: number;
  /**
   * Sets of places, a bit per product (bit i % 32 of word i >> 5): the products of each
   * category, of each material, the reels and the best sellers. A filter's product
   * conditions are a few passes of word operations over them (a category's set at 10,000
   * products is 1.25 kB; measured: half the places a category filter visited failed its
   * materials), and so are most row conditions (see matchingPlaces).
   */
  categorySets: Map<number, Uint32Array>;
  materialSets: Map<number, Uint32Array>;
  reelSet: Uint32Array;
  bestsellerSet: Uint32Array;
  /** Price bands per currency (see PriceBands). */
  inrBands: PriceBands;
  usdBands: PriceBands;
  /** Each row's product (its place). */
  rowPlace: Int32Array;
  /** Sets of places: the products with a carat row at all; with a row of each carat. */
  withRows: Uint32Array;
  caratSets: Map<number, Uint32Array>;
  /** Sets of places: the products with a row in stock; with every row in stock (mended with inStock). */
  someInStock: Uint32Array;
  allInStock: Uint32Array;
  /**
   * The rows by price, per currency: cheapest first (ties: newest product first), and dearest
   * first (ties the same), so a listing sorted by price reads its page from the rows in that
   * order instead of ranking every match (see selectListing).
   */
  inrCheapest: Int32Array;
  inrDearest: Int32Array;
  usdCheapest: Int32Array;
  usdDearest: Int32Array;
  /** pc_id → its row, made on the first stock change (see mendStock). */
  rowOfPc?: Map<number, number>;
  /** p_id → its place, made on the first listing that names products (a search's matches, a product left out). */
  placeOfPId?: Map<number, number>;
}

/** Words of a set of places (see ListingIndex). */
const wordsFor = (count: number) => (count + 31) >>> 5;

/** The set of the places where `has(place)`. */
function setOf(count: number, has: (place: number) => boolean): Uint32Array {
  const set = new Uint32Array(wordsFor(count));
  for (let i = 0; i < count; i++) if (has(i)) set[i >>> 5] |= 1 << (i & 31);
  return set;
}

/** A set per key: the places each key names. */
function setsBy(count: number, pairs: Iterable<[key: number, place: number]>): Map<number, Uint32Array> {
  const sets = new Map<number, Uint32Array>();
  for (const [key, place] of pairs) {
    let set = sets.get(key);
    if (!set) sets.set(key, (set = new Uint32Array(wordsFor(count))));
    set[place >>> 5] |= 1 << (place & 31);
  }
  return sets;
}

/**
 * Sets of places by price, so a price filter is mostly word operations: at bounds taken from
 * the catalogue's prices (up to MAX_BANDS, quantiles of its rows), the products with a row at
 * or above the bound (some), with every row at or above it (all), and the same at or below it.
 * A filter's range then splits the products three ways: outside it for sure (no work), inside
 * it for sure (every row within: listed at its first row meeting the other conditions), and
 * the few whose rows straddle a bound near the range's ends, tested row by row (measured at
 * 10,064 products under new filters: testing every row of every candidate was half of a
 * listing's selection, most of it mispredicted branches).
 */
export interface PriceBands {
  bounds: Float64Array;
  someAtLeast: Uint32Array[];
  allAtLeast: Uint32Array[];
  someAtMost: Uint32Array[];
  allAtMost: Uint32Array[];
}

/** How many bounds a currency's bands have at most. */
const MAX_BANDS = 64;

function priceBands(count: number, rowsFrom: Int32Array, amounts: Float64Array): PriceBands {
  const sorted = Float64Array.from(amounts).sort();
  const picked = new Set<number>();
  for (let k = 0; k < MAX_BANDS && sorted.length > 0; k++) picked.add(sorted[Math.floor((k * (sorted.length - 1)) / (MAX_BANDS - 1))]);
  const bounds = Float64Array.from(picked).sort();
  // Each product's lowest and highest row price; a product without rows is in no set (it never meets a price).
  const priced: number[] = [];
  const min = new Float64Array(count);
  const max = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    if (rowsFrom[i] === rowsFrom[i + 1]) continue;
    priced.push(i);
    min[i] = Infinity;
    max[i] = -Infinity;
    for (let r = rowsFrom[i]; r < rowsFrom[i + 1]; r++) {
      min[i] = Math.min(min[i], amounts[r]);
      max[i] = Math.max(max[i], amounts[r]);
    }
  }
  return {
    bounds,
    // max >= bounds[k] for every k up to the last bound at or below max; and so on.
    someAtLeast: cumulativeSets(count, bounds, priced, max, false),
    allAtLeast: cumulativeSets(count, bounds, priced, min, false),
    someAtMost: cumulativeSets(count, bounds, priced, min, true),
    allAtMost: cumulativeSets(count, bounds, priced, max, true),
  };
}

/**
 * For each bound k, the set of the places whose value is at least bounds[k] (`atMost` false:
 * k up to the last bound at or below the value), or at most bounds[k] (`atMost`: k from the
 * first bound at or above it): each place put in the set of its own bound, then the sets
 * joined in a sweep.
 */
function cumulativeSets(count: number, bounds: Float64Array, places: number[], values: Float64Array, atMost: boolean): Uint32Array[] {
  const words = wordsFor(count);
  const sets = Array.from(bounds, () => new Uint32Array(words));
  for (const i of places) {
    const k = boundIndex(bounds, values[i], atMost);
    if (k >= 0 && k < bounds.length) sets[k][i >>> 5] |= 1 << (i & 31);
  }
  // at least: set k takes in every set after it; at most, every set before it.
  for (let step = 1; step < bounds.length; step++) {
    const k = atMost ? step : bounds.length - 1 - step;
    const from = sets[atMost ? k - 1 : k + 1];
    const set = sets[k];
    for (let w = 0; w < words; w++) set[w] |= from[w];
  }
  return sets;
}

/** The last bound at or below `value` (-1: none), or with `up` the first at or above it (bounds.length: none). */
function boundIndex(bounds: Float64Array, value: number, up: boolean): number {
  let lo = 0;
  let hi = bounds.length;
  // First index whose bound is >= value (up) or > value (down), then one back for down.
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (up ? bounds[mid] < value : bounds[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return up ? lo : lo - 1;
}

export function buildListingIndex(products: IndexProductRow[], carats: IndexCaratRow[], materials: { p_id: number; m_id: number }[]): ListingIndex {
  const count = products.length;
  const place = new Map<number, number>();
  const pIds = new Int32Array(count);
  const bestseller = new Uint8Array(count);
  products.forEach((p, i) => {
    place.set(p.p_id, i);
    pIds[i] = p.p_id;
    bestseller[i] = p.is_bestseller === 1 ? 1 : 0;
  });

  // Counting sort of the carat rows by their product's place (stable: keeps the rows' order).
  const rowsFrom = new Int32Array(count + 1);
  const kept = carats.filter((row) => place.has(row.p_id));
  for (const row of kept) rowsFrom[place.get(row.p_id)! + 1] += 1;
  for (let i = 0; i < count; i++) rowsFrom[i + 1] += rowsFrom[i];
  const next = rowsFrom.slice(0, count);
  const rows = new Array<IndexCaratRow>(kept.length);
  for (const row of kept) rows[next[place.get(row.p_id)!]++] = row;

  const caratIds = Int32Array.from(rows, (r) => r.carat_id);
  const inr = Float64Array.from(rows, (r) => r.inr_price);
  const usd = Float64Array.from(rows, (r) => r.usd_price);
  const inStock = Uint8Array.from(rows, (r) => (r.stock !== null && r.stock > 0 ? 1 : 0));
  const rowPlace = new Int32Array(rows.length);
  for (let i = 0; i < count; i++) rowPlace.fill(i, rowsFrom[i], rowsFrom[i + 1]);
  const stockSets = { someInStock: new Uint32Array(wordsFor(count)), allInStock: new Uint32Array(wordsFor(count)) };
  for (let i = 0; i < count; i++) markStock(stockSets, rowsFrom, inStock, i);
  return {
    count,
    pIds,
    bestseller,
    rowsFrom,
    pcIds: Int32Array.from(rows, (r) => r.pc_id),
    caratIds,
    inStock,
    inr,
    usd,
    inrBands: priceBands(count, rowsFrom, inr),
    usdBands: priceBands(count, rowsFrom, usd),
    rowPlace,
    withRows: setOf(count, (i) => rowsFrom[i] < rowsFrom[i + 1]),
    caratSets: setsBy(count, rows.map((r, row): [number, number] => [r.carat_id, rowPlace[row]])),
    ...stockSets,
    inrCheapest: rowsByPrice(inr, false),
    inrDearest: rowsByPrice(inr, true),
    usdCheapest: rowsByPrice(usd, false),
    usdDearest: rowsByPrice(usd, true),
    maxCaratId: caratIds.reduce((a, b) => (b > a ? b : a), 0),
    categorySets: setsBy(count, products.map((p, i): [number, number] => [p.cate_id, i])),
    materialSets: setsBy(count, materials.flatMap((m): [number, number][] => (place.has(m.p_id) ? [[m.m_id, place.get(m.p_id)!]] : []))),
    reelSet: setOf(count, (i) => products[i].is_reel === 1),
    bestsellerSet: setOf(count, (i) => bestseller[i] === 1),
  };
}

/**
 * The rows in price order, cheapest or dearest first, ties in row order (the rows are in
 * place order: newest product first). Prices in minor units (whole, not negative) are sorted
 * as numbers that hold the price and the row (measured at 20,128 rows: ~3 ms an order,
 * against ~13 with a comparison function); others by comparison.
 */
function rowsByPrice(amounts: Float64Array, dearest: boolean): Int32Array {
  const n = amounts.length;
  let max = 0;
  let whole = true;
  for (let r = 0; r < n; r++) {
    if (!Number.isInteger(amounts[r]) || amounts[r] < 0) whole = false;
    else if (amounts[r] > max) max = amounts[r];
  }
  const span = 2 ** Math.ceil(Math.log2(n + 1));
  if (whole && (max + 1) * span <= Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let r = 0; r < n; r++) keys[r] = (dearest ? max - amounts[r] : amounts[r]) * span + r;
    keys.sort();
    const order = new Int32Array(n);
    for (let j = 0; j < n; j++) order[j] = keys[j] % span;
    return order;
  }
  return Int32Array.from(amounts, (_, r) => r).sort((a, b) => (dearest ? amounts[b] - amounts[a] : amounts[a] - amounts[b]) || a - b);
}

/**
 * Sets the in-stock flags of rows whose stock changed since the index was built (a
 * sale does not rebuild it: db/queries/stock-view.ts). Rows it does not hold are
 * skipped (a product hidden from shoppers).
 */
export function mendStock(index: ListingIndex, changes: readonly { pc_id: number; stock: number | null }[]): void {
  if (changes.length === 0) return;
  if (!index.rowOfPc) index.rowOfPc = new Map(Array.from(index.pcIds, (pc_id, row) => [pc_id, row]));
  for (const change of changes) {
    const row = index.rowOfPc.get(change.pc_id);
    if (row === undefined) continue;
    index.inStock[row] = change.stock !== null && change.stock > 0 ? 1 : 0;
    markStock(index, index.rowsFrom, index.inStock, index.rowPlace[row]);
  }
}

/** Puts place i in the stock sets (someInStock, allInStock) or out of them, as its rows' flags say. */
function markStock(sets: Pick<ListingIndex, 'someInStock' | 'allInStock'>, rowsFrom: Int32Array, inStock: Uint8Array, i: number): void {
  let some = false;
  let all = rowsFrom[i] < rowsFrom[i + 1];
  for (let r = rowsFrom[i]; r < rowsFrom[i + 1]; r++) {
    if (inStock[r] === 1) some = true;
    else all = false;
  }
  const bit = 1 << (i & 31);
  sets.someInStock[i >>> 5] = some ? sets.someInStock[i >>> 5] | bit : sets.someInStock[i >>> 5] & ~bit;
  sets.allInStock[i >>> 5] = all ? sets.allInStock[i >>> 5] | bit : sets.allInStock[i >>> 5] & ~bit;
}

/**
 * The places whose product meets the listing's product conditions (categories, materials,
 * reel, best seller), as a set in a scratch column good until the next call.
 */
function productMatches(index: ListingIndex, criteria: ListingCriteria): Uint32Array {
  const words = wordsFor(index.count);
  if (candidateSet.length < words) {
    candidateSet = new Uint32Array(words);
    materialSet = new Uint32Array(words);
    insideSet = new Uint32Array(words);
    scratchSet = new Uint32Array(words);
  }
  const set = candidateSet.subarray(0, words);
  // Any of the categories (each asked once), or every place.
  if (criteria.categories && criteria.categories.length > 0) {
    set.fill(0);
    for (const cate_id of new Set(criteria.categories)) {
      const of = index.categorySets.get(cate_id);
      if (of) for (let w = 0; w < words; w++) set[w] |= of[w];
    }
  } else {
    set.fill(0xffffffff);
    if (index.count & 31) set[words - 1] = (1 << (index.count & 31)) - 1;
  }
  // And any of the materials.
  if (criteria.materials && criteria.materials.length > 0) {
    const any = materialSet.subarray(0, words);
    any.fill(0);
    for (const m_id of new Set(criteria.materials)) {
      const of = index.materialSets.get(m_id);
      if (of) for (let w = 0; w < words; w++) any[w] |= of[w];
    }
    for (let w = 0; w < words; w++) set[w] &= any[w];
  }
  if (criteria.isReel !== undefined) {
    const reels = index.reelSet;
    if (criteria.isReel) for (let w = 0; w < words; w++) set[w] &= reels[w];
    else for (let w = 0; w < words; w++) set[w] &= ~reels[w];
  }
  if (criteria.isBestseller === true) {
    const best = index.bestsellerSet;
    for (let w = 0; w < words; w++) set[w] &= best[w];
  }
  return set;
}

/** Scratch sets of productMatches, priceRange and matchingPlaces, reused. */
let candidateSet = new Uint32Array(0);
let materialSet = new Uint32Array(0);
let insideSet = new Uint32Array(0);
let scratchSet = new Uint32Array(0);

/**
 * Narrows the candidates to the products that may have a row within [low, high] and answers
 * those that surely have every row within it (a scratch set good until the next call), by the
 * price bands. The bounds are numbers (matchingPlaces answers a bound that is not first).
 */
function priceRange(bands: PriceBands, candidates: Uint32Array, low: number | undefined, high: number | undefined): Uint32Array {
  const words = candidates.length;
  if (insideSet.length < words) insideSet = new Uint32Array(words);
  const inside = insideSet.subarray(0, words);
  inside.set(candidates);
  const { bounds } = bands;
  const narrow = (set: Uint32Array, by: Uint32Array | undefined) => {
    if (by === undefined) set.fill(0);
    else for (let w = 0; w < words; w++) set[w] &= by[w];
  };
  if (low !== undefined) {
    // Some row at or above the last bound below low; every row at or above the first bound above it.
    const below = boundIndex(bounds, low, false);
    if (below >= 0) narrow(candidates, bands.someAtLeast[below]);
    narrow(inside, bands.allAtLeast[boundIndex(bounds, low, true)]);
  }
  if (high !== undefined) {
    const above = boundIndex(bounds, high, true);
    if (above < bounds.length) narrow(candidates, bands.someAtMost[above]);
    const below = boundIndex(bounds, high, false);
    narrow(inside, below >= 0 ? bands.allAtMost[below] : undefined);
  }
  return inside;
}

/** What a listing asks of the index; every field left out matches everything. */
export interface ListingCriteria {
  /** Any of these categories. */
  categories?: readonly number[];
  /** Comes in any of these materials. */
  materials?: readonly number[];
  /** Prices in minor units of `currency`; a product matches by one carat row whose price is within. */
  currency: 'inr' | 'usd';
  low?: number;
  high?: number;
  /** That row of one of these carats. */
  carats?: readonly number[];
  /** That row with pieces in stock. */
  inStock?: boolean;
  /** Only products with a score here (the search's matches), ranked by it. */
  scores?: ReadonlyMap<number, number>;
  /** A purity the search text names: the row listed, when the product has one within the other conditions. */
  namedCarats?: ReadonlySet<number>;
  isReel?: boolean;
  isBestseller?: boolean;
  excludePId?: number;
}

/** One product of a page: its id and the carat row it is listed at (null: none, or no row asked). */
export interface ListedProduct {
  p_id: number;
  pc_id: number | null;
}

export interface ListingPage {
  listed: ListedProduct[];
  /** How many products match in all. */
  total: number;
}

/** A lookup table over ids 0..max: 1 for the ids asked (ids past max can match nothing). */
function table(ids: readonly number[] | undefined, max: number): Uint8Array | null {
  if (!ids || ids.length === 0) return null;
  const t = new Uint8Array(max + 1);
  for (const id of ids) if (Number.isInteger(id) && id >= 0 && id <= max) t[id] = 1;
  return t;
}

// Scratch columns of a ranking (see ranked), reused: a selection runs without a pause.
let matchPlace = new Int32Array(0);
let matchPrice = new Float64Array(0);
let matchScore = new Float64Array(0);

/**
 * Products matching the criteria, in the listing's order, one page of them
 * (`offset`, `limit`) with the total count. A product matched through its carat
 * rows is listed at the first row (in its own order) that meets every row
 * condition, or at a purity the search named; its price is that row's.
 *
 * Two steps, neither a visit of every match (measured at 10,064 products under the
 * benchmark's new filters: visiting, pricing and ranking each match was most of a
 * selection's time):
 * - Which products match, as a set (matchingPlaces), whose count is the total.
 * - The page: newest and best sellers are the set's first places in that order; a price
 *   sort reads the rows in price order from the cheapest (or dearest) price within the range,
 *   a row counting when its product is in the set and listed at it, until the page is full
 *   (matches so few that ranking them costs less are ranked instead); relevance ranks the
 *   search's matches.
 */
export function selectListing(index: ListingIndex, criteria: ListingCriteria, sort: ListingSort, offset: number, limit: number): ListingPage {
  const { rowsFrom, caratIds, inStock: stocked } = index;
  const inCarats = table(criteria.carats, index.maxCaratId);
  const named = criteria.namedCarats;
  const amounts = criteria.currency === 'usd' ? index.usd : index.inr;
  const low = criteria.low ?? -Infinity;
  const high = criteria.high ?? Infinity;
  const inStock = criteria.inStock === true;
  const byRow = criteria.low !== undefined || criteria.high !== undefined || inCarats !== null || inStock;

  /** The row place i is listed at: its first meeting every row condition (-1: none), or the first such of a purity the search named. */
  const listedRow = (i: number): number => {
    const end = rowsFrom[i + 1];
    let row = rowsFrom[i] < end ? rowsFrom[i] : -1;
    if (byRow) {
      row = -1;
      for (let r = rowsFrom[i]; r < end; r++) {
        const a = amounts[r];
        if (a >= low && a <= high && (inCarats === null || inCarats[caratIds[r]] === 1) && (!inStock || stocked[r] === 1)) {
          row = r;
          break;
        }
      }
    }
    if (named && row >= 0) {
      for (let r = row; r < end; r++) {
        const a = amounts[r];
        if (named.has(caratIds[r]) && a >= low && a <= high && (inCarats === null || inCarats[caratIds[r]] === 1) && (!inStock || stocked[r] === 1)) return r;
      }
    }
    return row;
  };

  const matches = matchingPlaces(index, criteria, inCarats, byRow, listedRow);
  const total = countOf(matches);
  const end = Math.min(offset + limit, total);
  if (end <= offset) return { listed: [], total };
  let picks: number[] | null = null;
  if (sort === 'newest') picks = addPlaces([], end, matches);
  else if (sort === 'bestsellers') picks = addPlaces(addPlaces([], end, matches, index.bestsellerSet), end, matches, index.bestsellerSet, false);
  else if (sort === 'price_asc' || sort === 'price_desc') picks = walkByPrice(index, criteria.currency, sort === 'price_desc', matches, total, end, low, high, listedRow);
  picks ??= ranked(index, matches, end, sort, amounts, criteria.scores, listedRow);
  const listed: ListedProduct[] = [];
  for (let k = offset; k < picks.length; k++) {
    const row = listedRow(picks[k]);
    listed.push({ p_id: index.pIds[picks[k]], pc_id: row < 0 ? null : index.pcIds[row] });
  }
  return { listed, total };
}

/**
 * The places of the products meeting the criteria, as a scratch set good until the next call:
 * the product conditions (productMatches), then the row conditions by the index's sets where
 * they decide (a product with no row of a carat asked, or none in stock when asked, or every
 * row outside the price range, surely fails; one with every row within it and in stock when
 * asked, and a row of a carat asked, surely matches), the rows tested only for the products
 * left in doubt (mostly those whose rows straddle an end of the price range).
 */
function matchingPlaces(index: ListingIndex, criteria: ListingCriteria, inCarats: Uint8Array | null, byRow: boolean, listedRow: (i: number) => number): Uint32Array {
  const candidates = productMatches(index, criteria);
  const words = candidates.length;
  const remove = (at: number | undefined) => {
    if (at !== undefined) candidates[at >>> 5] &= ~(1 << (at & 31));
  };
  if (criteria.excludePId !== undefined) remove(placeOf(index).get(criteria.excludePId));
  if (criteria.scores) {
    // Only the search's matches.
    const scored = scratchSet.subarray(0, words);
    scored.fill(0);
    const places = placeOf(index);
    for (const p_id of criteria.scores.keys()) {
      const at = places.get(p_id);
      if (at !== undefined) scored[at >>> 5] |= 1 << (at & 31);
    }
    for (let w = 0; w < words; w++) candidates[w] &= scored[w];
  }
  if (!byRow) return candidates;
  if (Number.isNaN(criteria.low) || Number.isNaN(criteria.high)) return candidates.fill(0);
  if (inCarats !== null) {
    const any = scratchSet.subarray(0, words);
    any.fill(0);
    for (const [carat_id, of] of index.caratSets) if (inCarats[carat_id] === 1) for (let w = 0; w < words; w++) any[w] |= of[w];
    for (let w = 0; w < words; w++) candidates[w] &= any[w];
  }
  const inStock = criteria.inStock === true;
  if (inStock) for (let w = 0; w < words; w++) candidates[w] &= index.someInStock[w];
  let sure: Uint32Array;
  if (criteria.low !== undefined || criteria.high !== undefined) {
    sure = priceRange(criteria.currency === 'usd' ? index.usdBands : index.inrBands, candidates, criteria.low, criteria.high);
  } else {
    sure = insideSet.subarray(0, words);
    for (let w = 0; w < words; w++) sure[w] = candidates[w] & index.withRows[w];
  }
  if (inStock) for (let w = 0; w < words; w++) sure[w] &= index.allInStock[w];
  for (let w = 0; w < words; w++) {
    let doubt = candidates[w] & ~sure[w];
    while (doubt !== 0) {
      const lowest = doubt & -doubt;
      doubt ^= lowest;
      if (listedRow((w << 5) + 31 - Math.clz32(lowest)) >= 0) sure[w] |= lowest;
    }
  }
  return sure;
}

/** p_id → place, made once per index. */
function placeOf(index: ListingIndex): Map<number, number> {
  index.placeOfPId ??= new Map(Array.from(index.pIds, (p_id, place) => [p_id, place]));
  return index.placeOfPId;
}

/** How many places a set holds. */
function countOf(set: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < set.length; w++) {
    let v = set[w] | 0;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return n;
}

/**
 * Adds to `picks`, until it holds k, the set's places in place order (newest first): all of
 * them, or those in `mask` (`inMask`) or out of it.
 */
function addPlaces(picks: number[], k: number, set: Uint32Array, mask?: Uint32Array, inMask = true): number[] {
  for (let w = 0; w < set.length && picks.length < k; w++) {
    let bits = mask === undefined ? set[w] : inMask ? set[w] & mask[w] : set[w] & ~mask[w];
    while (bits !== 0 && picks.length < k) {
      const lowest = bits & -bits;
      bits ^= lowest;
      picks.push((w << 5) + 31 - Math.clz32(lowest));
    }
  }
  return picks;
}

/**
 * The first k matches by price, from the rows in price order within [low, high]: a row counts
 * when its product matches and is listed at it; products listed at no row (no row asked of
 * them) come last, newest first. null when the matches are so few among the rows that ranking
 * them costs less (reading ~rows·k/total rows against ranking all of them).
 */
function walkByPrice(
  index: ListingIndex,
  currency: 'inr' | 'usd',
  dearest: boolean,
  matches: Uint32Array,
  total: number,
  k: number,
  low: number,
  high: number,
  listedRow: (i: number) => number,
): number[] | null {
  const amounts = currency === 'usd' ? index.usd : index.inr;
  const order = currency === 'usd' ? (dearest ? index.usdDearest : index.usdCheapest) : dearest ? index.inrDearest : index.inrCheapest;
  // The first position whose row's price is past `bound` (dearest first: below it).
  const past = (bound: number, orEqual: boolean) => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const a = amounts[order[mid]];
      const before = dearest ? (orEqual ? a > bound : a >= bound) : orEqual ? a < bound : a <= bound;
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const from = dearest ? past(high, true) : past(low, true);
  const to = dearest ? past(low, false) : past(high, false);
  if ((to - from) * k > 4 * total * total) return null;
  const picks: number[] = [];
  const { rowPlace } = index;
  for (let j = from; j < to && picks.length < k; j++) {
    const row = order[j];
    const i = rowPlace[row];
    if ((matches[i >>> 5] & (1 << (i & 31))) !== 0 && listedRow(i) === row) picks.push(i);
  }
  return addPlaces(picks, k, matches, index.withRows, false);
}

/** The first k matches in the sort's order, each priced and ranked (a bounded heap: firstInOrder). */
function ranked(
  index: ListingIndex,
  matches: Uint32Array,
  k: number,
  sort: ListingSort,
  amounts: Float64Array,
  scores: ReadonlyMap<number, number> | undefined,
  listedRow: (i: number) => number,
): number[] {
  if (matchPlace.length < index.count) {
    matchPlace = new Int32Array(index.count);
    matchPrice = new Float64Array(index.count);
    matchScore = new Float64Array(index.count);
  }
  let n = 0;
  for (let w = 0; w < matches.length; w++) {
    let bits = matches[w];
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const i = (w << 5) + 31 - Math.clz32(lowest);
      const row = listedRow(i);
      matchPlace[n] = i;
      matchPrice[n] = row < 0 ? Infinity : amounts[row];
      matchScore[n] = scores?.get(index.pIds[i]) ?? 0;
      n += 1;
    }
  }
  return firstInOrder(n, k, precedes(index, sort)).map((m) => matchPlace[m]);
}

/**
 * Whether match a comes before match b in the listing's order (the index's place breaks
 * ties: newest first); null when the matches are already in order (newest: they are found in
 * place order; selectListing takes those first places itself).
 */
function precedes(index: ListingIndex, sort: ListingSort): ((a: number, b: number) => boolean) | null {
  const place = matchPlace;
  const price = matchPrice;
  const score = matchScore;
  const best = index.bestseller;
  switch (sort) {
    case 'price_asc':
      return (a, b) => price[a] < price[b] || (price[a] === price[b] && place[a] < place[b]);
    case 'price_desc': {
      // A product listed at no row (price Infinity) comes last, as in walkByPrice.
      const p = (m: number) => (price[m] === Infinity ? -Infinity : price[m]);
      return (a, b) => p(a) > p(b) || (p(a) === p(b) && place[a] < place[b]);
    }
    case 'bestsellers':
      return (a, b) => best[place[a]] > best[place[b]] || (best[place[a]] === best[place[b]] && place[a] < place[b]);
    case 'relevance':
      return (a, b) =>
        score[a] > score[b] ||
        (score[a] === score[b] && (best[place[a]] > best[place[b]] || (best[place[a]] === best[place[b]] && place[a] < place[b])));
    default:
      // Newest: the index's order, which the matches are found in.
      return null;
  }
}

/**
 * The first `k` of `n` matches (0..n-1) in the order `before` gives, in that order:
 * a bounded max-heap of the best k seen, O(n log k), instead of sorting all n, then
 * sorted in place (heapsort). Moves rather than swaps by destructuring, which made a
 * two-element array per step (measured: 11 kB of garbage per new-filter listing, four
 * fifths of the selection's, and a fifth of its time).
 * `before` null: the matches' own order.
 */
export function firstInOrder(n: number, k: number, before: ((a: number, b: number) => boolean) | null): number[] {
  if (k <= 0) return [];
  if (!before) return Array.from({ length: Math.min(k, n) }, (_, i) => i);
  // heap[0] is the worst kept: the one every other kept match comes before.
  const heap: number[] = [];
  for (let m = 0; m < n; m++) {
    if (heap.length < k) {
      heap.push(m);
      siftUp(heap, heap.length - 1, before);
    } else if (before(m, heap[0])) {
      heap[0] = m;
      siftDown(heap, 0, heap.length, before);
    }
  }
  // The worst to the end, one at a time: best first.
  for (let end = heap.length - 1; end > 0; end--) {
    const worst = heap[0];
    heap[0] = heap[end];
    heap[end] = worst;
    siftDown(heap, 0, end, before);
  }
  return heap;
}

/** Moves heap[at] up past the parents it is worse than (comes after). */
function siftUp(heap: number[], at: number, before: (a: number, b: number) => boolean) {
  const item = heap[at];
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (!before(heap[parent], item)) break;
    heap[at] = heap[parent];
    at = parent;
  }
  heap[at] = item;
}

/** Moves heap[at] down past the children worse than it, within heap[0 .. size). */
function siftDown(heap: number[], at: number, size: number, before: (a: number, b: number) => boolean) {
  const item = heap[at];
  for (;;) {
    const left = 2 * at + 1;
    if (left >= size) break;
    const right = left + 1;
    // The worse child: the one the other comes before.
    const child = right < size && before(heap[left], heap[right]) ? right : left;
    if (!before(item, heap[child])) break;
    heap[at] = heap[child];
    at = child;
  }
  heap[at] = item;
}
