import { firstImage, imageSources } from '../../lib/media.ts';
import { formatMoney } from '../../../rules/money.ts';
import { EditAction, RowActions } from '../components/RowActions.tsx';
import type { Product } from '../types.ts';

export interface ProductRowProps {
  product: Product;
  /** Its place in the whole list (the No column). */
  number: number;
  onEdit: () => void;
  /** Asks to activate or deactivate it. */
  onToggle: () => void;
}

/** One product of Manage Products: picture, name and tags, category, prices, stock, status, and its actions. */
export function ProductRow({ product, number, onEdit, onToggle }: ProductRowProps) {
  const image = firstImage(product.images);
  const active = product.p_status === 1;
  return (
    <tr>
      <td className="admin-col-no">{number}</td>
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
      <RowActions>
        <EditAction label={`Edit ${product.name}`} onClick={onEdit} />
        <button type="button" className={`admin-text-btn${active ? ' admin-text-btn--danger' : ''}`} onClick={onToggle} aria-label={`${active ? 'Deactivate' : 'Activate'} ${product.name}`}>
          {active ? 'Deactivate' : 'Activate'}
        </button>
      </RowActions>
    </tr>
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
