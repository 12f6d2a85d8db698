import { imageSources } from '../../lib/media.ts';
import { formatOrderMoney } from '../format.ts';
import type { OrderItemRow } from '../types.ts';

/** One order line as the back office writes it everywhere, with the document's placeholders where a value is missing (§3). */
export function orderLineText(item: OrderItemRow) {
  return {
    name: item.product?.name || 'Unknown Product',
    carat: item.carat?.name || 'N/A',
    material: item.material?.name || 'N/A',
    size: item.size?.size_name || 'N/A',
    quantity: item.quantity ?? 1,
  };
}

/**
 * The one table of an order's lines: on the desk (Manage Orders' View Items and
 * the order detail) with the picture and price, or on the packing slip with a
 * box to tick for each line packed.
 */
export function OrderItems({ items, currency, variant = 'desk' }: { items: OrderItemRow[]; currency?: 'INR' | 'USD'; variant?: 'desk' | 'packing-slip' }) {
  if (items.length === 0) return <p className="admin-empty">No items in this order</p>;
  const slip = variant === 'packing-slip';
  const table = (
    <table className={slip ? 'packing-slip__items' : 'admin-table'}>
      <thead>
        <tr>
          {!slip && <th scope="col">Image</th>}
          <th scope="col">{slip ? 'Item' : 'Product'}</th>
          <th scope="col">Carat</th>
          <th scope="col">Material</th>
          <th scope="col">Size</th>
          <th scope="col">{slip ? 'Qty' : 'Quantity'}</th>
          <th scope="col">{slip ? 'Packed' : 'Price'}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => {
          const line = orderLineText(item);
          const image = item.product?.images?.[0]?.imageUrl;
          return (
            <tr key={item.oi_id ?? index}>
              {!slip && (
                <td>
                  {image ? (
                    <img className="admin-thumb" {...imageSources('Products', image, 240, 240)} sizes="48px" alt={line.name} loading="lazy" width={48} height={48} />
                  ) : (
                    <span className="admin-thumb admin-thumb--placeholder">No Image</span>
                  )}
                </td>
              )}
              <td className={slip ? undefined : 'admin-cell-strong'}>{line.name}</td>
              <td>{line.carat}</td>
              <td>{line.material}</td>
              <td>{line.size}</td>
              <td className={slip ? undefined : 'admin-num'}>{line.quantity}</td>
              {slip ? <td className="packing-slip__tick">☐</td> : <td className="admin-num">{formatOrderMoney(item.price ?? 0, currency)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
  if (slip) return table;
  return (
    <div className="admin-items">
      <div className="admin-table-wrap">{table}</div>
    </div>
  );
}
