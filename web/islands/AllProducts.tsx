import { useEffect, useRef, useState } from 'react';
import type { components } from '../lib/api/schema.d.ts';
import { priceColumn } from '../../rules/money.ts';
import { Icon } from '../components/Icon.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { type CardProduct, ProductCard } from '../components/ProductCard.tsx';
import { api } from '../lib/api/client.ts';
import { EMPTY_QUERY, type ListingQuery, type ListingSort, listingSearch, parseListingQuery } from '../lib/listing-url.ts';
import { useCurrency } from '../lib/use-currency.ts';
import { toast } from '../stores/toast.ts';

type Carat = components['schemas']['Carat'];
type Category = components['schemas']['Category'];
type Material = components['schemas']['Material'];

/** All products, 12 per page (§9). */
export const PER_PAGE = 12;

/** Image `sizes` of the 2/3-column grid beside the sidebar. */
export const ALL_PRODUCTS_SIZES = '(min-width: 1240px) 300px, (min-width: 900px) 25vw, 50vw';

/** The sidebar's edits until Apply. */
type Draft = Pick<ListingQuery, 'categories' | 'materials' | 'purity' | 'minPrice' | 'maxPrice' | 'inStock'>;

const draftOf = (q: ListingQuery): Draft => ({
  categories: q.categories,
  materials: q.materials,
  purity: q.purity,
  minPrice: q.minPrice,
  maxPrice: q.maxPrice,
  inStock: q.inStock,
});

type SortOption = { value: ListingSort | ''; label: string };
const COMMON_SORTS: SortOption[] = [
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'bestsellers', label: 'Best sellers' },
];
/** The listing's default order is newest first; a search's is relevance. */
const LISTING_SORTS: SortOption[] = [{ value: '', label: 'Newest' }, ...COMMON_SORTS];
const SEARCH_SORTS: SortOption[] = [{ value: '', label: 'Relevance' }, { value: 'newest', label: 'Newest' }, ...COMMON_SORTS];

export interface AllProductsProps {
  categories: Category[];
  materials: Material[];
  carats: Carat[];
  /** How many products page 1 (pre-rendered, passed as children) is out of. */
  initialTotal: number;
  /** The search results page (/search?q=): the list is always asked for, ranked by relevance. */
  searchPage?: boolean;
  /** The pre-rendered grid of page 1: static HTML the island shows until the list changes (it is never hydrated). */
  children?: React.ReactNode;
}

/**
 * All Products (§2, §4) and the search results page: filter sidebar (categories,
 * purity, Min/Max price, materials, in stock; Apply only after a change and back to
 * page 1, Clear), sort, the grid, pagination. Filters, sort and page live in the
 * address (web/lib/listing-url.ts): Back, reload and a shared link keep them. Page 1
 * unfiltered is pre-rendered; every other list asks POST /getallproducts.
 */
export default function AllProducts({ categories, materials, carats, initialTotal, searchPage = false, children }: AllProductsProps) {
  const currency = useCurrency();
  const [query, setQuery] = useState<ListingQuery>(EMPTY_QUERY);
  const [draft, setDraft] = useState<Draft>(draftOf(EMPTY_QUERY));
  const [changed, setChanged] = useState(false);
  // null: the pre-rendered page 1 (children) is still on screen.
  const [products, setProducts] = useState<CardProduct[] | null>(null);
  const [total, setTotal] = useState(initialTotal);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [bestSellers, setBestSellers] = useState<CardProduct[]>([]);
  const [loading, setLoading] = useState(false);
  const [showFilters, setShowFilters] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const gridTop = useRef<HTMLDivElement>(null);
  const request = useRef(0);
  const pageCount = Math.ceil(total / PER_PAGE);

  const caratIds = (names: string[]) => carats.filter((k) => names.some((n) => n.toLowerCase() === k.name.toLowerCase())).map((k) => k.carat_id);

  const load = async (using: ListingQuery) => {
    const mine = ++request.current;
    setLoading(true);
    try {
      const answer = await api.post('/getallproducts', {
        is_admin: 1,
        page: using.page,
        perPage: PER_PAGE,
        ...(using.sort ? { sort: using.sort } : {}),
        filter: {
          countryCode: priceColumn(currency),
          minPrice: using.minPrice === '' ? undefined : Number(using.minPrice),
          maxPrice: using.maxPrice === '' ? undefined : Number(using.maxPrice),
          materials: using.materials,
          categories: using.categories,
          ...(using.purity.length ? { carats: caratIds(using.purity) } : {}),
          ...(using.inStock ? { inStock: true } : {}),
          ...(using.q ? { search: using.q } : {}),
        },
      });
      if (mine !== request.current) return;
      const data = answer.data as { productData?: CardProduct[]; totalCount?: number; suggestions?: string[] } | null;
      if (answer.status === 1 && data?.productData) {
        setProducts(data.productData);
        setTotal(data.totalCount ?? 0);
        setSuggestions(data.suggestions ?? []);
        if (using.q && data.productData.length === 0) void loadBestSellers();
      } else {
        // A status other than 1 empties the list and the page count (§4).
        setProducts([]);
        setTotal(0);
        if (answer.description) toast.error(answer.description);
      }
    } catch {
      if (mine !== request.current) return;
      setProducts([]);
      setTotal(0);
      toast.error('Failed To Fetch Products List.');
    } finally {
      if (mine === request.current) setLoading(false);
    }
  };

  const loadBestSellers = async () => {
    try {
      const answer = await api.post('/getproducts', { isReel: '0', page: 1, perPage: 4, is_bestseller: 1 });
      const data = answer.data as { productData?: CardProduct[] } | null;
      if (answer.status === 1 && data?.productData) setBestSellers(data.productData);
    } catch {
      // The best sellers are a suggestion; the empty state says enough without them.
    }
  };

  /** Shows a query: from the address (Back, reload) or a change here (then written to the address). */
  const show = (next: ListingQuery, write: boolean) => {
    if (write) {
      const url = `${location.pathname}${listingSearch(next)}`;
      if (url !== `${location.pathname}${location.search}`) history.pushState(null, '', url);
    }
    setQuery(next);
    setDraft(draftOf(next));
    setChanged(false);
    void load(next);
  };

  // The address decides the first list, and Back/Forward move through the lists shown.
  useEffect(() => {
    root.current?.setAttribute('data-island-live', '');
    const fromAddress = () => show(parseListingQuery(location.search), false);
    // Page 1 unfiltered is on the page already.
    if (searchPage || location.search.length > 1) fromAddress();
    window.addEventListener('popstate', fromAddress);
    return () => window.removeEventListener('popstate', fromAddress);
  }, []);

  const edit = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setChanged(true);
  };
  const toggle = <K extends 'categories' | 'materials' | 'purity'>(key: K, value: Draft[K][number]) => {
    const list = draft[key] as (typeof value)[];
    edit({ [key]: list.includes(value) ? list.filter((x) => x !== value) : [...list, value] });
  };
  const apply = (event?: React.FormEvent) => {
    event?.preventDefault();
    if (!changed) return;
    setShowFilters(false);
    show({ ...query, ...draft, page: 1 }, true);
  };
  const clear = () => show({ ...EMPTY_QUERY, q: query.q, sort: query.sort }, true);
  const goTo = (next: number) => {
    show({ ...query, page: Math.min(Math.max(1, next), Math.max(1, pageCount)) }, true);
    gridTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const sortBy = (value: string) => show({ ...query, sort: value as ListingSort | '', page: 1 }, true);
  const symbol = currency === 'INR' ? '₹' : '$';
  const sorts = searchPage ? SEARCH_SORTS : LISTING_SORTS;

  return (
    <div className="shop" ref={root}>
      <button
        type="button"
        className="btn btn--ghost shop__toggle"
        aria-expanded={showFilters}
        aria-controls="product-filters"
        onClick={() => setShowFilters(!showFilters)}
      >
        <Icon name="filter" size={18} /> {showFilters ? 'Hide Filters' : 'Show Filters'}
      </button>
      <aside id="product-filters" className={`filters${showFilters ? ' is-open' : ''}`} aria-label="Filters">
        <form onSubmit={apply}>
          <fieldset className="filters__group">
            <legend>Categories</legend>
            {categories.map((c) => (
              <label key={c.cate_id} className="check">
                <input type="checkbox" checked={draft.categories.includes(c.cate_id)} onChange={() => toggle('categories', c.cate_id)} />
                <span>{c.cate_name}</span>
              </label>
            ))}
          </fieldset>
          {carats.length ? (
            <fieldset className="filters__group">
              <legend>Purity</legend>
              {carats.map((k) => (
                <label key={k.carat_id} className="check">
                  <input type="checkbox" checked={draft.purity.includes(k.name)} onChange={() => toggle('purity', k.name)} />
                  <span>{k.name}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <fieldset className="filters__group">
            <legend>Price ({symbol})</legend>
            <div className="filters__prices">
              <label>
                <span>Min</span>
                <input className="input" type="number" min={0} inputMode="numeric" placeholder="Min" value={draft.minPrice} onChange={(e) => edit({ minPrice: e.target.value })} />
              </label>
              <label>
                <span>Max</span>
                <input className="input" type="number" min={0} inputMode="numeric" placeholder="Max" value={draft.maxPrice} onChange={(e) => edit({ maxPrice: e.target.value })} />
              </label>
            </div>
          </fieldset>
          <fieldset className="filters__group">
            <legend>Materials</legend>
            {materials.map((m) => (
              <label key={m.m_id} className="check">
                <input type="checkbox" checked={draft.materials.includes(m.m_id)} onChange={() => toggle('materials', m.m_id)} />
                <span>{m.name}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className="filters__group">
            <legend>Availability</legend>
            <label className="check">
              <input type="checkbox" checked={draft.inStock} onChange={() => edit({ inStock: !draft.inStock })} />
              <span>In stock</span>
            </label>
          </fieldset>
          <div className="filters__actions">
            <button type="submit" className="btn" aria-disabled={!changed}>
              Apply
            </button>
            <button type="button" className="btn btn--ghost" onClick={clear}>
              Clear
            </button>
          </div>
        </form>
      </aside>
      <section className="shop__results" aria-label="Products" aria-busy={loading}>
        <div ref={gridTop} className="shop__bar">
          <p className="shop__count">
            {searchPage && query.q ? (products === null ? 'Searching…' : `${total} piece${total === 1 ? '' : 's'} for “${query.q}”`) : `${total} piece${total === 1 ? '' : 's'}`}
          </p>
          <label className="shop__sort">
            <span>Sort by</span>
            <select className="input" value={query.sort} onChange={(e) => sortBy(e.target.value)}>
              {sorts.map((s) => (
                <option key={s.value || 'default'} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {products === null ? (
          searchPage ? null : <div className={loading ? 'is-loading' : undefined}>{children}</div>
        ) : products.length ? (
          <div className={`product-grid product-grid--3${loading ? ' is-loading' : ''}`}>
            {products.map((product, i) => (
              <ProductCard key={product.p_id} product={product} currency={currency} eager={i < 3} headingLevel="h2" sizes={ALL_PRODUCTS_SIZES} />
            ))}
          </div>
        ) : loading ? null : searchPage && query.q ? (
          <div className="empty-state">
            <p>No jewellery matches “{query.q}”{listingSearch({ ...query, q: '', sort: '', page: 1 }) ? ' with these filters' : ''}.</p>
            {suggestions.length ? (
              <p className="shop__suggest">
                Did you mean{' '}
                {suggestions.map((word, i) => (
                  <span key={word}>
                    {i ? ', ' : ''}
                    <a href={`/search?q=${encodeURIComponent(word)}`}>{word}</a>
                  </span>
                ))}
                ?
              </p>
            ) : null}
            {bestSellers.length ? (
              <>
                <h2 className="shop__suggest-title">Our best sellers</h2>
                <div className="product-grid product-grid--3">
                  {bestSellers.map((product) => (
                    <ProductCard key={product.p_id} product={product} currency={currency} headingLevel="h3" sizes={ALL_PRODUCTS_SIZES} />
                  ))}
                </div>
              </>
            ) : null}
          </div>
        ) : (
          <div className="empty-state">
            <p>No products match your filters.</p>
            <button type="button" className="btn" onClick={clear}>
              Clear All Filters
            </button>
          </div>
        )}
        <Pagination page={query.page} pageCount={pageCount} onChange={goTo} label="All products pages" />
      </section>
    </div>
  );
}
