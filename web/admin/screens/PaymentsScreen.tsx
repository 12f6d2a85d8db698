import { Fragment, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { FilterSelect, ListTable, Screen, Toolbar } from '../components/Screen.tsx';
import { formatDateTime, formatOrderMoney } from '../format.ts';
import { usePagedList } from '../hooks/useList.ts';
import { PAYMENT_FILTER, paymentListQuery, paymentStateBadge } from '../payments.ts';
import { Link } from '../router.tsx';
import type { PaymentRow } from '../types.ts';

/**
 * Payments (issue 32): every online payment the store opened with the provider and what
 * became of it (its order, or its refund), newest first; those still on their way to an
 * order or a refund are marked Needs attention. Filter by state; the server pages the list.
 */
export function PaymentsScreen() {
  const [filter, setFilter] = useState('');
  const list = usePagedList<PaymentRow>(
    async (page, perPage) => {
      const answer = await api.get('/getpayments', paymentListQuery(page, perPage, filter));
      return { ...answer, data: answer.data ? { rows: answer.data.paymentData, total: answer.data.totalCount } : null };
    },
    'Error fetching payments',
    true,
    { filter },
  );

  return (
    <Screen title="Payments" lead="Every online payment ends as its order or a refund; those still on their way are marked Needs attention.">
      <Toolbar>
        <FilterSelect label="State" value={filter} onChange={setFilter} options={PAYMENT_FILTER} />
      </Toolbar>
      <ListTable
        className="admin-card--cards admin-payments"
        columns={['Payment', 'Order', 'Customer', 'Amount', 'State', 'Refund', 'Updated', 'Note']}
        actionsHeading={null}
        list={list}
        emptyText={filter ? 'No payments in this state' : 'No online payments yet'}
        pager={{ ...list.pager, noun: 'payments', label: 'Payment pages' }}
        rows={list.rows.map((payment) => {
          const state = paymentStateBadge(payment.status);
          return (
            <tr key={payment.pay_id} className={payment.needs_attention ? 'admin-row--attention' : undefined} data-payment={payment.order_id}>
              <td className="admin-cell-lead">
                <span className="admin-payment-id">{breakable(payment.order_id)}</span>
              </td>
              <td className="admin-num" data-label="Order">
                {payment.o_id ? (
                  <Link href={`/admin/orders/${payment.o_id}`} className="admin-cell-strong admin-order-link" aria-label={`Order #${payment.o_id} details`}>
                    #{payment.o_id}
                  </Link>
                ) : (
                  <span className="admin-cell-muted">No order</span>
                )}
              </td>
              <td className="admin-num" data-label="Customer">
                {payment.u_id ? `User #${payment.u_id}` : <span className="admin-cell-muted">Account deleted</span>}
              </td>
              <td className="admin-num" data-label="Amount">
                {formatOrderMoney(payment.amount, payment.currency)}
              </td>
              <td data-label="State">
                <span className={`admin-badge admin-badge--pay-${state.tone}`} data-payment-state={payment.status}>
                  {state.label}
                </span>
                {payment.needs_attention ? <span className="admin-badge admin-badge--attention">Needs attention</span> : null}
              </td>
              <td className="admin-num" data-label="Refund">
                {payment.refund_amount === null ? <span className="admin-cell-muted">—</span> : formatOrderMoney(payment.refund_amount, payment.currency)}
              </td>
              <td className="admin-num admin-payment-updated" data-label="Updated">
                <DateTime iso={payment.updated_at} />
              </td>
              <td className="admin-payment-note" data-label="Note">
                {payment.note ?? <span className="admin-cell-muted">—</span>}
              </td>
            </tr>
          );
        })}
      />
    </Screen>
  );
}

/** A provider order id that may wrap after its underscores (order_mx06kwew_20a6…), never inside a part. */
function breakable(id: string) {
  return id.split('_').map((part, i, parts) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          _<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/** The desk's date and time, the time on a line of its own in the table's narrow column ("4 Oct 2026," / "8:58 am"), on one line on a phone's card. */
function DateTime({ iso }: { iso: string }) {
  const text = formatDateTime(iso);
  const cut = text.lastIndexOf(', ');
  if (cut < 0) return <>{text}</>;
  return (
    <>
      <span className="admin-block">{text.slice(0, cut + 1)}</span> {text.slice(cut + 2)}
    </>
  );
}
