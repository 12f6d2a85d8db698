import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../rules/dates.ts';
import { formatMoney } from '../../../rules/money.ts';
import { api, type ResponseData } from '../../lib/api/client.ts';
import { Skeleton } from '../parts.tsx';
import './returns.css';

type Statement = NonNullable<ResponseData<'/getstorecredit', 'get'>>;

/** Store credit is kept in rupees, shown to the paisa. */
const rupees = (amount: number) => formatMoney(amount, 'INR', { cents: true });

/**
 * Store credit (issue 36): the balance an exchange gave, spent at checkout toward a new order,
 * and every entry in words (given for an exchange, used on an order, given back when that
 * order was cancelled), newest first.
 */
export function StoreCredit() {
  const [statement, setStatement] = useState<Statement | null>(null);
  const [failed, setFailed] = useState(false);

  const load = async () => {
    setFailed(false);
    try {
      const answer = await api.get('/getstorecredit');
      if (answer.status === 1 && answer.data) setStatement(answer.data);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  };
  useEffect(() => {
    void load();
  }, []);

  return (
    <section aria-labelledby="credit-title" className="returns-panel">
      <h2 id="credit-title">Store Credit</h2>
      {failed ? (
        <div className="journey-empty">
          <p>We could not load your store credit.</p>
          <button type="button" className="btn" onClick={() => void load()}>
            Try Again
          </button>
        </div>
      ) : statement === null ? (
        <Skeleton height={200} label="Loading your store credit…" />
      ) : (
        <>
          <div className="credit-balance" data-testid="store-credit-balance">
            <span>Balance</span>
            <strong>{rupees(statement.balance)}</strong>
            <p>{statement.balance_text}</p>
          </div>
          {statement.entries.length === 0 ? (
            <p className="returns-muted">When you exchange a piece, its value is added here as store credit, and you can pay with it at checkout.</p>
          ) : (
            <ul className="credit-entries">
              {statement.entries.map((entry) => (
                <li key={entry.sce_id} data-testid="store-credit-entry">
                  <span>
                    {entry.text}
                    <small>{formatDateTime(entry.created_at)}</small>
                  </span>
                  <strong className={entry.amount < 0 ? 'credit-entries__out' : 'credit-entries__in'}>
                    {entry.amount < 0 ? '−' : '+'}
                    {rupees(Math.abs(entry.amount))}
                  </strong>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
