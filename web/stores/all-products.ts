import { atom, computed } from 'nanostores';
import { priceColumn } from '../../rules/money.ts';
import type { CardProduct } from '../components/ProductCard.tsx';
import { api } from '../lib/api/client.ts';
import type { components } from '../lib/api/schema.d.ts';
import { EMPTY_QUERY, type ListingQuery, type ListingSort, listingSearch } from '../lib/listing-url.ts';
import { $currency } from './session.ts';
import { toast } from './toast.ts';

/**
 * All Products and the search results (storefront.md §2, §4): the list shown (its
 * filters, sort and page, which the address holds: web/lib/listing-url.ts), the
 * sidebar's edits until Apply, and the products POST /getallproducts answered.
 */

type Carat = components['schemas']['Carat'];

/** All products, 12 per page (§9). */
export const PER_PAGE = 12;

/** The sidebar's edits until Apply. */
export type FilterDraft = Pick<ListingQuery, 'categories' | 'materials' | 'purity' | 'minPrice' | 'maxPrice' | 'inStock'>;

const draftOf = (q: ListingQuery): FilterDraft => ({
  categories: q.categories,
  materials: q.materials,
  purity: q.purity,
  minPrice: q.minPrice,
  maxPrice: q.maxPrice,
  inStock: q.inStock,
});

/** The list shown. */
export const $query = atom<ListingQuery>(EMPTY_QUERY);
export const $filterDraft = atom<FilterDraft>(draftOf(EMPTY_QUERY));
/** Apply works only once a filter changed (§4). */
export const $filtersChanged = atom(false);
/** null: the pre-rendered page 1 is still on screen. */
export const $products = atom<CardProduct[] | null>(null);
export const $total = atom(0);
export const $pageCount = computed($total, (total) => Math.ceil(total / PER_PAGE));
/** A search's "Did you mean" words. */
export const $suggestions = atom<string[]>([]);
/** Shown under a search that found nothing. */
export const $bestSellers = atom<CardProduct[]>([]);
export const $loading = atom(false);
/** The sidebar on a phone, behind Show Filters / Hide Filters. */
export const $showFilters = atom(false);

let carats: Carat[] = [];
let request = 0;

/** Sets up the listing as the page has it: its carats and how many products page 1 (pre-rendered) is out of. */
export function startAllProducts(options: { carats: Carat[]; initialTotal: number }) {
  carats = options.carats;
  $query.set(EMPTY_QUERY);
  $filterDraft.set(draftOf(EMPTY_QUERY));
  $filtersChanged.set(false);
  $products.set(null);
  $total.set(options.initialTotal);
  $suggestions.set([]);
  $bestSellers.set([]);
  $loading.set(false);
  $showFilters.set(false);
}

const caratIds = (names: string[]) => carats.filter((k) => names.some((n) => n.toLowerCase() === k.name.toLowerCase())).map((k) => k.carat_id);

async function load(using: ListingQuery) {
  const mine = ++request;
  $loading.set(true);
  try {
    const answer = await api.post('/getallproducts', {
      is_admin: 1,
      page: using.page,
      perPage: PER_PAGE,
      ...(using.sort ? { sort: using.sort } : {}),
      filter: {
        countryCode: priceColumn($currency.get()),
        minPrice: using.minPrice === '' ? undefined : Number(using.minPrice),
        maxPrice: using.maxPrice === '' ? undefined : Number(using.maxPrice),
        materials: using.materials,
        categories: using.categories,
        ...(using.purity.length ? { carats: caratIds(using.purity) } : {}),
        ...(using.inStock ? { inStock: true } : {}),
        ...(using.q ? { search: using.q } : {}),
      },
    });
    if (mine !== request) return;
    const data = answer.data as { productData?: CardProduct[]; totalCount?: number; suggestions?: string[] } | null;
    if (answer.status === 1 && data?.productData) {
      $products.set(data.productData);
      $total.set(data.totalCount ?? 0);
      $suggestions.set(data.suggestions ?? []);
      if (using.q && data.productData.length === 0) void loadBestSellers();
    } else {
      // A status other than 1 empties the list and the page count (§4).
      $products.set([]);
      $total.set(0);
      if (answer.description) toast.error(answer.description);
    }
  } catch {
    if (mine !== request) return;
    $products.set([]);
    $total.set(0);
    toast.error('Failed To Fetch Products List.');
  } finally {
    if (mine === request) $loading.set(false);
  }
}

async function loadBestSellers() {
  try {
    const answer = await api.post('/getproducts', { isReel: '0', page: 1, perPage: 4, is_bestseller: 1 });
    const data = answer.data as { productData?: CardProduct[] } | null;
    if (answer.status === 1 && data?.productData) $bestSellers.set(data.productData);
  } catch {
    // The best sellers are a suggestion; the empty state says enough without them.
  }
}

/** Shows a query: from the address (Back, reload) or a change here (then written to the address). */
export function showListing(next: ListingQuery, write: boolean) {
  if (write) {
    const url = `${location.pathname}${listingSearch(next)}`;
    if (url !== `${location.pathname}${location.search}`) history.pushState(null, '', url);
  }
  $query.set(next);
  $filterDraft.set(draftOf(next));
  $filtersChanged.set(false);
  void load(next);
}

export function editFilters(next: Partial<FilterDraft>) {
  $filterDraft.set({ ...$filterDraft.get(), ...next });
  $filtersChanged.set(true);
}

/** Ticks or unticks one category, material or purity. */
export function toggleFilter<K extends 'categories' | 'materials' | 'purity'>(key: K, value: FilterDraft[K][number]) {
  const list = $filterDraft.get()[key] as (typeof value)[];
  editFilters({ [key]: list.includes(value) ? list.filter((x) => x !== value) : [...list, value] });
}

/** Apply: only after a change, back to page 1 (§4). */
export function applyFilters() {
  if (!$filtersChanged.get()) return;
  $showFilters.set(false);
  showListing({ ...$query.get(), ...$filterDraft.get(), page: 1 }, true);
}

/** Clear: price, materials, categories (and the rest of the sidebar) reset; the search and sort stay. */
export function clearFilters() {
  const { q, sort } = $query.get();
  showListing({ ...EMPTY_QUERY, q, sort }, true);
}

export function goToPage(page: number) {
  showListing({ ...$query.get(), page: Math.min(Math.max(1, page), Math.max(1, $pageCount.get())) }, true);
}

export function sortListing(sort: ListingSort | '') {
  showListing({ ...$query.get(), sort, page: 1 }, true);
}
