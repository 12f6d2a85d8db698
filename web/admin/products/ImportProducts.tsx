import { type FormEvent, useId, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import type { components } from '../../lib/api/schema.d.ts';
import { downloadFile } from '../../lib/download.ts';
import { useMay } from '../hooks/usePermissions.ts';
import './import.css';

type Plan = components['schemas']['ImportPlan'];
type PlanRow = components['schemas']['ImportPlanRow'];

const ACTIONS: Record<PlanRow['action'], string> = { create: 'Add', change: 'Change', unchanged: 'Unchanged', refuse: 'Refused' };
const DONE: Record<PlanRow['action'], string> = { create: 'Added', change: 'Changed', unchanged: 'Unchanged', refuse: 'Refused' };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a plan row does, in words: the fields it changes (from → to) or why it is refused. */
function rowDetails(row: PlanRow): string {
  if (row.action === 'refuse') return row.reasons.join(' ');
  if (row.changes.length) return row.changes.map((c) => `${c.field}: ${c.from || '(blank)'} → ${c.to || '(blank)'}`).join('; ');
  return row.action === 'create' ? 'New product' : '';
}

/**
 * Import products from CSV (issue 37, permission catalogue.manage): download the products
 * as they are (GET /import/products.csv), edit the file in a spreadsheet, choose it, and a
 * dry run (POST /import/products dry_run=1) shows the plan row by row (refused rows first in
 * the eye: marked and with their reasons); the import itself is offered only when no row is
 * refused and something changes, and writes the whole file in one transaction.
 */
export function ImportProducts({ onImported }: { onImported: () => void }) {
  const may = useMay('catalogue.manage');
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [busy, setBusy] = useState<'plan' | 'import' | 'download' | null>(null);
  const [said, setSaid] = useState<{ text: string; ok: boolean } | null>(null);
  const [showUnchanged, setShowUnchanged] = useState(false);
  if (may !== true) return null;

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? 'plan' : 'import');
    setSaid(null);
    const form = new FormData();
    form.append('file', file);
    if (dryRun) form.append('dry_run', '1');
    try {
      const answer = await api.post('/import/products', form);
      const data = answer.data as Plan | null;
      setPlan(data && Array.isArray(data.rows) ? data : null);
      setShowUnchanged(false);
      setSaid({ text: answer.description, ok: answer.status === 1 });
      if (answer.status === 1 && !dryRun) onImported();
    } catch {
      setSaid({ text: 'The server could not be reached. Please try again.', ok: false });
    } finally {
      setBusy(null);
    }
  };

  const dryRun = (event: FormEvent) => {
    event.preventDefault();
    void send(true);
  };

  const download = async () => {
    setBusy('download');
    const refusal = await downloadFile('/import/products.csv', { fileName: `products-${new Date().toISOString().slice(0, 10)}.csv`, type: 'text/csv', failure: 'The products could not be downloaded.' });
    setBusy(null);
    if (refusal) setSaid({ text: refusal, ok: false });
  };

  const changes = plan ? plan.created + plan.changed : 0;
  const unchangedRows = plan ? plan.rows.filter((row) => row.action === 'unchanged').length : 0;
  const shownRows = plan ? plan.rows.filter((row) => showUnchanged || row.action !== 'unchanged') : [];
  const ready = plan?.dry_run === true && plan.refused === 0 && changes > 0;
  return (
    <section className="admin-card admin-card--cards product-import" aria-labelledby={`${fileId}-title`}>
      <h2 id={`${fileId}-title`}>Import products from CSV</h2>
      <p className="product-import__lead">
        Download the products, change them in a spreadsheet (keep the columns, p_id, updated_at and stock_at_export as written), save as CSV and check it with a dry run: nothing
        changes until you import.
      </p>
      <p className="product-import__download">
        <button type="button" className="btn btn--ghost btn--small" disabled={busy !== null} onClick={download}>
          {busy === 'download' ? 'Downloading…' : 'Download products CSV'}
        </button>
      </p>
      <form className="product-import__form" onSubmit={dryRun}>
        <label htmlFor={fileId}>CSV file</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setPlan(null);
            setSaid(null);
          }}
        />
        <button type="submit" className="btn btn--small" disabled={!file || busy !== null}>
          {busy === 'plan' ? 'Checking…' : 'Dry run'}
        </button>
      </form>

      <p className={`product-import__said${said && !said.ok ? ' product-import__said--refused' : ''}`} role="status" aria-live="polite">
        {said?.text ?? ''}
      </p>

      {plan && (
        <>
          <ul className="product-import__counts" aria-label={plan.dry_run ? 'The plan' : 'The import'}>
            <li>{plural(plan.created, 'product')} {plan.dry_run ? 'to add' : 'added'}</li>
            <li>{plural(plan.changed, 'product')} {plan.dry_run ? 'to change' : 'changed'}</li>
            <li>{plural(plan.unchanged, 'product')} unchanged</li>
            <li className={plan.refused ? 'product-import__refused-count' : undefined}>{plural(plan.refused, 'row')} refused</li>
          </ul>
          <div className="admin-table-wrap">
            <table className="admin-table product-import__plan">
              <caption className="visually-hidden">{plan.dry_run ? 'The import plan, row by row' : 'What was imported, row by row'}</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Product</th>
                  <th scope="col">Action</th>
                  <th scope="col">Changes or reasons</th>
                </tr>
              </thead>
              <tbody>
                {shownRows.map((row) => (
                  <tr key={row.row} className={row.action === 'refuse' ? 'product-import__row--refused' : undefined}>
                    <td data-label="Row">{row.row}</td>
                    <td data-label="Product">
                      {row.name || '(no name)'}
                      {row.carat ? `, ${row.carat}` : ''}
                      {row.p_id !== null && <span className="product-import__id"> (p_id {row.p_id})</span>}
                    </td>
                    <td data-label="Action">
                      <span className={`product-import__action product-import__action--${row.action}`}>{(plan.dry_run ? ACTIONS : DONE)[row.action]}</span>
                    </td>
                    <td data-label="Changes or reasons" className="product-import__details">{rowDetails(row)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {unchangedRows > 0 && (
            <p className="product-import__more">
              <button type="button" className="btn btn--ghost btn--small" aria-pressed={showUnchanged} onClick={() => setShowUnchanged(!showUnchanged)}>
                {showUnchanged ? 'Hide' : 'Show'} the {plural(unchangedRows, 'unchanged row')}
              </button>
            </p>
          )}
          {plan.dry_run && (
            <div className="product-import__go">
              <button type="button" className="btn btn--small" disabled={!ready || busy !== null} onClick={() => void send(false)}>
                {busy === 'import' ? 'Importing…' : `Import ${plural(changes, 'change')}`}
              </button>
              {!ready && (
                <span className="product-import__why">
                  {plan.refused ? 'Fix the refused rows in the file, choose it again and run the dry run again.' : 'The file changes nothing.'}
                </span>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
