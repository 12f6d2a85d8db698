import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { Currency } from '../../../rules/money.ts';
import { ProductCard } from '../../components/ProductCard.tsx';
import { listingSearch } from '../../lib/listing-url.ts';
import { $bestSellers, $loading, $products, $query, $suggestions, clearFilters } from '../../stores/all-products.ts';

/** Image `sizes` of the 2/3-column grid beside the sidebar. */
export const ALL_PRODUCTS_SIZES = '(min-width: 1240px) 300px, (min-width: 900px) 25vw, 50vw';

/**
 * The products: the pre-rendered page 1 (children) until the list changes, the grid,
 * or what to say when nothing matches (a search's suggestions and best sellers).
 */
export function ResultsGrid({ currency, searchPage, children }: { currency: Currency; searchPage: boolean; children?: ReactNode }) {
  const products = useStore($products);
  const loading = useStore($loading);
  const query = useStore($query);
  if (products === null) return searchPage ? null : <div className={loading ? 'is-loading' : undefined}>{children}</div>;
  if (products.length) {
    return (
      <div className={`product-grid product-grid--3${loading ? ' is-loading' : ''}`}>
        {products.map((product, i) => (
          <ProductCard key={product.p_id} product={product} currency={currency} eager={i < 3} headingLevel="h2" sizes={ALL_PRODUCTS_SIZES} />
        ))}
      </div>
    );
  }
  if (loading) return null;
  if (searchPage && query.q) return <NoSearchResults currency={currency} />;
  return (
    <div className="empty-state">
      <p>No products match your filters.</p>
      <button type="button" className="btn" onClick={clearFilters}>
        Clear All Filters
      </button>
    </div>
  );
}

/** A search that found nothing: "Did you mean" and the best sellers. */
function NoSearchResults({ currency }: { currency: Currency }) {
  const query = useStore($query);
  const suggestions = useStore($suggestions);
  const bestSellers = useStore($bestSellers);
  return (
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
  );
}
