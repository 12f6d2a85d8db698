import { useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { ConfirmDialog } from '../components/Modal.tsx';
import { AddButton, FilterSelect, ListTable, Screen, SearchBox } from '../components/Screen.tsx';
import { useConfirmation } from '../hooks/useConfirmation.ts';
import { useDebounced } from '../hooks/useDebounced.ts';
import { useList, usePagedList } from '../hooks/useList.ts';
import { ImportProducts } from '../products/ImportProducts.tsx';
import type { Carat, Category, Material, Product, Size } from '../types.ts';
import { type ProductChoices, ProductForm } from './ProductForm.tsx';
import { ProductRow } from './ProductRow.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; product: Product };

/** The list's filters as the server takes them (POST /getallproducts `filter`, administrators only). */
export function productListFilter(name: string, cateId: string, status: string) {
  return {
    ...(name.trim() ? { name: name.trim() } : {}),
    ...(cateId ? { categories: [Number(cateId)] } : {}),
    ...(status === '1' || status === '0' ? { p_status: Number(status) as 0 | 1 } : {}),
  };
}

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

/**
 * Manage Products (§2): the table (10 per page, active and inactive; search by
 * name, filter by category and status, all done by the server), the add/edit
 * form and the activate/deactivate confirmation.
 */
export function ProductsScreen() {
  const categories = useList<Category>(() => api.get('/getcategory'), null);
  const materials = useList<Material>(() => api.get('/getmaterials'), null);
  const sizes = useList<Size>(() => api.get('/getsize'), null);
  const carats = useList<Carat>(() => api.get('/getcarat'), null);
  const choices: ProductChoices = { categories: categories.items, materials: materials.items, sizes: sizes.items, carats: carats.items };
  const [search, setSearch] = useState('');
  const [cateId, setCateId] = useState('');
  const [status, setStatus] = useState('');
  const filter = productListFilter(useDebounced(search), cateId, status);
  const list = usePagedList<Product>(
    async (page, perPage) => {
      const answer = await api.post('/getallproducts', { page, perPage, is_admin: 0, filter });
      return { ...answer, data: answer.data ? { rows: answer.data.productData, total: answer.data.totalCount } : null };
    },
    'The product list could not be fetched',
    false,
    filter,
  );
  const filtered = Object.keys(filter).length > 0;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [importing, setImporting] = useState(false);
  const toggling = useConfirmation<Product>(
    (product) => api.post('/changeproductstatus', { p_status: toggledStatus(product), p_id: product.p_id }),
    'Failed to update product status.',
    (product) => list.setRows((rows) => rows.map((p) => (p.p_id === product.p_id ? { ...p, p_status: toggledStatus(product) } : p))),
  );

  const toggleWord = toggling.record?.p_status === 1 ? 'Deactivate' : 'Activate';

  return (
    <Screen
      title="Manage Products"
      actions={
        <>
          <button type="button" className="btn btn--ghost btn--small" aria-expanded={importing} onClick={() => setImporting(!importing)}>
            Import CSV
          </button>
          <AddButton label="Add Product" onClick={() => setEditing({ mode: 'add' })} />
        </>
      }
    >
      {importing && <ImportProducts onImported={() => void list.reload()} />}
      <div className="admin-toolbar admin-toolbar--filters">
        <SearchBox value={search} onChange={setSearch} placeholder="Search product name" label="Search products by name" />
        <div className="admin-filters">
          <FilterSelect
            label="Category"
            value={cateId}
            onChange={setCateId}
            options={[{ value: '', label: 'All categories' }, ...categories.items.map((c) => ({ value: String(c.cate_id), label: c.cate_name }))]}
          />
          <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
        </div>
      </div>
      <ListTable
        numbered
        className="admin-card--cards"
        columns={['Image', 'Product', 'Category', 'Prices', 'Stock', 'Status']}
        list={list}
        emptyText={filtered ? 'No products match these filters' : 'No products found'}
        pager={{ ...list.pager, noun: 'products', label: 'Product pages' }}
        rows={list.rows.map((product, index) => (
          <ProductRow key={product.p_id} product={product} number={list.offset + index + 1} onEdit={() => setEditing({ mode: 'edit', product })} onToggle={() => toggling.ask(product)} />
        ))}
      />

      {editing && (
        <ProductForm
          product={editing.mode === 'edit' ? editing.product : null}
          choices={choices}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            // A new product is the newest: it shows on page 1.
            if (editing.mode === 'add' && list.page !== 1) list.setPage(1);
            else void list.reload();
          }}
        />
      )}
      {toggling.record && (
        <ConfirmDialog
          title={`${toggleWord} Product`}
          message={
            <>
              Are you sure you want to {toggleWord.toLowerCase()} <strong>{toggling.record.name}</strong>?{' '}
              {toggling.record.p_status === 1 ? 'It will leave the storefront.' : 'It will show on the storefront again.'}
            </>
          }
          confirmLabel={toggleWord}
          danger={toggling.record.p_status === 1}
          {...toggling.dialog}
        />
      )}
    </Screen>
  );
}

/** The status a product's toggle sets: an active product goes inactive and back. */
function toggledStatus(product: Product): 0 | 1 {
  return product.p_status === 1 ? 0 : 1;
}
