import { useEffect, useState } from 'react';
import { formatMoney } from '../../../rules/money.ts';
import { api } from '../../lib/api/client.ts';
import { formatDateTime } from '../format.ts';
import { Link } from '../router.tsx';
import { useMay } from '../hooks/usePermissions.ts';

type Rates = NonNullable<Awaited<ReturnType<typeof api.get<'/getmetalrates'>>>['data']>;
type LowStock = NonNullable<Awaited<ReturnType<typeof api.get<'/getlowstock'>>>['data']>;

/** The dashboard's pricing cards (issue 16): today's metal rates and the rows about to sell out. */
export function RatesAndStock() {
  const [rates, setRates] = useState<Rates | null>(null);
  const [low, setLow] = useState<LowStock | null>(null);

  useEffect(() => {
    api
      .get('/getmetalrates')
      .then((a) => a.status === 1 && a.data && setRates(a.data))
      .catch((e) => console.error('Metal rates could not be fetched', e));
    api
      .get('/getlowstock')
      .then((a) => setLow(a.status === 1 && a.data ? a.data : []))
      .catch((e) => console.error('Low stock could not be fetched', e));
  }, []);

  // The links lead only where the signed-in member may go.
  const maySetRates = useMay('rates.manage') === true;
  const mayEditProducts = useMay('catalogue.manage') === true;

  return (
    <>
      <section className="admin-card" aria-labelledby="today-rates" data-testid="dashboard-rates">
        <header className="admin-card__head">
          <h2 id="today-rates">Today's rates</h2>
          {maySetRates && (
            <Link href="/admin/rates" className="link">
              Set rates
            </Link>
          )}
        </header>
        {!rates ? (
          <p className="admin-empty">Loading…</p>
        ) : (
          <ul className="admin-low-stock">
            {rates.rates.map((r) => (
              <li key={r.carat_id}>
                <span>{r.name} gold</span>
                <strong>{r.inr_per_gram === null ? 'Not set' : `${formatMoney(r.inr_per_gram, 'INR')}/g`}</strong>
              </li>
            ))}
            <li>
              <span>US dollar</span>
              <strong>{rates.usd_inr === null ? 'Not set' : formatMoney(rates.usd_inr, 'INR')}</strong>
            </li>
            {rates.updatedAt ? <li className="admin-hint">Set {formatDateTime(rates.updatedAt)}</li> : null}
          </ul>
        )}
      </section>
      <section className="admin-card" aria-labelledby="low-stock" data-testid="dashboard-low-stock">
        <header className="admin-card__head">
          <h2 id="low-stock">Low stock</h2>
          {mayEditProducts && (
            <Link href="/admin/products" className="link">
              Products
            </Link>
          )}
        </header>
        {low === null ? (
          <p className="admin-empty">Loading…</p>
        ) : low.length === 0 ? (
          <p className="admin-empty">Nothing is running low.</p>
        ) : (
          <ul className="admin-low-stock">
            {low.map((row) => (
              <li key={row.pc_id}>
                <span>
                  {row.name} <small>({row.carat})</small>
                </span>
                <strong className={row.stock === 0 ? 'admin-stock--out' : undefined}>{row.stock === 0 ? 'Sold out' : `${row.stock} left`}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
