/**
 * A listing's filters, sort and page as the address bar holds them, so Back,
 * reload and a shared link show the same list:
 * `/allproducts?cat=3,5&mat=1&purity=22K&min=1000&max=400000&stock=1&sort=price&page=2`,
 * `/search?q=jhumka&sort=bestsellers`.
 */

export type ListingSort = 'relevance' | 'newest' | 'price_asc' | 'price_desc' | 'bestsellers';

export interface ListingQuery {
  categories: number[];
  materials: number[];
  /** Carat names (purity), as the address shows them: "22K". */
  purity: string[];
  minPrice: string;
  maxPrice: string;
  inStock: boolean;
  /** '' is the listing's default order. */
  sort: ListingSort | '';
  page: number;
  /** The search text (the /search page). */
  q: string;
}

export const EMPTY_QUERY: ListingQuery = { categories: [], materials: [], purity: [], minPrice: '', maxPrice: '', inStock: false, sort: '', page: 1, q: '' };

/** The sort's name in the address ("price" reads better than price_asc). */
const SORT_PARAM: Record<ListingSort, string> = { relevance: 'relevance', newest: 'newest', price_asc: 'price', price_desc: 'price_desc', bestsellers: 'bestsellers' };

const ids = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
const price = (text: string | null) => (text && /^\d+(\.\d{1,2})?$/.test(text) ? text : '');

/** Reads a listing query from an address's search part; anything malformed is left out. */
export function parseListingQuery(search: string): ListingQuery {
  const params = new URLSearchParams(search);
  const sortParam = params.get('sort');
  const sort = (Object.entries(SORT_PARAM).find(([, v]) => v === sortParam)?.[0] ?? '') as ListingSort | '';
  const page = Number(params.get('page'));
  return {
    categories: ids(params.get('cat')),
    materials: ids(params.get('mat')),
    purity: (params.get('purity') ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    minPrice: price(params.get('min')),
    maxPrice: price(params.get('max')),
    inStock: params.get('stock') === '1',
    sort,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    q: (params.get('q') ?? '').slice(0, 100),
  };
}

/** The search part of the address for a listing query ('' for the plain listing). */
export function listingSearch(query: ListingQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.categories.length) params.set('cat', query.categories.join(','));
  if (query.materials.length) params.set('mat', query.materials.join(','));
  if (query.purity.length) params.set('purity', query.purity.join(','));
  if (query.minPrice) params.set('min', query.minPrice);
  if (query.maxPrice) params.set('max', query.maxPrice);
  if (query.inStock) params.set('stock', '1');
  if (query.sort) params.set('sort', SORT_PARAM[query.sort]);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString().replace(/%2C/g, ',');
  return text ? `?${text}` : '';
}
