/**
 * The shoppers' filter index: what a listing tests, for every product a shopper
 * can see, held in columns (typed arrays), newest first. A listing whose filter
 * was never asked before is answered by one pass over these columns and a partial
 * selection of the requested page, never a sort of the whole catalogue: at
 * 10,000 products the pass and the selection take a fraction of a millisecond,
 * where objects per product and a full sort took most of a new filter's cost.
 *
 * Pure: built from rows the caller read (db/queries/catalogue.ts keeps one per
 * catalogue version), no I/O.
 */

import type { ListingSort } from './catalogue.ts';

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
   * products is 1.25 kB), and the row conditions are then tested only for the products
   * that passed (measured: half the places a category filter visited failed its materials).
   */
  categorySets: Map<number, Uint32Array>;
  materialSets: Map<number, Uint32Array>;
  reelSet: Uint32Array;
  bestsellerSet: Uint32Array;
  /** Price bands per currency (see PriceBands). */
  inrBands: PriceBands;
  usdBands: PriceBands;
  /** pc_id → its row, made on the first stock change (see mendStock). */
  rowOfPc?: Map<number, number>;
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
  return {
    count,
    pIds,
    bestseller,
    rowsFrom,
    pcIds: Int32Array.from(rows, (r) => r.pc_id),
    caratIds,
    inStock: Uint8Array.from(rows, (r) => (r.stock !== null && r.stock > 0 ? 1 : 0)),
    inr,
    usd,
    inrBands: priceBands(count, rowsFrom, inr),
    usdBands: priceBands(count, rowsFrom, usd),
    maxCaratId: caratIds.reduce((a, b) => (b > a ? b : a), 0),
    categorySets: setsBy(count, products.map((p, i): [number, number] => [p.cate_id, i])),
    materialSets: setsBy(count, materials.flatMap((m): [number, number][] => (place.has(m.p_id) ? [[m.m_id, place.get(m.p_id)!]] : []))),
    reelSet: setOf(count, (i) => products[i].is_reel === 1),
    bestsellerSet: setOf(count, (i) => bestseller[i] === 1),
  };
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
    if (row !== undefined) index.inStock[row] = change.stock !== null && change.stock > 0 ? 1 : 0;
  }
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

/** Scratch sets of productMatches and priceRange, reused. */
let candidateSet = new Uint32Array(0);
let materialSet = new Uint32Array(0);
let insideSet = new Uint32Array(0);

/**
 * Narrows the candidates to the products that may have a row within [low, high] and answers
 * those that surely have every row within it (a scratch set good until the next call), by the
 * price bands; null when the bands cannot tell (a bound that is not a number).
 */
function priceRange(bands: PriceBands, candidates: Uint32Array, low: number | undefined, high: number | undefined): Uint32Array | null {
  if (Number.isNaN(low) || Number.isNaN(high)) return null;
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

// Scratch columns of one pass, reused (a pass and its selection run without a pause).
let matchPlace = new Int32Array(0);
let matchRow = new Int32Array(0);
let matchPrice = new Float64Array(0);
let matchScore = new Float64Array(0);

/**
 * Products matching the criteria, in the listing's order, one page of them
 * (`offset`, `limit`) with the total count. A product matched through its carat
 * rows is listed at the first row (in its own order) that meets every row
 * condition, or at a purity the search named; its price is that row's.
 */
export function selectListing(index: ListingIndex, criteria: ListingCriteria, sort: ListingSort, offset: number, limit: number): ListingPage {
  const { count, pIds, rowsFrom, caratIds, inStock: stocked } = index;
  if (matchPlace.length < count) {
    matchPlace = new Int32Array(count);
    matchRow = new Int32Array(count);
    matchPrice = new Float64Array(count);
    matchScore = new Float64Array(count);
  }
  const inCarats = table(criteria.carats, index.maxCaratId);
  const named = criteria.namedCarats;
  const amounts = criteria.currency === 'usd' ? index.usd : index.inr;
  const low = criteria.low ?? -Infinity;
  const high = criteria.high ?? Infinity;
  const inStock = criteria.inStock === true;
  const byRow = criteria.low !== undefined || criteria.high !== undefined || inCarats !== null || inStock;
  const scores = criteria.scores;
  const exclude = criteria.excludePId ?? -1;
  const places = matchPlace;
  const rowsMatched = matchRow;
  const prices = matchPrice;
  const scored = matchScore;

  // The products meeting the product conditions, in place order (newest first); the
  // carat rows of each are then tested.
  const candidates = productMatches(index, criteria);
  // With a price range: products surely outside it leave the candidates, and those surely
  // inside it are listed at their first row meeting the other conditions, without a price test.
  const inside = criteria.low !== undefined || criteria.high !== undefined ? priceRange(criteria.currency === 'usd' ? index.usdBands : index.inrBands, candidates, criteria.low, criteria.high) : null;
  const otherRowConditions = inCarats !== null || inStock;
  let matched = 0;
  for (let w = 0; w < candidates.length; w++) {
    let bits = candidates[w];
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const i = (w << 5) + 31 - Math.clz32(lowest);
      if (exclude >= 0 && pIds[i] === exclude) continue;
      let score = 0;
      if (scores) {
        const s = scores.get(pIds[i]);
        if (s === undefined) continue;
        score = s;
      }
      const first = rowsFrom[i];
      const end = rowsFrom[i + 1];
      let row = first < end ? first : -1;
      if (byRow) {
        row = -1;
        // Every row within the price range: no price test (and with no other row condition, the first row).
        const priceMet = inside !== null && (inside[w] & lowest) !== 0;
        if (priceMet && !otherRowConditions) row = first;
        else {
          for (let r = first; r < end; r++) {
            const a = amounts[r];
            if ((priceMet || (a >= low && a <= high)) && (inCarats === null || inCarats[caratIds[r]] === 1) && (!inStock || stocked[r] === 1)) {
              row = r;
              break;
            }
          }
        }
        if (row < 0) continue;
      }
      if (named && row >= 0) {
        for (let r = row; r < end; r++) {
          const a = amounts[r];
          if (named.has(caratIds[r]) && a >= low && a <= high && (!inCarats || inCarats[caratIds[r]] === 1) && (!inStock || stocked[r] === 1)) {
            row = r;
            break;
          }
        }
      }
      places[matched] = i;
      rowsMatched[matched] = row;
      prices[matched] = row < 0 ? Infinity : amounts[row];
      scored[matched] = score;
      matched += 1;
    }
  }

  const wanted = Math.max(0, Math.min(offset + limit, matched) - offset);
  const picks = wanted === 0 ? [] : firstInOrder(matched, offset + wanted, precedes(index, sort));
  const listed: ListedProduct[] = [];
  for (let k = offset; k < picks.length; k++) {
    const m = picks[k];
    listed.push({ p_id: index.pIds[matchPlace[m]], pc_id: matchRow[m] < 0 ? null : index.pcIds[matchRow[m]] });
  }
  return { listed, total: matched };
}

/**
 * Whether match a comes before match b in the listing's order (the index's place breaks
 * ties: newest first); null when the matches are already in order (newest: they are found in place order).
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
      // A product listed at no row (price Infinity) comes last.
      const p = (m: number) => (price[m] === Infinity ? -1 : price[m]);
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
