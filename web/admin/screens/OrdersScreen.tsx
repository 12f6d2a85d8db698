import { Fragment, useEffect, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { imageSources } from '../../lib/media.ts';
import { toast } from '../../stores/toast.ts';
import { ListTable, Screen } from '../components/Screen.tsx';
import { formatLongDate, formatOrderMoney, knownStatus, ORDER_STATUSES, shippingAddress } from '../format.ts';
import { useClientTable } from '../hooks/useList.ts';
import type { OrderItemRow, OrderRow } from '../types.ts';
import { HuidEntry } from '../components/HuidEntry.tsx';

const COLUMNS = 6;

/** Why a call failed, as a person reads it. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Manage Orders (§2): Order ID, Date, Total, Status (a dropdown that changes
 * only when the server says so), Shipping Address, and View Items / Hide Items
 * opening the order's lines. A failed fetch shows 'Error fetching orders: …'
 * in place of the page (§8).
 */
export function OrdersScreen() {
  const [orders, setOrders] = useState<OrderRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const table = useClientTable(orders, () => true);

  useEffect(() => {
    let live = true;
    api.get('/getallorders')
      .then((answer) => {
        if (!live) return;
        if (answer.status === 1 && Array.isArray(answer.data)) setOrders(answer.data);
        else setFailure(answer.description || 'The orders could not be loaded.');
      })
      .catch((error: unknown) => live && setFailure(reasonOf(error)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const toggle = (o_id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(o_id)) next.add(o_id);
      return next;
    });

  const changeStatus = async (order: OrderRow, status: number) => {
    setSaving((current) => new Set(current).add(order.o_id));
    try {
      const answer = await api.put('/updateorderstatus', { o_id: order.o_id, status: status as 1 | 2 | 3 | 4 | 5 });
      if (answer.status === 1) {
        setOrders((list) => list.map((o) => (o.o_id === order.o_id ? { ...o, status } : o)));
        // Shipped issues the tax invoice: fetch the order's number.
        if (status === 3) void api.get('/getallorders').then((fresh) => fresh.status === 1 && Array.isArray(fresh.data) && setOrders(fresh.data));
        if (answer.description) toast.success(answer.description);
      } else {
        window.alert(`Error updating status: ${answer.description}`);
      }
    } catch (error) {
      window.alert(`Error updating status: ${reasonOf(error)}`);
    } finally {
      setSaving((current) => {
        const next = new Set(current);
        next.delete(order.o_id);
        return next;
      });
    }
  };

  if (failure !== null) {
    return (
      <Screen title="Manage Orders">
        <p className="admin-error-page" role="alert">
          Error fetching orders: {failure}
        </p>
      </Screen>
    );
  }

  return (
    <Screen title="Manage Orders" lead="Change a status from its dropdown; the shopper's tracking follows.">
      <ListTable
        columns={['Order ID', 'Date', 'Total', 'Status', 'Shipping Address']}
        loading={loading}
        emptyText="No orders available"
        pager={{ ...table.pager, noun: 'orders', label: 'Order pages' }}
        rows={table.rows.map((order) => {
          const isOpen = open.has(order.o_id);
          const itemsId = `order-items-${order.o_id}`;
          return (
            <Fragment key={order.o_id}>
              <tr>
                <td className="admin-cell-strong admin-num">#{order.o_id}</td>
                <td className="admin-num">{formatLongDate(order.createdAt)}</td>
                <td className="admin-num">{formatOrderMoney(order.total, order.currency)}</td>
                <td>
                  <label className="visually-hidden" htmlFor={`order-status-${order.o_id}`}>
                    Status of order {order.o_id}
                  </label>
                  <select
                    id={`order-status-${order.o_id}`}
                    className="admin-status-select"
                    value={knownStatus(order.status)}
                    disabled={saving.has(order.o_id)}
                    onChange={(event) => void changeStatus(order, Number(event.target.value))}
                  >
                    {ORDER_STATUSES.map((s) => (
                      <option key={s.value} value={s.value}>
                        {s.label}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="admin-address">{shippingAddress(order)}</td>
                <td className="admin-col-actions">
                  <button type="button" className="admin-text-btn" aria-expanded={isOpen} aria-controls={itemsId} onClick={() => toggle(order.o_id)}>
                    {isOpen ? 'Hide Items' : 'View Items'}
                  </button>
                </td>
              </tr>
              {isOpen && (
                <tr className="admin-items-row" id={itemsId}>
                  <td colSpan={COLUMNS}>
                    <OrderItems items={order.orderItems ?? []} currency={order.currency} />
                    <HuidEntry
                      order={order}
                      onSaved={(saved) =>
                        setOrders((list) =>
                          list.map((o) =>
                            o.o_id === order.o_id ? { ...o, orderItems: o.orderItems.map((i) => ({ ...i, huid: saved.find((s) => s.oi_id === i.oi_id)?.huid ?? i.huid })) } : o,
                          ),
                        )
                      }
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      />
    </Screen>
  );
}

/** The nested table of an order's lines, with the document's placeholders where a value is missing (§3). */
function OrderItems({ items, currency }: { items: OrderItemRow[]; currency?: 'INR' | 'USD' }) {
  if (items.length === 0) return <p className="admin-empty">No items in this order</p>;
  return (
    <div className="admin-items">
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Image</th>
              <th scope="col">Product</th>
              <th scope="col">Carat</th>
              <th scope="col">Material</th>
              <th scope="col">Size</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => {
              const name = item.product?.name || 'Unknown Product';
              const image = item.product?.images?.[0]?.imageUrl;
              return (
                <tr key={item.oi_id ?? index}>
                  <td>
                    {image ? (
                      <img className="admin-thumb" {...imageSources('Products', image, 240, 240)} sizes="48px" alt={name} loading="lazy" width={48} height={48} />
                    ) : (
                      <span className="admin-thumb admin-thumb--placeholder">No Image</span>
                    )}
                  </td>
                  <td className="admin-cell-strong">{name}</td>
                  <td>{item.carat?.name || 'N/A'}</td>
                  <td>{item.material?.name || 'N/A'}</td>
                  <td>{item.size?.size_name || 'N/A'}</td>
                  <td className="admin-num">{item.quantity ?? 1}</td>
                  <td className="admin-num">{formatOrderMoney(item.price ?? 0, currency)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
