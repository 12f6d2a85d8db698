import { useStore } from '@nanostores/react';
import type { Ref } from 'react';
import type { ListingSort } from '../../lib/listing-url.ts';
import { $products, $query, $total, sortListing } from '../../stores/all-products.ts';

type SortOption = { value: ListingSort | ''; label: string };
const COMMON_SORTS: SortOption[] = [
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'bestsellers', label: 'Best sellers' },
];
/** The listing's default order is newest first; a search's is relevance. */
const LISTING_SORTS: SortOption[] = [{ value: '', label: 'Newest' }, ...COMMON_SORTS];
const SEARCH_SORTS: SortOption[] = [{ value: '', label: 'Relevance' }, { value: 'newest', label: 'Newest' }, ...COMMON_SORTS];

/** How many pieces the list holds (for a search, for what), and the sort. */
export function ResultsBar({ searchPage, barRef }: { searchPage: boolean; barRef: Ref<HTMLDivElement> }) {
  const query = useStore($query);
  const total = useStore($total);
  const searching = useStore($products) === null;
  const sorts = searchPage ? SEARCH_SORTS : LISTING_SORTS;
  const pieces = `${total} piece${total === 1 ? '' : 's'}`;
  return (
    <div ref={barRef} className="shop__bar">
      <p className="shop__count">{searchPage && query.q ? (searching ? 'Searching…' : `${pieces} for “${query.q}”`) : pieces}</p>
      <label className="shop__sort">
        <span>Sort by</span>
        <select className="input" value={query.sort} onChange={(e) => sortListing(e.target.value as ListingSort | '')}>
          {sorts.map((s) => (
            <option key={s.value || 'default'} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
