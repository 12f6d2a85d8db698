import { Fragment, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { ORDER_STATUSES } from '../../../rules/orders.ts';
import { formatPhone } from '../../../rules/phone.ts';
import { FilterSelect, ListTable, Screen, Toolbar } from '../components/Screen.tsx';
import { formatDate, formatOrderMoney, shippingAddress } from '../format.ts';
import { useDebounced } from '../hooks/useDebounced.ts';
import { usePagedList } from '../hooks/useList.ts';
import { customerName, type DeskQuery, deskQueryString, orderListQuery, readDeskQuery } from '../orders.ts';
import { Link } from '../router.tsx';
import type { DeskOrderRow } from '../types.ts';
import { OrderItems } from '../components/OrderItems.tsx';
import { HuidEntry } from '../components/HuidEntry.tsx';
import { OrderStatusSelect, PaymentBadge, useOrderStatusChange } from './OrderStatus.tsx';
import { useMay } from '../hooks/usePermissions.ts';

const COLUMNS = 7;

const STATUS_FILTER = [{ value: '', label: 'All statuses' }, ...ORDER_STATUSES.map((s) => ({ value: String(s.value), label: s.label }))];

/** The desk's own address: its state is kept in the query of this path only. */
const DESK_PATH = /^\/admin\/orders\/?$/;

/**
 * The desk's search, status filter and page, kept in the address
 * (`/admin/orders?q=kavya&status=2&page=3`) so that Reload and Back find the
 * desk as it was. A status or a page is a new history entry; a search, once
 * typed, replaces the current one (one entry a search, not one a key) and
 * starts again at page 1, as a new status does.
 */
function useDeskAddress() {
  const [desk, setDesk] = useState<DeskQuery>(() => readDeskQuery(window.location.search));
  const [typed, setTyped] = useState(desk.search);
  const settled = useDebounced(typed);
  const entry = useRef<'push' | 'replace'>('replace');

  // Back and Forward between the desk's own entries.
  useEffect(() => {
    const onPop = () => {
      const next = readDeskQuery(window.location.search);
      setDesk(next);
      setTyped(next.search);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    const search = settled.trim();
    entry.current = 'replace';
    setDesk((current) => (current.search === search ? current : { ...current, search, page: 1 }));
  }, [settled]);

  // The address follows the desk (after Back it already says the same).
  useEffect(() => {
    const query = deskQueryString(desk);
    if (!DESK_PATH.test(window.location.pathname) || query === window.location.search) return;
    const url = `${window.location.pathname}${query}`;
    if (entry.current === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }, [desk]);

  return {
    desk,
    typed,
    setTyped,
    setStatus(status: string) {
      entry.current = 'push';
      setDesk((current) => ({ ...current, status, page: 1 }));
    },
    setPage(page: number) {
      entry.current = 'push';
      setDesk((current) => ({ ...current, page }));
    },
  };
}

/**
 * Manage Orders (§2, issue 12): who ordered, the total, whether it is paid
 * (refund pending and refunded included), the status (only the changes the
 * lifecycle allows, each confirmed in a dialog with a note for the timeline),
 * the shipping address, the items, and the order's detail. Filter by status,
 * search by order number, name or phone; the server pages the list; search,
 * filter and page live in the address (useDeskAddress).
 */
export function OrdersScreen() {
  const { desk, typed, setTyped, setStatus, setPage } = useDeskAddress();
  const { status, search } = desk;
  const filters = { status, search };
  const list = usePagedList<DeskOrderRow>(
    async (page, perPage) => {
      const answer = await api.get('/getorderlist', orderListQuery(page, perPage, status, search));
      // A server without the paged desk (an older instance during a rolling deploy): every order, paged here.
      if (answer.status !== 1 && answer.description?.startsWith('No such endpoint')) return everyOrderPage(page, perPage, status, search);
      return { ...answer, data: answer.data ? { rows: answer.data.orderData, total: answer.data.totalCount } : null };
    },
    'Error fetching orders',
    true,
    filters,
    { page: desk.page, onPage: setPage },
  );
  const statusChange = useOrderStatusChange(() => void list.reload());
  const mayChange = useMay('orders.manage') === true;
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const filtered = Boolean(filters.status || filters.search);

  const toggle = (o_id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(o_id)) next.add(o_id);
      return next;
    });

  return (
    <Screen
      title="Manage Orders"
      lead={mayChange ? 'Only the next steps of an order are offered, and each change asks first, saying what it does.' : 'Every order as it stands; your role sees them without changing them.'}
    >
      <Toolbar search={{ value: typed, onChange: setTyped, placeholder: 'Order number, name or phone', label: 'Search orders by order number, customer name or phone' }}>
        <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_FILTER} />
      </Toolbar>
      <ListTable
        className="admin-card--cards admin-orders"
        columns={['Order ID', 'Date', 'Customer', 'Total and payment', 'Status', 'Shipping Address']}
        list={list}
        emptyText={filtered ? 'No orders match this search' : 'No orders available'}
        pager={{ ...list.pager, noun: 'orders', label: 'Order pages' }}
        rows={list.rows.map((order) => {
          const isOpen = open.has(order.o_id);
          const itemsId = `order-items-${order.o_id}`;
          return (
            <Fragment key={order.o_id}>
              <tr data-order={order.o_id}>
                <td className="admin-cell-lead admin-num">
                  <Link href={`/admin/orders/${order.o_id}`} className="admin-cell-strong admin-order-link" aria-label={`Order #${order.o_id} details`}>
                    #{order.o_id}
                  </Link>
                </td>
                <td className="admin-num" data-label="Date">
                  {formatDate(order.createdAt)}
                </td>
                <td data-label="Customer">
                  <span className="admin-cell-strong">{customerName(order)}</span>
                  <span className="admin-cell-muted admin-block admin-num">{order.phone_number ? formatPhone(order.phone_number) : '—'}</span>
                </td>
                <td data-label="Total">
                  <span className="admin-num admin-block">{formatOrderMoney(order.total, order.currency)}</span>
                  <PaymentBadge order={order} />
                </td>
                <td data-label="Status">
                  <OrderStatusSelect id={`order-status-${order.o_id}`} order={order} busy={statusChange.saving.has(order.o_id)} onChange={statusChange.change} />
                </td>
                <td className="admin-address" data-label="Shipping Address">
                  {shippingAddress(order)}
                </td>
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
                    <HuidEntry order={order} onSaved={() => void list.reload()} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      />
      {statusChange.dialog}
    </Screen>
  );
}

/** One page of every order (GET /getallorders), filtered and searched like GET /getorderlist. */
async function everyOrderPage(page: number, perPage: number, status: string, search: string) {
  const answer = await api.get('/getallorders');
  if (answer.status !== 1 || !Array.isArray(answer.data)) return { ...answer, data: null };
  const term = search.trim().toLowerCase();
  const number = /^#?\d+$/.test(term) ? Number(term.replace('#', '')) : null;
  // Phones are kept in E.164: "98765 43210" is looked for by its digits, as the server does.
  const digits = /^\+?[\d\s().-]+$/.test(term) ? term.replace(/\D/g, '') : '';
  const phoneMatches = (phone: string | null | undefined) => (phone ?? '').includes(term) || (digits.length >= 3 && (phone ?? '').includes(digits));
  const matched = answer.data.filter(
    (order) =>
      (!status || order.status === Number(status)) &&
      (!term || order.o_id === number || customerName(order).toLowerCase().includes(term) || phoneMatches(order.phone_number) || (order.email ?? '').toLowerCase().includes(term)),
  );
  return { ...answer, data: { rows: matched.slice((page - 1) * perPage, page * perPage), total: matched.length } };
}
