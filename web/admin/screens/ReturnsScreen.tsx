import { useState } from 'react';
import { api, type ResponseData } from '../../lib/api/client.ts';
import { formatPhone } from '../../../rules/phone.ts';
import { isReturnStatus, RETURN_KIND_LABELS, RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '../../../rules/returns.ts';
import { FilterSelect, ListTable, Screen, Toolbar } from '../components/Screen.tsx';
import { formatDate, formatOrderMoney } from '../format.ts';
import { useDebounced } from '../hooks/useDebounced.ts';
import { usePagedList } from '../hooks/useList.ts';
import { useMay } from '../hooks/usePermissions.ts';
import { Link } from '../router.tsx';
import '../returns.css';

/** A request in the desk's list (GET /getreturnlist). */
export type DeskReturnRow = NonNullable<ResponseData<'/getreturnlist', 'get'>>['rows'][number];

const STATUS_FILTER = [{ value: '', label: 'All statuses' }, ...RETURN_STATUSES.map((status) => ({ value: status, label: RETURN_STATUS_LABELS[status] }))];

/** The status as a badge, coloured by where the request stands: waiting on the shop, done, or closed without a refund. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span className={`admin-badge admin-return-status admin-return-status--${status}`} data-return-status={status}>
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}

/** "2 pieces": how many pieces a request asks back. */
export function piecesText(items: ReadonlyArray<{ quantity: number }>): string {
  const pieces = items.reduce((sum, item) => sum + item.quantity, 0);
  return `${pieces} piece${pieces === 1 ? '' : 's'}`;
}

/** What the request paid out once settled; before, what the policy gives back now ("about"); a buy-back is valued at inspection. */
export function ReturnAmount({ row }: { row: Pick<DeskReturnRow, 'refund_amount' | 'estimate' | 'currency'> }) {
  if (row.refund_amount !== null) return <span className="admin-num">{formatOrderMoney(row.refund_amount, row.currency)}</span>;
  if (row.estimate) return <span className="admin-num admin-cell-muted">about {formatOrderMoney(row.estimate.refund, row.currency)}</span>;
  return <span className="admin-cell-muted">—</span>;
}

/**
 * The returns desk (issue 36): every return, exchange and buy-back request, newest first,
 * with its order, the shopper, the pieces, the amount once known and where it stands. Filter by
 * status, search by return or order number, name or phone; the server pages the list. Each
 * request opens its detail, where the next steps are taken.
 */
export function ReturnsScreen() {
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed).trim();
  const [status, setStatus] = useState<ReturnStatus | ''>('');
  const mayHandle = useMay('returns.manage') === true;
  const list = usePagedList<DeskReturnRow>(
    async (page, perPage) => {
      const answer = await api.get('/getreturnlist', { page, perPage, ...(status ? { status } : {}), ...(search ? { search } : {}) });
      return { ...answer, data: answer.data ? { rows: answer.data.rows, total: answer.data.totalCount } : null };
    },
    'Error fetching returns',
    true,
    { status, search },
  );
  const filtered = Boolean(status || search);

  return (
    <Screen
      title="Returns"
      lead={
        mayHandle
          ? 'Returns, exchanges and buy-backs as the shoppers asked for them. Open one to take its next step.'
          : 'Returns, exchanges and buy-backs as they stand; your role sees them without changing them.'
      }
    >
      <Toolbar search={{ value: typed, onChange: setTyped, placeholder: 'Return or order number, name or phone', label: 'Search returns by return number, order number, customer name or phone' }}>
        <FilterSelect label="Status" value={status} onChange={(value) => setStatus(isReturnStatus(value) ? value : '')} options={STATUS_FILTER} />
      </Toolbar>
      <ListTable
        className="admin-card--cards admin-returns"
        columns={['Return', 'Asked on', 'Order', 'Customer', 'Kind and pieces', 'Amount', 'Status']}
        list={list}
        emptyText={filtered ? 'No returns match this search' : 'No returns yet'}
        pager={{ ...list.pager, noun: 'returns', label: 'Return pages' }}
        rows={list.rows.map((row) => (
          <tr key={row.r_id} data-return={row.r_id}>
            <td className="admin-cell-lead admin-num">
              <Link href={`/admin/returns/${row.r_id}`} className="admin-cell-strong admin-order-link" aria-label={`Return #${row.r_id} details`}>
                #{row.r_id}
              </Link>
            </td>
            <td className="admin-num" data-label="Asked on">
              {formatDate(row.createdAt)}
            </td>
            <td className="admin-num" data-label="Order">
              <Link href={`/admin/orders/${row.o_id}`}>#{row.o_id}</Link>
            </td>
            <td data-label="Customer">
              <span className="admin-cell-strong">{row.customer_name || 'N/A'}</span>
              <span className="admin-cell-muted admin-block admin-num">{row.phone_number ? formatPhone(row.phone_number) : '—'}</span>
            </td>
            <td data-label="Kind">
              <span className="admin-block">{RETURN_KIND_LABELS[row.kind]}</span>
              <span className="admin-cell-muted admin-block">{piecesText(row.items)}</span>
            </td>
            <td className="admin-num" data-label="Amount">
              <ReturnAmount row={row} />
            </td>
            <td data-label="Status">
              <ReturnStatusBadge status={row.status} />
            </td>
            <td className="admin-col-actions">
              <Link href={`/admin/returns/${row.r_id}`} className="admin-text-btn">
                {mayHandle ? 'Open' : 'View'}
              </Link>
            </td>
          </tr>
        ))}
      />
    </Screen>
  );
}
