import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Pagination } from '../components/Pagination.tsx';
import { parseListingQuery } from '../lib/listing-url.ts';
import { useCurrency } from '../lib/use-currency.ts';
import { $loading, $pageCount, $query, goToPage, showListing, startAllProducts } from '../stores/all-products.ts';
import { FilterSidebar, type FilterSidebarProps } from './all-products/FilterSidebar.tsx';
import { ResultsBar } from './all-products/ResultsBar.tsx';
import { ResultsGrid } from './all-products/ResultsGrid.tsx';

export { PER_PAGE } from '../stores/all-products.ts';
export { ALL_PRODUCTS_SIZES } from './all-products/ResultsGrid.tsx';

/** The categories, materials and carats the filters offer, and the first page. */
export interface AllProductsProps extends Omit<FilterSidebarProps, 'currency'> {
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
 * address (web/lib/listing-url.ts) and the list in web/stores/all-products.ts: Back,
 * reload and a shared link keep them. Page 1 unfiltered is pre-rendered; every other
 * list asks POST /getallproducts.
 */
export default function AllProducts({ categories, materials, carats, initialTotal, searchPage = false, children }: AllProductsProps) {
  useState(() => startAllProducts({ carats, initialTotal }));
  const currency = useCurrency();
  const page = useStore($query).page;
  const pageCount = useStore($pageCount);
  const loading = useStore($loading);
  const root = useRef<HTMLDivElement>(null);
  const gridTop = useRef<HTMLDivElement>(null);

  // The address decides the first list, and Back/Forward move through the lists shown.
  useEffect(() => {
    root.current?.setAttribute('data-island-live', '');
    const fromAddress = () => showListing(parseListingQuery(location.search), false);
    // Page 1 unfiltered is on the page already.
    if (searchPage || location.search.length > 1) fromAddress();
    window.addEventListener('popstate', fromAddress);
    return () => window.removeEventListener('popstate', fromAddress);
  }, []);

  return (
    <div className="shop" ref={root}>
      <FilterSidebar categories={categories} materials={materials} carats={carats} currency={currency} />
      <section className="shop__results" aria-label="Products" aria-busy={loading}>
        <ResultsBar searchPage={searchPage} barRef={gridTop} />
        <ResultsGrid currency={currency} searchPage={searchPage}>
          {children}
        </ResultsGrid>
        <Pagination
          page={page}
          pageCount={pageCount}
          onChange={(next) => {
            goToPage(next);
            gridTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }}
          label="All products pages"
        />
      </section>
    </div>
  );
}
