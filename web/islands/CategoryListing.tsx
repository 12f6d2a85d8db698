import { useEffect, useRef, useState } from 'react';
import { Pagination } from '../components/Pagination.tsx';
import { type CardProduct, ProductCard } from '../components/ProductCard.tsx';
import { api } from '../lib/api/client.ts';
import { useCurrency } from '../lib/use-currency.ts';
import { toast } from '../stores/toast.ts';

/** Category listing: 12 per page (§9). */
export const CATEGORY_PER_PAGE = 12;

export interface ChosenCategory {
  cate_id: number;
  cate_name: string;
}

export interface CategoryListingProps {
  /** The pre-rendered category; null on /singlecategory, which reads it from navigation state or ?cate_id=. */
  category: ChosenCategory | null;
  /** How many products the pre-rendered category holds. */
  initialTotal?: number;
  /** The pre-rendered first page: static HTML shown until the page changes (never hydrated). */
  children?: React.ReactNode;
}

/** The category a bare /singlecategory visit means: history state from a tile, else ?cate_id=. */
function categoryFromNavigation(): { cate_id: number; cate_name?: string } | null {
  const state = history.state as { category?: ChosenCategory } | null;
  if (state?.category?.cate_id) return state.category;
  const id = Number(new URLSearchParams(location.search).get('cate_id'));
  return Number.isInteger(id) && id > 0 ? { cate_id: id } : null;
}

/** The page the address names (`?page=2`), 1 when none. */
function pageFromAddress(): number {
  const page = Number(new URLSearchParams(location.search).get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * Products of one category (§2): cate_name title, Our Collection grid of 2-4
 * columns, 12 per page, wishlist and Add to Cart on each card. Pages after
 * the first come from POST /getproducts with the category's cate_id.
 */
export default function CategoryListing({ category: initialCategory, initialTotal = 0, children }: CategoryListingProps) {
  const currency = useCurrency();
  const [category, setCategory] = useState<{ cate_id: number; cate_name?: string } | null>(initialCategory);
  const [missing, setMissing] = useState(false);
  const [page, setPage] = useState(1);
  // null: the pre-rendered first page (children) is on screen, or nothing is loaded yet.
  const [products, setProducts] = useState<CardProduct[] | null>(null);
  const [total, setTotal] = useState(initialTotal);
  const [loading, setLoading] = useState(initialCategory === null);
  const skipFirst = useRef(initialCategory !== null);
  const top = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const pageCount = Math.ceil(total / CATEGORY_PER_PAGE);

  // The page lives in the address: a reload, Back and a shared link show the same page.
  useEffect(() => {
    root.current?.setAttribute('data-island-live', '');
    const fromAddress = () => {
      const next = pageFromAddress();
      if (next !== 1) skipFirst.current = false;
      setPage(next);
    };
    fromAddress();
    window.addEventListener('popstate', fromAddress);
    return () => window.removeEventListener('popstate', fromAddress);
  }, []);

  useEffect(() => {
    if (initialCategory) return;
    const chosen = categoryFromNavigation();
    if (!chosen) {
      setMissing(true);
      setLoading(false);
      return;
    }
    setCategory(chosen);
    if (!chosen.cate_name) {
      api
        .get('/getcategory')
        .then((answer) => {
          const list = (answer.status === 1 ? answer.data : []) as ChosenCategory[];
          const found = list.find((c) => c.cate_id === chosen.cate_id);
          if (found) setCategory(found);
          else setMissing(true);
        })
        .catch(() => toast.error('Failed To Fetch Category List.'));
    }
  }, []);

  useEffect(() => {
    if (!category) return;
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let current = true;
    setLoading(true);
    api
      .post('/getproducts', { isReel: '0', page, perPage: CATEGORY_PER_PAGE, cate_id: category.cate_id })
      .then((answer) => {
        if (!current) return;
        const data = answer.data as { productData?: CardProduct[]; totalCount?: number } | null;
        if (answer.status === 1 && data?.productData) {
          setProducts(data.productData);
          setTotal(data.totalCount ?? 0);
        } else {
          setProducts([]);
          setTotal(0);
        }
      })
      .catch(() => {
        if (current) toast.error('Failed To Fetch Products List.');
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [category?.cate_id, page]);

  useEffect(() => {
    if (!initialCategory && category?.cate_name) document.title = `${category.cate_name} | Aurum Jewels`;
  }, [category?.cate_name]);

  const goTo = (next: number) => {
    const params = new URLSearchParams(location.search);
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    const search = params.toString();
    history.pushState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}`);
    skipFirst.current = false;
    setPage(next);
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  if (missing) {
    return (
      <div className="empty-state">
        <p>Choose a category to see its collection.</p>
        <a className="btn" href="/category">
          Browse Categories
        </a>
      </div>
    );
  }

  return (
    <div ref={root}>
      {!initialCategory ? (
        <div className="listing-title">
          <nav className="breadcrumb" aria-label="Breadcrumb">
            <ol>
              <li>
                <a href="/">Home</a>
              </li>
              <li aria-current="page">{category?.cate_name ?? '…'}</li>
            </ol>
          </nav>
          <h1>{category?.cate_name ?? 'Loading…'}</h1>
        </div>
      ) : null}
      <div ref={top} className="listing-head">
        <h2>Our Collection</h2>
        <span>
          {total} piece{total === 1 ? '' : 's'}
        </span>
      </div>
      {products === null && children ? (
        <div className={loading ? 'is-loading' : undefined}>{children}</div>
      ) : products?.length ? (
        <div className={`product-grid product-grid--4${loading ? ' is-loading' : ''}`} aria-busy={loading}>
          {products.map((product, i) => (
            <ProductCard key={product.p_id} product={product} currency={currency} wishlist eager={i < 4} />
          ))}
        </div>
      ) : loading || products === null ? (
        <p className="listing-loading">Loading…</p>
      ) : (
        <div className="empty-state">
          <p>No pieces in this category yet.</p>
          <a className="btn" href="/allproducts">
            Browse All Products
          </a>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} onChange={goTo} label="Collection pages" />
    </div>
  );
}
