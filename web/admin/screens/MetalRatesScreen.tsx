import { useCallback, useEffect, useState } from 'react';
import { formatMoney } from '../../../rules/money.ts';
import { METAL_RATE_LIMITS, METAL_RATE_MESSAGES } from '../../../rules/pricing.ts';
import { api } from '../../lib/api/client.ts';
import type { components } from '../../lib/api/schema.d.ts';
import { toast } from '../../stores/toast.ts';
import { ConfirmDialog } from '../components/Modal.tsx';
import { Screen } from '../components/Screen.tsx';
import { formatDateTime } from '../format.ts';

/**
 * Metal Rates (issue 16): today's rupees per gram for each carat and the
 * rupees per dollar, a preview of what saving them reprices (how many products,
 * the largest change, and every rate-priced row with its old and new price),
 * and the history of earlier settings. A slip (issue 34: a rate moving more
 * than the owner's threshold, purities out of order) is a warning in words on
 * the preview, and saving it asks again: "Yes, save these rates" sends it
 * with confirm: true.
 */

type Rates = NonNullable<Awaited<ReturnType<typeof api.get<'/getmetalrates'>>>['data']>;
type Preview = NonNullable<Awaited<ReturnType<typeof api.post<'/previewmetalrates'>>>['data']>;
type History = NonNullable<Awaited<ReturnType<typeof api.get<'/getmetalratehistory'>>>['data']>;
/** A save the guard refused (409): the warning to ask about. */
type ConfirmRefusal = components['schemas']['MetalRatesConfirmRefusal']['data'];

const PER_PAGE = 20;
const inr = (amount: number) => formatMoney(amount, 'INR');
const usd = (amount: number) => formatMoney(amount, 'USD');
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** The form's typed values checked: the body for preview and save, or the first message to show. */
function bodyOf(form: Record<number, string>, dollar: string): { body?: { rates: { carat_id: number; inr_per_gram: number }[]; usd_inr: number }; error?: string } {
  const rates: { carat_id: number; inr_per_gram: number }[] = [];
  for (const [id, text] of Object.entries(form)) {
    if (text.trim() === '') continue;
    if (!AMOUNT.test(text.trim()) || Number(text) <= 0) return { error: 'Each rate must be rupees per gram above 0 with at most 2 decimals.' };
    if (Number(text) > METAL_RATE_LIMITS.perGramMax) return { error: METAL_RATE_MESSAGES.perGramOverMax };
    rates.push({ carat_id: Number(id), inr_per_gram: Number(text) });
  }
  if (!AMOUNT.test(dollar.trim()) || Number(dollar) <= 0) return { error: 'Rupees per dollar must be an amount above 0 with at most 2 decimals.' };
  if (Number(dollar) < METAL_RATE_LIMITS.usdInrMin || Number(dollar) > METAL_RATE_LIMITS.usdInrMax) return { error: METAL_RATE_MESSAGES.usdInrOutOfRange };
  return { body: { rates, usd_inr: Number(dollar) } };
}

export function MetalRatesScreen() {
  const [rates, setRates] = useState<Rates | null>(null);
  const [history, setHistory] = useState<History>([]);
  const [form, setForm] = useState<Record<number, string>>({});
  const [dollar, setDollar] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The warning the owner is asked to confirm before saving; null when not asking. */
  const [asking, setAsking] = useState<string | null>(null);

  const load = useCallback(async () => {
    const [now, past] = await Promise.all([api.get('/getmetalrates'), api.get('/getmetalratehistory')]);
    if (now.status === 1 && now.data) {
      setRates(now.data);
      setForm(Object.fromEntries(now.data.rates.map((r) => [r.carat_id, r.inr_per_gram === null ? '' : String(r.inr_per_gram)])));
      setDollar(now.data.usd_inr === null ? '' : String(now.data.usd_inr));
    }
    if (past.status === 1 && past.data) setHistory(past.data);
  }, []);

  useEffect(() => {
    load().catch(() => setError('The metal rates could not be loaded.'));
  }, [load]);

  const runPreview = async (toPage = 1) => {
    const { body, error: invalid } = bodyOf(form, dollar);
    setError(invalid ?? null);
    if (!body) return;
    setBusy(true);
    try {
      const answer = await api.post('/previewmetalrates', { ...body, page: toPage, perPage: PER_PAGE });
      if (answer.status === 1 && answer.data) {
        setPreview(answer.data);
        setPage(toPage);
      } else setError(answer.description);
    } catch {
      setError('The preview could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  /** Saves the rates; a warning the preview gave is asked about first, and `confirmed` is the owner's yes to it. */
  const save = async (confirmed = false) => {
    const { body, error: invalid } = bodyOf(form, dollar);
    setError(invalid ?? null);
    if (!body) return;
    if (!confirmed && preview?.confirm_required && preview.warning) {
      setAsking(preview.warning);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.post('/setmetalrates', confirmed ? { ...body, confirm: true } : body);
      const refusal = answer.status === 1 ? null : (answer.data as unknown as ConfirmRefusal);
      if (answer.status === 1) {
        toast.success(answer.description);
        setAsking(null);
        setPreview(null);
        await load();
      } else if (refusal?.confirm_required && refusal.warning && !confirmed) {
        // The rates in force moved since the preview: ask about what the server says now.
        setAsking(refusal.warning);
      } else {
        setAsking(null);
        toast.error(answer.description || 'Error saving the rates...');
      }
    } catch {
      setAsking(null);
      toast.error('Error saving the rates...');
    } finally {
      setBusy(false);
    }
  };

  const pages = preview ? Math.max(1, Math.ceil(preview.totalCount / PER_PAGE)) : 1;

  return (
    <Screen title="Metal Rates" lead="Today's gold rate per gram for each carat, and the rupee to dollar rate. Saving reprices every rate-priced product at once.">
      <div className="admin-settings">
        <section className="admin-card" aria-labelledby="rates-now">
          <div className="admin-card__head">
            <h2 id="rates-now">Today's rates</h2>
            {rates?.updatedAt ? <span className="admin-hint">Set {formatDateTime(rates.updatedAt)}</span> : null}
          </div>
          <div className="admin-card__body">
            {!rates ? (
              <p>{error ?? 'Loading…'}</p>
            ) : (
              <form
                className="admin-rates"
                onSubmit={(e) => {
                  e.preventDefault();
                  void runPreview(1);
                }}
              >
                {rates.rates.map((r) => (
                  <div className="field" key={r.carat_id}>
                    <label htmlFor={`rate-${r.carat_id}`}>{r.name} (₹ per gram)</label>
                    <input
                      id={`rate-${r.carat_id}`}
                      className="input"
                      inputMode="decimal"
                      placeholder="Not set"
                      value={form[r.carat_id] ?? ''}
                      onChange={(e) => {
                        setForm({ ...form, [r.carat_id]: e.target.value });
                        setPreview(null);
                      }}
                    />
                  </div>
                ))}
                <div className="field">
                  <label htmlFor="rate-usd">Rupees per dollar (₹)</label>
                  <input
                    id="rate-usd"
                    className="input"
                    inputMode="decimal"
                    value={dollar}
                    onChange={(e) => {
                      setDollar(e.target.value);
                      setPreview(null);
                    }}
                  />
                </div>
                {error ? (
                  <p className="field-error admin-rates__wide" role="alert">
                    {error}
                  </p>
                ) : null}
                <div className="admin-rates__actions admin-rates__wide">
                  <button type="submit" className="btn btn--ghost btn--small" disabled={busy}>
                    Preview repricing
                  </button>
                  <button type="button" className="btn btn--small" disabled={busy || !preview} onClick={() => void save()} title={preview ? undefined : 'Preview first'}>
                    Save rates
                  </button>
                </div>
              </form>
            )}
          </div>
        </section>

        {preview ? (
          <section className="admin-card" aria-labelledby="reprice-title" data-testid="reprice-preview">
            <div className="admin-card__head">
              <h2 id="reprice-title">Reprice</h2>
            </div>
            <div className="admin-card__body">
              {preview.confirm_required && preview.warning ? (
                <p className="admin-rate-warning" role="alert" data-testid="rate-warning">
                  <strong>Check these rates.</strong> {preview.warning} Saving them asks you to confirm.
                </p>
              ) : null}
              <p className="admin-reprice-summary" data-testid="reprice-summary">
                {preview.changed === 0 ? (
                  <>
                    <strong>These rates change no price.</strong> Saving keeps them in the history ({preview.repriced.toLocaleString('en-IN')} carat rows checked).
                  </>
                ) : (
                  <>
                    Saving reprices <strong>{preview.products.toLocaleString('en-IN')}</strong> product{preview.products === 1 ? '' : 's'} ({preview.changed.toLocaleString('en-IN')} of{' '}
                    {preview.repriced.toLocaleString('en-IN')} carat rows change).{' '}
                    {preview.largest ? (
                      <>
                        Largest change: <strong>{preview.largest.name}</strong> ({preview.largest.carat}) {inr(preview.largest.old_inr)} → {inr(preview.largest.new_inr)}
                        {preview.largest_change ? ` (${preview.largest_change.percent >= 0 ? '+' : '−'}${Math.abs(preview.largest_change.percent)}%)` : ''}.
                      </>
                    ) : (
                      'Rupee prices stay as they are; only dollar prices change.'
                    )}
                  </>
                )}
              </p>
              {preview.changed > 0 && preview.changes.length ? (
                <div className="admin-table-wrap">
                  <table className="admin-table">
                    <thead>
                      <tr>
                        <th scope="col">Product</th>
                        <th scope="col">Carat</th>
                        <th scope="col">Old price</th>
                        <th scope="col">New price</th>
                        <th scope="col">Change</th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.changes.map((row) => (
                        <tr key={row.pc_id}>
                          <td>{row.name}</td>
                          <td>{row.carat}</td>
                          <td>
                            {inr(row.old_inr)}
                            <br />
                            <small>{usd(row.old_usd)}</small>
                          </td>
                          <td>
                            {inr(row.new_inr)}
                            <br />
                            <small>{usd(row.new_usd)}</small>
                          </td>
                          <td>
                            {row.new_inr >= row.old_inr ? '+' : '−'}
                            {inr(Math.abs(row.new_inr - row.old_inr))}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
              {pages > 1 && preview.changed > 0 ? (
                <div className="admin-rates__actions">
                  <button type="button" className="btn btn--ghost btn--small" disabled={busy || page <= 1} onClick={() => void runPreview(page - 1)}>
                    Previous
                  </button>
                  <span>
                    Page {page} of {pages}
                  </span>
                  <button type="button" className="btn btn--ghost btn--small" disabled={busy || page >= pages} onClick={() => void runPreview(page + 1)}>
                    Next
                  </button>
                </div>
              ) : null}
            </div>
          </section>
        ) : null}

        <section className="admin-card" aria-labelledby="rates-history">
          <div className="admin-card__head">
            <h2 id="rates-history">History</h2>
          </div>
          <div className="admin-card__body">
            {history.length === 0 ? (
              <p className="admin-empty">No rates set yet.</p>
            ) : (
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Set</th>
                      <th scope="col">Rates per gram</th>
                      <th scope="col">₹ per $</th>
                      <th scope="col">Rows repriced</th>
                    </tr>
                  </thead>
                  <tbody>
                    {history.map((h) => (
                      <tr key={h.rc_id}>
                        <td>{formatDateTime(h.createdAt)}</td>
                        <td>{h.rates.length ? h.rates.map((r) => `${r.name} ${inr(r.inr_per_gram)}`).join(' · ') : '—'}</td>
                        <td>{h.usd_inr.toFixed(2)}</td>
                        <td>{h.rows_repriced.toLocaleString('en-IN')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </section>
      </div>
      {asking ? (
        <ConfirmDialog
          title="Save these rates?"
          message={asking}
          confirmLabel="Yes, save these rates"
          cancelLabel="Check the rates again"
          danger
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={() => void save(true)}
        >
          <p className="admin-hint">Shoppers see the new prices as soon as they are saved.</p>
        </ConfirmDialog>
      ) : null}
    </Screen>
  );
}
