import { type FormEvent, useEffect, useState } from 'react';
import { formatMoney } from '../../../rules/money.ts';
import { api } from '../../lib/api/client.ts';
import type { components } from '../../lib/api/schema.d.ts';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../../stores/toast.ts';
import { Screen } from '../components/Screen.tsx';
import { BarChart, FigureTable, LineChart } from '../reports/charts.tsx';
import '../reports/reports.css';

type Sales = components['schemas']['SalesReport'];
type Stock = components['schemas']['StockReport'];
type Group = Sales['group'];

/** Rupees as the reports answer them, written as the shop writes money. */
const rupees = (value: number) => formatMoney(value, 'INR', { cents: true });
const shortRupees = (value: number) => formatMoney(Math.round(value), 'INR');
const grams = (value: number) => `${value.toLocaleString('en-IN', { maximumFractionDigits: 3 })} g`;

/** Today in India, and the first day of its month (YYYY-MM-DD). */
function indiaToday(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

const GROUPS: ReadonlyArray<{ value: Group; label: string }> = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

const EXPORTS = [
  { path: '/export/orders.csv', name: 'orders', label: 'Orders with their lines', period: true },
  { path: '/export/invoices.csv', name: 'invoices', label: 'Invoices', period: true },
  { path: '/export/credit-notes.csv', name: 'credit-notes', label: 'Credit notes', period: true },
  { path: '/export/customers.csv', name: 'customers', label: 'Customers who consented', period: false },
  { path: '/export/products.csv', name: 'products', label: 'Products with carat rows', period: false },
] as const;

/**
 * Reports (issue 37, permission reports.view): sales over a chosen period by day, week or
 * month (a line of revenue over time, bars of grams per purity and of the top pieces, each
 * with its table), the stock valued at today's rate, the GSTR-1 file of a month (JSON for the
 * GST portal's offline tool, or CSV) and the CSV exports.
 */
export function ReportsScreen() {
  const today = indiaToday();
  const [period, setPeriod] = useState({ from: `${today.slice(0, 8)}01`, to: today, group: 'day' as Group });
  const [draft, setDraft] = useState(period);
  const [sales, setSales] = useState<Sales | null>(null);
  const [stock, setStock] = useState<Stock | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [month, setMonth] = useState(today.slice(0, 7));
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setProblem(null);
    api.get('/reports/sales', period).then(
      (answer) => live && setSales(answer.data),
      (error: Error) => live && setProblem(error.message),
    );
    return () => {
      live = false;
    };
  }, [period]);

  useEffect(() => {
    api.get('/reports/stock').then((answer) => setStock(answer.data), (error: Error) => toast.error(error.message));
  }, []);

  const show = (event: FormEvent) => {
    event.preventDefault();
    setPeriod(draft);
  };

  const download = async (key: string, path: string, fileName: string, type: string) => {
    setBusy(key);
    const refusal = await downloadFile(path, { fileName, type, failure: 'The file could not be downloaded.' });
    setBusy(null);
    if (refusal) toast.error(refusal);
  };

  const gstrJson = async () => {
    setBusy('gstr-json');
    try {
      const { data } = await api.get('/reports/gstr1', { month });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      link.download = `gstr1-${month}.json`;
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const totals = sales?.totals;
  const query = `?from=${period.from}&to=${period.to}`;
  return (
    <Screen title="Reports" lead="Sales over a period, the stock at today's rate, the month's GST return and the CSV files for the accountant.">
      <form className="report-period" onSubmit={show} aria-label="Period">
        <label>
          From
          <input type="date" value={draft.from} max={draft.to} onChange={(e) => setDraft({ ...draft, from: e.target.value })} required />
        </label>
        <label>
          To
          <input type="date" value={draft.to} min={draft.from} onChange={(e) => setDraft({ ...draft, to: e.target.value })} required />
        </label>
        <label>
          By
          <select value={draft.group} onChange={(e) => setDraft({ ...draft, group: e.target.value as Group })}>
            {GROUPS.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn--small">
          Show
        </button>
      </form>

      {problem && (
        <p className="report-problem" role="alert">
          {problem}
        </p>
      )}
      {!sales && !problem && <p className="admin-loading">Loading…</p>}

      {sales && totals && (
        <>
          <dl className="report-counters" aria-label="The period's totals">
            <Counter label="Orders" value={String(totals.orders)} before={String(sales.previous.totals.orders)} />
            <Counter label="Revenue with GST" value={rupees(totals.revenue)} before={rupees(sales.previous.totals.revenue)} />
            <Counter label="Revenue before GST" value={rupees(totals.revenue_ex_gst)} before={rupees(sales.previous.totals.revenue_ex_gst)} />
            <Counter label="Average order" value={rupees(totals.average_order_value)} before={rupees(sales.previous.totals.average_order_value)} />
            <Counter label="Cancelled" value={`${totals.cancelled.orders} · ${rupees(totals.cancelled.value)}`} before={String(sales.previous.totals.cancelled.orders)} />
          </dl>

          <section className="report-block report-block--whole" aria-labelledby="report-breakdown">
            <h2 id="report-breakdown">How the period adds up</h2>
            <FigureTable caption="The period in figures" head={['Figure', 'This period', 'Period before']} rows={breakdownRows(totals, sales.previous.totals)} />
          </section>

          <section className="report-block" aria-labelledby="report-revenue">
            <h2 id="report-revenue">Revenue over time</h2>
            <div className="report-pair">
              <LineChart
                title={`Revenue with GST by ${sales.group}, ${sales.from} to ${sales.to}`}
                summary={`${sales.series.length} periods; ${rupees(totals.revenue)} in all from ${totals.orders} orders.`}
                points={sales.series.map((s) => ({ label: s.period, value: s.revenue }))}
                format={shortRupees}
              />
              <FigureTable
                caption={`Revenue by ${sales.group}`}
                head={['Period', 'Orders', 'Revenue', 'Before GST']}
                rows={sales.series.map((s) => [s.period, s.orders, rupees(s.revenue), rupees(s.revenue_ex_gst)])}
              />
            </div>
          </section>

          <section className="report-block" aria-labelledby="report-grams">
            <h2 id="report-grams">Grams sold per purity</h2>
            <div className="report-pair">
              <BarChart
                title="Grams sold per purity"
                summary={totals.grams_by_carat.map((g) => `${g.carat}: ${grams(g.grams)}`).join('; ') || 'Nothing sold in this period.'}
                points={totals.grams_by_carat.map((g) => ({ label: g.carat, value: g.grams }))}
                format={grams}
              />
              <FigureTable caption="Grams per purity" head={['Purity', 'Grams', 'Pieces']} rows={totals.grams_by_carat.map((g) => [g.carat, grams(g.grams), g.pieces])} />
            </div>
          </section>

          <section className="report-block" aria-labelledby="report-top">
            <h2 id="report-top">Top pieces</h2>
            <div className="report-pair">
              <BarChart
                title="Top pieces by revenue"
                summary={totals.top_pieces.slice(0, 3).map((p) => `${p.name}: ${rupees(p.revenue)}`).join('; ') || 'Nothing sold in this period.'}
                points={totals.top_pieces.map((p) => ({ label: p.name, value: p.revenue }))}
                format={shortRupees}
              />
              <FigureTable caption="Top pieces" head={['Piece', 'Pieces', 'Revenue']} rows={totals.top_pieces.map((p) => [p.name, p.pieces, rupees(p.revenue)])} />
            </div>
          </section>
        </>
      )}

      <section className="report-block" aria-labelledby="report-stock">
        <h2 id="report-stock">Stock at today's rate</h2>
        {!stock ? (
          <p className="admin-loading">Loading…</p>
        ) : (
          <>
            <FigureTable
              caption="Stock by purity"
              head={['Purity', 'Pieces', 'Grams', 'Metal', 'Making', 'Stones', 'Value with GST']}
              rows={[
                ...stock.by_carat.map((k) => [k.carat, k.pieces, grams(k.grams), rupees(k.metal), rupees(k.making), rupees(k.stones), rupees(k.value)]),
                ['All', stock.totals.pieces, grams(stock.totals.grams), rupees(stock.totals.metal), rupees(stock.totals.making), rupees(stock.totals.stones), rupees(stock.totals.value)],
              ]}
            />
            <p className="report-note">
              Made to order: {stock.made_to_order.pieces} pieces in {stock.made_to_order.orders} open orders ({rupees(stock.made_to_order.value)}). Low stock:{' '}
              {stock.low_stock.length ? stock.low_stock.slice(0, 5).map((l) => `${l.name} ${l.carat} (${l.stock})`).join(', ') : 'none'}.
            </p>
          </>
        )}
      </section>

      <section className="report-block" aria-labelledby="report-gst">
        <h2 id="report-gst">GST return (GSTR-1)</h2>
        <div className="report-actions">
          <label>
            Month
            <input type="month" value={month} max={today.slice(0, 7)} onChange={(e) => setMonth(e.target.value)} />
          </label>
          <button type="button" className="btn btn--small" disabled={busy !== null || !month} onClick={gstrJson}>
            Download JSON (offline tool)
          </button>
          <button type="button" className="btn btn--ghost btn--small" disabled={busy !== null || !month} onClick={() => download('gstr-csv', `/reports/gstr1?month=${month}&format=csv`, `gstr1-${month}.csv`, 'text/csv')}>
            Download CSV
          </button>
        </div>
      </section>

      <section className="report-block" aria-labelledby="report-csv">
        <h2 id="report-csv">CSV files</h2>
        <p className="report-note">Orders, invoices and credit notes of the period above ({period.from} to {period.to}); customers and products as they are now.</p>
        <div className="report-actions">
          {EXPORTS.map((e) => (
            <button
              key={e.path}
              type="button"
              className="btn btn--ghost btn--small"
              disabled={busy !== null}
              onClick={() => download(e.name, `${e.path}${e.period ? query : ''}`, `${e.name}-${today}.csv`, 'text/csv')}
            >
              {busy === e.name ? 'Downloading…' : e.label}
            </button>
          ))}
        </div>
      </section>
    </Screen>
  );
}

type SalesTotals = Sales['previous']['totals'];
const ordersAnd = (x: { orders: number; revenue: number }) => `${x.orders} · ${rupees(x.revenue)}`;

/** The sales figures a jeweller reads beside the counters, this period and the one before: tax, what the price was made of, how and where it was paid, refunds, customers. */
function breakdownRows(now: SalesTotals, before: SalesTotals): (string | number)[][] {
  const row = (label: string, figure: (t: SalesTotals) => string | number) => [label, figure(now), figure(before)];
  return [
    row('GST', (t) => rupees(t.gst)),
    row('Metal', (t) => rupees(t.value.metal)),
    row('Making', (t) => rupees(t.value.making)),
    row('Stones', (t) => rupees(t.value.stones)),
    row('Discounts', (t) => rupees(t.discounts)),
    row('Shipping charged', (t) => rupees(t.shipping)),
    row('Cash on delivery (orders · revenue)', (t) => ordersAnd(t.payment.cod)),
    row('Paid online', (t) => ordersAnd(t.payment.online)),
    row('Paid wholly by store credit', (t) => ordersAnd(t.payment.store_credit)),
    row('Delivered in India', (t) => ordersAnd(t.destination.india)),
    row('Delivered abroad', (t) => ordersAnd(t.destination.abroad)),
    row('Refunds (orders · value)', (t) => `${t.refunds.orders} · ${rupees(t.refunds.value)}`),
    row('Returns refunded (returns · value)', (t) => `${t.returns.refunded.returns} · ${rupees(t.returns.refunded.value)}`),
    row('Returns exchanged for store credit', (t) => `${t.returns.exchanged.returns} · ${rupees(t.returns.exchanged.value)}`),
    row('Gold bought back', (t) => `${t.returns.bought_back.returns} · ${rupees(t.returns.bought_back.value)}`),
    row('New customers', (t) => t.customers.new),
    row('Returning customers', (t) => t.customers.returning),
  ];
}

function Counter({ label, value, before }: { label: string; value: string; before: string }) {
  return (
    <div className="report-counter">
      <dt>{label}</dt>
      <dd>
        {value}
        <span className="report-counter__before">before: {before}</span>
      </dd>
    </div>
  );
}
