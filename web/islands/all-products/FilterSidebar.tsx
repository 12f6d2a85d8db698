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

/** One checkbox of a filter group. */
interface CheckBox {
  key: string | number;
  label: string;
  checked: boolean;
  toggle: () => void;
}

/** A group of the sidebar's checkboxes under its legend. */
function CheckGroup({ legend, boxes }: { legend: string; boxes: ReadonlyArray<CheckBox> }) {
  return (
    <fieldset className="filters__group">
      <legend>{legend}</legend>
      {boxes.map((box) => (
        <label key={box.key} className="check">
          <input type="checkbox" checked={box.checked} onChange={box.toggle} />
          <span>{box.label}</span>
        </label>
      ))}
    </fieldset>
  );
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
          <CheckGroup
            legend="Categories"
            boxes={categories.map((c) => ({ key: c.cate_id, label: c.cate_name, checked: draft.categories.includes(c.cate_id), toggle: () => toggleFilter('categories', c.cate_id) }))}
          />
          {carats.length ? (
            <CheckGroup
              legend="Purity"
              boxes={carats.map((k) => ({ key: k.carat_id, label: k.name, checked: draft.purity.includes(k.name), toggle: () => toggleFilter('purity', k.name) }))}
            />
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
          <CheckGroup
            legend="Materials"
            boxes={materials.map((m) => ({ key: m.m_id, label: m.name, checked: draft.materials.includes(m.m_id), toggle: () => toggleFilter('materials', m.m_id) }))}
          />
          <CheckGroup legend="Availability" boxes={[{ key: 'in-stock', label: 'In stock', checked: draft.inStock, toggle: () => editFilters({ inStock: !draft.inStock }) }]} />
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
