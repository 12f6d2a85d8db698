import { useEffect, useRef, useState } from 'react';
import type { CategoryView, MaterialView } from '../../db/queries/catalogue.ts';
import { Icon } from '../components/Icon.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { type CardProduct, ProductCard } from '../components/ProductCard.tsx';
import { api } from '../lib/api/client.ts';
import { priceColumn } from '../../rules/money.ts';
import { useCurrency } from '../lib/use-currency.ts';
import { toast } from '../stores/toast.ts';

/** All products, 12 per page (§9). */
export const PER_PAGE = 12;

/** Image `sizes` of the 2/3-column grid beside the sidebar. */
export const ALL_PRODUCTS_SIZES = '(min-width: 1240px) 300px, (min-width: 900px) 25vw, 50vw';

interface Filters {
  categories: number[];
  materials: number[];
  minPrice: string;
  maxPrice: string;
}

const NO_FILTERS: Filters = { categories: [], materials: [], minPrice: '', maxPrice: '' };

export interface AllProductsProps {
  categories: CategoryView[];
  materials: MaterialView[];
  /** How many products page 1 (pre-rendered, passed as children) is out of. */
  initialTotal: number;
  /** The pre-rendered grid of page 1: static HTML the island shows until the list changes (it is never hydrated). */
  children?: React.ReactNode;
}

/**
 * All Products (§2, §4): filter sidebar (categories, Min/Max price, materials,
 * Apply only after a change and back to page 1, Clear), the grid, pagination.
 * Page 1 is pre-rendered; every later change asks POST /getallproducts.
 */
export default function AllProducts({ categories, materials, initialTotal, children }: AllProductsProps) {
  const currency = useCurrency();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [changed, setChanged] = useState(false);
  const [page, setPage] = useState(1);
  // null: the pre-rendered page 1 (children) is still on screen.
  const [products, setProducts] = useState<CardProduct[] | null>(null);
  const [total, setTotal] = useState(initialTotal);
  const [loading, setLoading] = useState(false);
  const [showFilters, setShowFilters] = useState(false);
  const gridTop = useRef<HTMLDivElement>(null);
  const request = useRef(0);
  const firstLoad = useRef(true);
  const pageCount = Math.ceil(total / PER_PAGE);

  const load = async (nextPage: number, using: Filters) => {
    const mine = ++request.current;
    setLoading(true);
    try {
      const answer = await api.post('/getallproducts', {
        is_admin: 1,
        page: nextPage,
        perPage: PER_PAGE,
        filter: {
          countryCode: priceColumn(currency),
          minPrice: using.minPrice === '' ? undefined : Number(using.minPrice),
          maxPrice: using.maxPrice === '' ? undefined : Number(using.maxPrice),
          materials: using.materials,
          categories: using.categories,
        },
      });
      if (mine !== request.current) return;
      const data = answer.data as { productData?: CardProduct[]; totalCount?: number } | null;
      if (answer.status === 1 && data?.productData) {
        setProducts(data.productData);
        setTotal(data.totalCount ?? 0);
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

  // Changing the page reloads the list (§4); page 1 unfiltered is already on the page.
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    void load(page, applied);
  }, [page, applied]);

  const edit = (next: Partial<Filters>) => {
    setFilters({ ...filters, ...next });
    setChanged(true);
  };
  const toggle = (key: 'categories' | 'materials', id: number) => {
    const list = filters[key];
    edit({ [key]: list.includes(id) ? list.filter((x) => x !== id) : [...list, id] });
  };
  const apply = (event?: React.FormEvent) => {
    event?.preventDefault();
    if (!changed) return;
    setChanged(false);
    setPage(1);
    setApplied({ ...filters });
    setShowFilters(false);
  };
  const clear = () => {
    setFilters(NO_FILTERS);
    setChanged(false);
    setPage(1);
    setApplied({ ...NO_FILTERS });
  };
  const goTo = (next: number) => {
    setPage(Math.min(Math.max(1, next), Math.max(1, pageCount)));
    gridTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="shop">
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
                <input type="checkbox" checked={filters.categories.includes(c.cate_id)} onChange={() => toggle('categories', c.cate_id)} />
                <span>{c.cate_name}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className="filters__group">
            <legend>Price ({currency === 'INR' ? '₹' : '$'})</legend>
            <div className="filters__prices">
              <label>
                <span>Min</span>
                <input className="input" type="number" min={0} inputMode="numeric" placeholder="Min" value={filters.minPrice} onChange={(e) => edit({ minPrice: e.target.value })} />
              </label>
              <label>
                <span>Max</span>
                <input className="input" type="number" min={0} inputMode="numeric" placeholder="Max" value={filters.maxPrice} onChange={(e) => edit({ maxPrice: e.target.value })} />
              </label>
            </div>
          </fieldset>
          <fieldset className="filters__group">
            <legend>Materials</legend>
            {materials.map((m) => (
              <label key={m.m_id} className="check">
                <input type="checkbox" checked={filters.materials.includes(m.m_id)} onChange={() => toggle('materials', m.m_id)} />
                <span>{m.name}</span>
              </label>
            ))}
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
        <div ref={gridTop} className="shop__count">
          {total} piece{total === 1 ? '' : 's'}
        </div>
        {products === null ? (
          <div className={loading ? 'is-loading' : undefined}>{children}</div>
        ) : products.length ? (
          <div className={`product-grid product-grid--3${loading ? ' is-loading' : ''}`}>
            {products.map((product, i) => (
              <ProductCard key={product.p_id} product={product} currency={currency} eager={i < 3} headingLevel="h2" sizes={ALL_PRODUCTS_SIZES} />
            ))}
          </div>
        ) : loading ? null : (
          <div className="empty-state">
            <p>No products match your filters.</p>
            <button type="button" className="btn" onClick={clear}>
              Clear All Filters
            </button>
          </div>
        )}
        <Pagination page={page} pageCount={pageCount} onChange={goTo} label="All products pages" />
      </section>
    </div>
  );
}
