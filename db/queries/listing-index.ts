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
  cateIds: Int32Array;
  bestseller: Uint8Array;
  reel: Uint8Array;
  /** The product's materials are materialIds[materialsFrom[i] .. materialsFrom[i + 1]). */
  materialsFrom: Int32Array;
  materialIds: Int32Array;
  /** The product's carat rows are rows rowsFrom[i] .. rowsFrom[i + 1], in its own order. */
  rowsFrom: Int32Array;
  pcIds: Int32Array;
  caratIds: Int32Array;
  /** 1: pieces ready (stock above 0); 0: sold out or made to order (stock null). */
  inStock: Uint8Array;
  inr: Float64Array;
  usd: Float64Array;
  /**
   * The product's materials as bits (bit m: material id m), so a filter of materials is one
   * test per product; null when a material id is 32 or more (then materialIds is walked).
   */
  materialMasks: Uint32Array | null;
  /** The largest material and carat ids, so a filter's ids become lookup tables. */
  maxMaterialId: number;
  maxCaratId: number;
  /** cate_id → the places of its products, in order: a listing of some categories visits only theirs. */
  byCategory: Map<number, Int32Array>;
  /** pc_id → its row, made on the first stock change (see mendStock). */
  rowOfPc?: Map<number, number>;
}

export function buildListingIndex(products: IndexProductRow[], carats: IndexCaratRow[], materials: { p_id: number; m_id: number }[]): ListingIndex {
  const count = products.length;
  const place = new Map<number, number>();
  const pIds = new Int32Array(count);
  const cateIds = new Int32Array(count);
  const bestseller = new Uint8Array(count);
  const reel = new Uint8Array(count);
  products.forEach((p, i) => {
    place.set(p.p_id, i);
    pIds[i] = p.p_id;
    cateIds[i] = p.cate_id;
    bestseller[i] = p.is_bestseller === 1 ? 1 : 0;
    reel[i] = p.is_reel === 1 ? 1 : 0;
  });

  // Counting sort of each child list by its product's place (stable: keeps the rows' order).
  const group = <T extends { p_id: number }>(items: T[]) => {
    const from = new Int32Array(count + 1);
    const kept = items.filter((item) => place.has(item.p_id));
    for (const item of kept) from[place.get(item.p_id)! + 1] += 1;
    for (let i = 0; i < count; i++) from[i + 1] += from[i];
    const next = from.slice(0, count);
    const order = new Array<T>(kept.length);
    for (const item of kept) order[next[place.get(item.p_id)!]++] = item;
    return { from, order };
  };

  const byMaterial = group(materials);
  const materialIds = Int32Array.from(byMaterial.order, (m) => m.m_id);
  const byRow = group(carats);
  const rows = byRow.order;
  const pcIds = Int32Array.from(rows, (r) => r.pc_id);
  const caratIds = Int32Array.from(rows, (r) => r.carat_id);
  const inStock = Uint8Array.from(rows, (r) => (r.stock !== null && r.stock > 0 ? 1 : 0));
  const inr = Float64Array.from(rows, (r) => r.inr_price);
  const usd = Float64Array.from(rows, (r) => r.usd_price);
  const max = (ids: Int32Array) => ids.reduce((a, b) => (b > a ? b : a), 0);
  const maxMaterialId = max(materialIds);
  let materialMasks: Uint32Array | null = null;
  if (maxMaterialId < 32 && materialIds.every((m) => m >= 0)) {
    materialMasks = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      for (let j = byMaterial.from[i]; j < byMaterial.from[i + 1]; j++) materialMasks[i] |= 1 << materialIds[j];
    }
  }
  return {
    count,
    pIds,
    cateIds,
    bestseller,
    reel,
    materialsFrom: byMaterial.from,
    materialIds,
    rowsFrom: byRow.from,
    pcIds,
    caratIds,
    inStock,
    inr,
    usd,
    materialMasks,
    maxMaterialId,
    maxCaratId: max(caratIds),
    byCategory: placesByCategory(cateIds),
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

function placesByCategory(cateIds: Int32Array): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  cateIds.forEach((cate_id, place) => {
    let list = lists.get(cate_id);
    if (!list) lists.set(cate_id, (list = []));
    list.push(place);
  });
  return new Map([...lists].map(([cate_id, places]) => [cate_id, Int32Array.from(places)]));
}

/** Scratch column of candidatePlaces, reused (see matchPlace). */
let candidateScratch = new Int32Array(0);

/**
 * The places a listing visits: those of the categories asked (not in place order across
 * categories), or null for all. A view into a scratch column, good until the next call.
 */
function candidatePlaces(index: ListingIndex, categories: readonly number[] | undefined): Int32Array | null {
  if (!categories || categories.length === 0) return null;
  if (candidateScratch.length < index.count) candidateScratch = new Int32Array(index.count);
  let at = 0;
  for (const cate_id of new Set(categories)) {
    const list = index.byCategory.get(cate_id);
    if (!list) continue;
    candidateScratch.set(list, at);
    at += list.length;
  }
  return candidateScratch.subarray(0, at);
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
  const { count, pIds, reel: reels, bestseller, rowsFrom, materialsFrom, materialIds, caratIds, inStock: stocked } = index;
  if (matchPlace.length < count) {
    matchPlace = new Int32Array(count);
    matchRow = new Int32Array(count);
    matchPrice = new Float64Array(count);
    matchScore = new Float64Array(count);
  }
  const inMaterials = table(criteria.materials, index.maxMaterialId);
  const materialMasks = index.materialMasks;
  // The filter's materials as bits, when the index has them (ids past 31 match nothing there).
  let wantedMaterials = 0;
  if (inMaterials !== null && materialMasks !== null) {
    for (let m = 0; m < inMaterials.length && m < 32; m++) if (inMaterials[m] === 1) wantedMaterials |= 1 << m;
  }
  const inCarats = table(criteria.carats, index.maxCaratId);
  const named = criteria.namedCarats;
  const amounts = criteria.currency === 'usd' ? index.usd : index.inr;
  const low = criteria.low ?? -Infinity;
  const high = criteria.high ?? Infinity;
  const inStock = criteria.inStock === true;
  const byRow = criteria.low !== undefined || criteria.high !== undefined || inCarats !== null || inStock;
  const scores = criteria.scores;
  const reel = criteria.isReel === undefined ? -1 : criteria.isReel ? 1 : 0;
  const onlyBestsellers = criteria.isBestseller === true;
  const exclude = criteria.excludePId ?? -1;
  const places = matchPlace;
  const rowsMatched = matchRow;
  const prices = matchPrice;
  const scored = matchScore;

  // A listing of some categories visits only their products (a filter's usual case: a
  // third of the catalogue or less); their matches are then not in place order.
  const candidates = candidatePlaces(index, criteria.categories);
  const visits = candidates ? candidates.length : count;
  let matched = 0;
  for (let k = 0; k < visits; k++) {
    const i = candidates ? candidates[k] : k;
    if (reel >= 0 && reels[i] !== reel) continue;
    if (onlyBestsellers && bestseller[i] !== 1) continue;
    if (pIds[i] === exclude) continue;
    if (inMaterials !== null && materialMasks !== null) {
      if ((materialMasks[i] & wantedMaterials) === 0) continue;
    } else if (inMaterials !== null) {
      let any = false;
      for (let j = materialsFrom[i]; j < materialsFrom[i + 1]; j++) {
        if (inMaterials[materialIds[j]] === 1) {
          any = true;
          break;
        }
      }
      if (!any) continue;
    }
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
      for (let r = first; r < end; r++) {
        const a = amounts[r];
        if (a >= low && a <= high && (inCarats === null || inCarats[caratIds[r]] === 1) && (!inStock || stocked[r] === 1)) {
          row = r;
          break;
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

  const wanted = Math.max(0, Math.min(offset + limit, matched) - offset);
  const picks = wanted === 0 ? [] : firstInOrder(matched, offset + wanted, precedes(index, sort, candidates !== null));
  const listed: ListedProduct[] = [];
  for (let k = offset; k < picks.length; k++) {
    const m = picks[k];
    listed.push({ p_id: index.pIds[matchPlace[m]], pc_id: matchRow[m] < 0 ? null : index.pcIds[matchRow[m]] });
  }
  return { listed, total: matched };
}

/**
 * Whether match a comes before match b in the listing's order (the index's place breaks
 * ties: newest first); null when the matches are already in order (newest, found in place order).
 */
function precedes(index: ListingIndex, sort: ListingSort, outOfPlaceOrder: boolean): ((a: number, b: number) => boolean) | null {
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
      // Newest: the index's order, which the matches are in unless visited by category.
      return outOfPlaceOrder ? (a, b) => place[a] < place[b] : null;
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
