import { useStore } from '@nanostores/react';
import type { Currency } from '../../../rules/money.ts';
import { Icon } from '../../components/Icon.tsx';
import type { components } from '../../lib/api/schema.d.ts';
import { $filterDraft, $filtersChanged, $showFilters, applyFilters, clearFilters, editFilters, toggleFilter } from '../../stores/all-products.ts';

type Carat = components['schemas']['Carat'];
type Category = components['schemas']['Category'];
type Material = components['schemas']['Material'];

export interface FilterSidebarProps {
  categories: Category[];
  materials: Material[];
  carats: Carat[];
  currency: Currency;
}

/** The filters: categories, purity, Min/Max price, materials, in stock; Apply and Clear. Behind Show Filters on a phone. */
export function FilterSidebar({ categories, materials, carats, currency }: FilterSidebarProps) {
  const draft = useStore($filterDraft);
  const changed = useStore($filtersChanged);
  const showFilters = useStore($showFilters);
  const symbol = currency === 'INR' ? '₹' : '$';
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost shop__toggle"
        aria-expanded={showFilters}
        aria-controls="product-filters"
        onClick={() => $showFilters.set(!showFilters)}
      >
        <Icon name="filter" size={18} /> {showFilters ? 'Hide Filters' : 'Show Filters'}
      </button>
      <aside id="product-filters" className={`filters${showFilters ? ' is-open' : ''}`} aria-label="Filters">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            applyFilters();
          }}
        >
          <fieldset className="filters__group">
            <legend>Categories</legend>
            {categories.map((c) => (
              <label key={c.cate_id} className="check">
                <input type="checkbox" checked={draft.categories.includes(c.cate_id)} onChange={() => toggleFilter('categories', c.cate_id)} />
                <span>{c.cate_name}</span>
              </label>
            ))}
          </fieldset>
          {carats.length ? (
            <fieldset className="filters__group">
              <legend>Purity</legend>
              {carats.map((k) => (
                <label key={k.carat_id} className="check">
                  <input type="checkbox" checked={draft.purity.includes(k.name)} onChange={() => toggleFilter('purity', k.name)} />
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
                <input className="input" type="number" min={0} inputMode="numeric" placeholder="Min" value={draft.minPrice} onChange={(e) => editFilters({ minPrice: e.target.value })} />
              </label>
              <label>
                <span>Max</span>
                <input className="input" type="number" min={0} inputMode="numeric" placeholder="Max" value={draft.maxPrice} onChange={(e) => editFilters({ maxPrice: e.target.value })} />
              </label>
            </div>
          </fieldset>
          <fieldset className="filters__group">
            <legend>Materials</legend>
            {materials.map((m) => (
              <label key={m.m_id} className="check">
                <input type="checkbox" checked={draft.materials.includes(m.m_id)} onChange={() => toggleFilter('materials', m.m_id)} />
                <span>{m.name}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className="filters__group">
            <legend>Availability</legend>
            <label className="check">
              <input type="checkbox" checked={draft.inStock} onChange={() => editFilters({ inStock: !draft.inStock })} />
              <span>In stock</span>
            </label>
          </fieldset>
          <div className="filters__actions">
            <button type="submit" className="btn" aria-disabled={!changed}>
              Apply
            </button>
            <button type="button" className="btn btn--ghost" onClick={clearFilters}>
              Clear
            </button>
          </div>
        </form>
      </aside>
    </>
  );
}
