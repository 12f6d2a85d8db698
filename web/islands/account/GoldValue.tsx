import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatDateTime } from '../../../rules/dates.ts';
import { formatMoney } from '../../../rules/money.ts';
import { ORDER_STATUS } from '../../../rules/orders.ts';
import { api, type ResponseData } from '../../lib/api/client.ts';
import type { Order, OrderItem } from '../../lib/orders.ts';
import { $orders, showView } from '../../stores/account.ts';
import { toast } from '../../stores/toast.ts';
import { Icon } from '../../components/Icon.tsx';
import { ConfirmDialog } from '../Dialog.tsx';
import { LineThumb, Skeleton } from '../parts.tsx';
import './returns.css';

type Quote = NonNullable<ResponseData<'/buybackquote/{oi_id}', 'get'>>;

/**
 * What my gold is worth today (issue 36): every piece bought here and delivered, and for each,
 * on asking, its exchange value and buy-back value at today's rate for its purity (net metal
 * weight × the rate, less the shop's deductions), with the rate's time and how long the quote
 * holds. Sell it back sends a buy-back request to the shop's returns desk.
 */
export function GoldValue() {
  const orders = useStore($orders);
  if (orders === null) return <Skeleton height={260} label="Loading your pieces…" />;
  const pieces = orders.filter((order) => order.status === ORDER_STATUS.delivered).flatMap((order) => order.orderItems.map((item) => ({ order, item })));
  return (
    <section aria-labelledby="gold-title" className="returns-panel">
      <h2 id="gold-title">My Gold Today</h2>
      <p className="returns-muted">What each piece you bought here is worth at today’s gold rate: toward a new piece (exchange), or paid to you if you sell it back.</p>
      {pieces.length === 0 ? (
        <div className="journey-empty">
          <Icon name="gem" size={40} />
          <h3>No delivered pieces yet</h3>
          <p>Once a piece you ordered is delivered, you can see here what its gold is worth at today’s rate.</p>
        </div>
      ) : (
        <ul className="gold-pieces">
          {pieces.map(({ order, item }) => (
            <GoldPiece key={item.oi_id} order={order} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function GoldPiece({ order, item }: { order: Order; item: OrderItem }) {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [selling, setSelling] = useState(false);
  const [busy, setBusy] = useState(false);

  const ask = async () => {
    setLoading(true);
    setProblem(null);
    try {
      const answer = await api.get('/buybackquote/{oi_id}', { oi_id: item.oi_id });
      if (answer.status === 1 && answer.data) setQuote(answer.data);
      else setProblem(answer.description || 'We could not value this piece today.');
    } catch {
      setProblem('The store could not be reached. Please try again.');
    } finally {
      setLoading(false);
    }
  };

  const sell = async () => {
    setBusy(true);
    try {
      const answer = await api.post('/requestreturn', { o_id: order.o_id, items: [{ oi_id: item.oi_id, quantity: item.quantity }], kind: 'buyback', reason: 'sell_gold', note: '' });
      if (answer.status === 1) {
        toast.success(answer.description);
        setSelling(false);
        showView('returns');
      } else toast.error(answer.description || 'Your request could not be sent.');
    } catch {
      toast.error('The store could not be reached. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  // The rate is in rupees, whatever the order was paid in.
  const money = (amount: number) => formatMoney(amount, 'INR', { cents: true });
  return (
    <li className="gold-piece" data-testid="gold-piece">
      <div className="gold-piece__what">
        <LineThumb images={item.product.images} size={56} />
        <span>
          <strong>{item.product.name}</strong>
          <small>
            {[item.carat?.name, item.net_weight_g ? `${item.net_weight_g} g net` : null, `Qty ${item.quantity}`, `Order #${order.o_id}`].filter(Boolean).join(' · ')}
          </small>
        </span>
      </div>
      {quote ? (
        <div className="gold-quote" data-testid="gold-quote">
          <dl>
            {quote.exchange ? (
              <div>
                <dt>Exchange value</dt>
                <dd>{money(quote.exchange.total)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Buy-back value</dt>
              <dd>{money(quote.buyback.total)}</dd>
            </div>
          </dl>
          <p className="returns-muted">
            {quote.net_weight_g} g of {quote.carat} gold at {money(quote.rate_per_gram)} a gram, the rate of {formatDateTime(quote.rate_time)}. Valid until {formatDateTime(quote.valid_until)}.
          </p>
          <div className="gold-quote__actions">
            <button type="button" className="btn btn--small" onClick={() => setSelling(true)}>
              Sell it back
            </button>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => void ask()} disabled={loading}>
              {loading ? 'Asking…' : 'Ask again'}
            </button>
          </div>
        </div>
      ) : (
        <div className="gold-quote gold-quote--ask">
          {problem ? (
            <p className="field-error" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void ask()} disabled={loading} aria-busy={loading || undefined}>
            {loading ? 'Asking…' : 'What is my gold worth today?'}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={selling}
        title="Sell this piece back?"
        message={
          <p>
            We will ask the shop to buy back {item.product.name}
            {quote ? ` for about ${money(quote.buyback.total)}, at the rate on the day the shop inspects it` : ''}. A courier collects it, and the amount is paid to you by bank or UPI transfer once it is inspected.
          </p>
        }
        confirmLabel="Send Request"
        cancelLabel="Keep It"
        busy={busy}
        onConfirm={() => void sell()}
        onCancel={() => setSelling(false)}
      />
    </li>
  );
}
