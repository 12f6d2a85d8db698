import { useCallback, useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api/client.ts';
import { firstImage, imageSources } from '../../lib/media.ts';
import { formatMoney } from '../../lib/money.ts';
import { runChange } from '../actions.ts';
import { AdminIcon } from '../components/AdminIcon.tsx';
import { ConfirmDialog } from '../components/Modal.tsx';
import { Pager } from '../components/Pager.tsx';
import { Screen, TableStateRow } from '../components/Screen.tsx';
import { useList } from '../hooks/useList.ts';
import type { Carat, Category, Material, Product, Size } from '../types.ts';
import { ProductForm } from './ProductForm.tsx';

/** The admin product list: 10 per page (§9). */
const PER_PAGE = 10;

/** What the product form chooses from. */
export interface ProductChoices {
  categories: Category[];
  materials: Material[];
  sizes: Size[];
  carats: Carat[];
}

type Editing = { mode: 'add' } | { mode: 'edit'; product: Product };

/**
 * Manage Products (§2): the table (10 per page, active and inactive), the
 * add/edit form and the activate/deactivate confirmation.
 */
export function ProductsScreen() {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Product[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [toggling, setToggling] = useState<Product | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef(0);
  const categories = useList<Category>(() => api.get('/getcategory'), null);
  const materials = useList<Material>(() => api.get('/getmaterials'), null);
  const sizes = useList<Size>(() => api.get('/getsize'), null);
  const carats = useList<Carat>(() => api.get('/getcarat'), null);
  const choices: ProductChoices = { categories: categories.items, materials: materials.items, sizes: sizes.items, carats: carats.items };

  const load = useCallback(async (wanted: number) => {
    const call = ++latest.current;
    setLoading(true);
    let productData: Product[] = [];
    let totalCount = 0;
    try {
      const answer = await api.post('/getallproducts', { page: wanted, perPage: PER_PAGE, is_admin: 0 });
      if (answer.status === 1 && answer.data) ({ productData, totalCount } = answer.data);
      else console.error('The product list could not be fetched', answer.description);
    } catch (error) {
      console.error('The product list could not be fetched', error);
    }
    if (call !== latest.current) return;
    setRows(productData);
    setTotal(totalCount);
    setLoading(false);
  }, []);

  useEffect(() => {
    void load(page);
  }, [load, page]);

  const confirmToggle = async () => {
    if (!toggling) return;
    const p_status = toggling.p_status === 1 ? 0 : 1;
    setBusy(true);
    const done = await runChange(() => api.post('/changeproductstatus', { p_status, p_id: toggling.p_id }), 'Failed to update product status.');
    setBusy(false);
    if (done) {
      setRows((list) => list.map((p) => (p.p_id === toggling.p_id ? { ...p, p_status } : p)));
      setToggling(null);
    }
  };

  const toggleWord = toggling?.p_status === 1 ? 'Deactivate' : 'Activate';

  return (
    <Screen
      title="Manage Products"
      actions={
        <button type="button" className="btn btn--small" onClick={() => setEditing({ mode: 'add' })}>
          <Icon name="plus" size={16} /> Add Product
        </button>
      }
    >
      <div className="admin-card">
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col" className="admin-col-no">
                  No
                </th>
                <th scope="col">Image</th>
                <th scope="col">Product</th>
                <th scope="col">Category</th>
                <th scope="col">Prices</th>
                <th scope="col">Status</th>
                <th scope="col" className="admin-col-actions">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              <TableStateRow colSpan={7} loading={loading} empty={rows.length === 0} emptyText="No products found" />
              {rows.map((product, index) => {
                const image = firstImage(product.images);
                const active = product.p_status === 1;
                return (
                  <tr key={product.p_id}>
                    <td className="admin-col-no">{(page - 1) * PER_PAGE + index + 1}</td>
                    <td>
                      {image ? (
                        <img className="admin-thumb" {...imageSources('Products', image, 240, 240)} sizes="56px" alt="" loading="lazy" width={56} height={56} />
                      ) : (
                        <span className="admin-thumb admin-thumb--placeholder">No Image</span>
                      )}
                    </td>
                    <td>
                      <a className="admin-cell-strong admin-product-link" href={`/product-details/${product.p_id}`} target="_blank" rel="noopener">
                        {product.name}
                      </a>
                      <div className="admin-tags">
                        {product.is_bestseller === 1 && <span className="admin-badge admin-badge--new">Bestseller</span>}
                        {product.isReel === 1 && <span className="admin-badge">Reel</span>}
                        {product.offer && <span className="admin-cell-muted">{product.offer}</span>}
                      </div>
                    </td>
                    <td>{product.category?.cate_name ?? '—'}</td>
                    <td className="admin-prices">
                      {product.productcarats.map((row) => (
                        <div key={row.pc_id} className="admin-num">
                          <span className="admin-cell-muted">{row.carat.name}</span> {formatMoney(row.inr_price, 'INR')} · {formatMoney(row.usd_price, 'USD')}
                        </div>
                      ))}
                    </td>
                    <td>
                      <span className={`admin-badge ${active ? 'admin-badge--on' : 'admin-badge--off'}`}>{active ? 'Active' : 'Inactive'}</span>
                    </td>
                    <td className="admin-col-actions">
                      <div className="admin-row-actions">
                        <button type="button" className="admin-icon-btn" onClick={() => setEditing({ mode: 'edit', product })} aria-label={`Edit ${product.name}`} title="Edit">
                          <AdminIcon name="edit" />
                        </button>
                        <button type="button" className={`admin-text-btn${active ? ' admin-text-btn--danger' : ''}`} onClick={() => setToggling(product)} aria-label={`${active ? 'Deactivate' : 'Activate'} ${product.name}`}>
                          {active ? 'Deactivate' : 'Activate'}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Pager page={page} pageSize={PER_PAGE} total={total} onPage={setPage} noun="products" label="Product pages" />
      </div>

      {editing && (
        <ProductForm
          product={editing.mode === 'edit' ? editing.product : null}
          choices={choices}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            // A new product is the newest: it shows on page 1.
            if (editing.mode === 'add' && page !== 1) setPage(1);
            else void load(page);
          }}
        />
      )}
      {toggling && (
        <ConfirmDialog
          title={`${toggleWord} Product`}
          message={
            <>
              Are you sure you want to {toggleWord.toLowerCase()} <strong>{toggling.name}</strong>?{' '}
              {toggling.p_status === 1 ? 'It will leave the storefront.' : 'It will show on the storefront again.'}
            </>
          }
          confirmLabel={toggleWord}
          danger={toggling.p_status === 1}
          busy={busy}
          onCancel={() => setToggling(null)}
          onConfirm={confirmToggle}
        />
      )}
    </Screen>
  );
}
