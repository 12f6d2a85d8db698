import { useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { firstImage, imageSources } from '../../lib/media.ts';
import { formatMoney } from '../../../rules/money.ts';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { ConfirmDialog } from '../components/Modal.tsx';
import { AddButton, FilterSelect, ListTable, Screen, SearchBox } from '../components/Screen.tsx';
import { useConfirmation } from '../hooks/useConfirmation.ts';
import { useDebounced } from '../hooks/useDebounced.ts';
import { useList, usePagedList } from '../hooks/useList.ts';
import type { Carat, Category, Material, Product, Size } from '../types.ts';
import { type ProductChoices, ProductForm } from './ProductForm.tsx';

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
  const toggling = useConfirmation<Product>(
    (product) => api.post('/changeproductstatus', { p_status: toggledStatus(product), p_id: product.p_id }),
    'Failed to update product status.',
    (product) => list.setRows((rows) => rows.map((p) => (p.p_id === product.p_id ? { ...p, p_status: toggledStatus(product) } : p))),
  );

  const toggleWord = toggling.record?.p_status === 1 ? 'Deactivate' : 'Activate';

  return (
    <Screen title="Manage Products" actions={<AddButton label="Add Product" onClick={() => setEditing({ mode: 'add' })} />}>
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
        rows={list.rows.map((product, index) => {
          const image = firstImage(product.images);
          const active = product.p_status === 1;
          return (
            <tr key={product.p_id}>
              <td className="admin-col-no">{list.offset + index + 1}</td>
              <td className="admin-cell-media">
                {image ? (
                  <img className="admin-thumb" {...imageSources('Products', image, 240, 240)} sizes="56px" alt="" loading="lazy" width={56} height={56} />
                ) : (
                  <span className="admin-thumb admin-thumb--placeholder">No Image</span>
                )}
              </td>
              <td className="admin-cell-lead">
                <a className="admin-cell-strong admin-product-link" href={`/product-details/${product.p_id}`} target="_blank" rel="noopener">
                  {product.name}
                </a>
                <div className="admin-tags">
                  {product.is_bestseller === 1 && <span className="admin-badge admin-badge--new">Bestseller</span>}
                  {product.isReel === 1 && <span className="admin-badge">Reel</span>}
                  {product.offer && <span className="admin-cell-muted">{product.offer}</span>}
                </div>
              </td>
              <td data-label="Category">{product.category?.cate_name ?? '—'}</td>
              <td className="admin-prices" data-label="Prices">
                {product.productcarats.map((row) => (
                  <div key={row.pc_id} className="admin-num">
                    <span className="admin-cell-muted">{row.carat.name}</span> {formatMoney(row.inr_price, 'INR')} · {formatMoney(row.usd_price, 'USD')}
                  </div>
                ))}
              </td>
              <td className="admin-stock-cell" data-label="Stock">
                <StockSummary product={product} />
              </td>
              <td data-label="Status">
                <span className={`admin-badge ${active ? 'admin-badge--on' : 'admin-badge--off'}`}>{active ? 'Active' : 'Inactive'}</span>
              </td>
              <td className="admin-col-actions">
                <div className="admin-row-actions">
                  <button type="button" className="admin-icon-btn" onClick={() => setEditing({ mode: 'edit', product })} aria-label={`Edit ${product.name}`} title="Edit">
                    <AdminIcon name="edit" />
                  </button>
                  <button type="button" className={`admin-text-btn${active ? ' admin-text-btn--danger' : ''}`} onClick={() => toggling.ask(product)} aria-label={`${active ? 'Deactivate' : 'Activate'} ${product.name}`}>
                    {active ? 'Deactivate' : 'Activate'}
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
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

type StockRow = Pick<Product['productcarats'][number], 'pc_id' | 'stock' | 'lead_time_days'> & { carat: { name: string } };

/** One carat row's stock in words: "3 in stock", "Sold out", "Made to order · 21 days". */
export function stockWords(row: StockRow): { text: string; tone: 'in' | 'out' | 'order' } {
  if (row.stock === null) return { text: row.lead_time_days ? `Made to order · ${row.lead_time_days} days` : 'Made to order', tone: 'order' };
  if (row.stock <= 0) return { text: 'Sold out', tone: 'out' };
  return { text: `${row.stock} in stock`, tone: 'in' };
}

/** A product's stock: the pieces in stock in all, then each carat row (sold out in red). */
function StockSummary({ product }: { product: Pick<Product, 'productcarats'> }) {
  const rows = product.productcarats;
  if (rows.length === 0) return <span className="admin-cell-muted">—</span>;
  const counted = rows.filter((row) => row.stock !== null);
  const total = counted.reduce((sum, row) => sum + Math.max(0, row.stock ?? 0), 0);
  const words = rows.map(stockWords);
  // Every row alike (all made to order in the same days, all sold out): one line says it.
  if (words.every((w) => w.text === words[0].text) && words[0].tone !== 'in') {
    return <strong className={words[0].tone === 'out' ? 'admin-stock--out' : 'admin-stock--order'}>{words[0].text}</strong>;
  }
  const someToOrder = counted.length < rows.length;
  const summary = counted.length === 0 ? 'Made to order' : total > 0 ? `${total} in stock${someToOrder ? ' + made to order' : ''}` : someToOrder ? 'Made to order; the rest sold out' : 'Sold out';
  return (
    <div className="admin-stock">
      <strong className={summary === 'Sold out' ? 'admin-stock--out' : undefined}>{summary}</strong>
      {rows.length > 1
        ? rows.map((row, i) => (
            <div key={row.pc_id} className={`admin-stock__row admin-stock__row--${words[i].tone}`}>
              <span className="admin-cell-muted">{row.carat.name}</span> <span className={words[i].tone === 'out' ? 'admin-stock--out' : undefined}>{words[i].text}</span>
            </div>
          ))
        : null}
    </div>
  );
}

/** The status a product's toggle sets: an active product goes inactive and back. */
function toggledStatus(product: Product): 0 | 1 {
  return product.p_status === 1 ? 0 : 1;
}
