import { useState } from 'react';
import { HUID_MESSAGE, normaliseHuid } from '../../../rules/compliance.ts';
import { ORDER_STATUS } from '../../../rules/orders.ts';
import { api } from '../../lib/api/client.ts';
import { openInvoice } from '../../lib/invoice.ts';
import { toast } from '../../stores/toast.ts';
import { useMay } from '../hooks/usePermissions.ts';
import type { OrderRow } from '../types.ts';
import { orderLineText } from './OrderItems.tsx';

/**
 * HUID entry for packing an order (issue 17): one box per piece of each line,
 * each checked as typed (6 letters or digits); Save sends PUT /orderhuid. The
 * order can be marked Shipped only when every piece has one. Read-only once
 * shipped, when the HUIDs are on the tax invoice, and to those who may only see
 * orders (no orders.manage), who see what is recorded and the invoice, if any.
 */
export function HuidEntry({ order, onSaved }: { order: OrderRow; onSaved: (items: { oi_id: number; huid: string[] }[]) => void }) {
  const items = order.orderItems ?? [];
  // Shipped, Delivered or Cancelled: the server takes no more HUIDs.
  const mayRecord = useMay('orders.manage') === true;
  const locked = order.status >= ORDER_STATUS.shipped || !mayRecord;
  const [values, setValues] = useState<Record<number, string[]>>(() =>
    Object.fromEntries(items.map((i) => [i.oi_id, Array.from({ length: i.quantity }, (_, p) => i.huid?.[p] ?? '')])),
  );
  const [saving, setSaving] = useState(false);
  const pieces = items.reduce((n, i) => n + i.quantity, 0);
  const filled = Object.values(values).flat().filter((v) => normaliseHuid(v)).length;
  const problems = Object.values(values)
    .flat()
    .filter((v) => v.trim() !== '' && !normaliseHuid(v));

  const save = async () => {
    if (problems.length) {
      toast.error(`${HUID_MESSAGE} "${problems[0]}" is not one.`);
      return;
    }
    setSaving(true);
    try {
      const body = { o_id: order.o_id, items: items.map((i) => ({ oi_id: i.oi_id, huid: (values[i.oi_id] ?? []).map((v) => v.trim()).filter(Boolean) })) };
      const answer = await api.put('/orderhuid', body);
      if (answer.status === 1 && answer.data) {
        toast.success(answer.description);
        onSaved(answer.data.items.map((i) => ({ oi_id: i.oi_id, huid: i.huid })));
      } else toast.error(answer.description || 'The HUIDs could not be saved.');
    } catch {
      toast.error('The HUIDs could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  if (items.length === 0 || (!mayRecord && filled === 0 && !order.invoice_no)) return null;
  return (
    <div className="admin-huid" data-testid={`huid-entry-${order.o_id}`}>
      <div className="admin-huid__head">
        <h3>Hallmark (HUID)</h3>
        <p>
          {filled} of {pieces} piece{pieces === 1 ? '' : 's'} recorded
          {locked ? ' · on the tax invoice' : filled < pieces ? ' · needed before Shipped' : ' · ready to ship'}
        </p>
      </div>
      <HuidPieces
        lines={items.map((item) => ({ key: item.oi_id, name: orderLineText(item).name, detail: [item.carat?.name, `Qty ${item.quantity}`].filter(Boolean).join(' · '), label: item.product?.name ?? 'this line' }))}
        values={values}
        disabled={locked || saving}
        onChange={(oi_id, piece, next) => setValues((current) => ({ ...current, [oi_id]: (current[oi_id] ?? []).map((v, i) => (i === piece ? next : v)) }))}
      />
      {problems.length ? <p className="field-error">{HUID_MESSAGE}</p> : null}
      <div className="admin-huid__actions">
        {!locked ? (
          <button type="button" className="btn btn--small" onClick={() => void save()} disabled={saving} aria-busy={saving || undefined}>
            {saving ? 'Saving…' : 'Save HUIDs'}
          </button>
        ) : null}
        <InvoiceDownload order={order} />
      </div>
    </div>
  );
}

/** A line whose pieces take a HUID each: its key, its name, what follows the name, and how a box names it to a screen reader. */
export interface HuidLine {
  key: number;
  name: string;
  detail: string;
  label: string;
}

/**
 * One box per piece of each line, each checked as typed (6 letters or digits) and upper-cased:
 * the packing desk's HUID entry, and the returns desk's inspection (the HUIDs read off the pieces
 * that came back). `values` holds each line's boxes by key.
 */
export function HuidPieces({ lines, values, disabled, onChange }: { lines: HuidLine[]; values: Record<number, string[]>; disabled: boolean; onChange: (key: number, piece: number, value: string) => void }) {
  return (
    <ul>
      {lines.map((line) => (
        <li key={line.key}>
          <span className="admin-huid__name">
            {line.name} <small>{line.detail}</small>
          </span>
          <span className="admin-huid__boxes">
            {(values[line.key] ?? []).map((value, piece) => {
              const bad = value.trim() !== '' && !normaliseHuid(value);
              return (
                <input
                  key={piece}
                  className="input admin-huid__input"
                  aria-label={`HUID of piece ${piece + 1} of ${line.label}`}
                  aria-invalid={bad || undefined}
                  maxLength={6}
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder="AB12C4"
                  disabled={disabled}
                  value={value}
                  onChange={(e) => onChange(line.key, piece, e.target.value.toUpperCase())}
                />
              );
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Download Invoice for the administrator, once the order has shipped. */
export function InvoiceDownload({ order }: { order: Pick<OrderRow, 'o_id' | 'invoice_no'> }) {
  const [busy, setBusy] = useState(false);
  if (!order.invoice_no) return null;
  const invoice_no = order.invoice_no;
  return (
    <button
      type="button"
      className="btn btn--ghost btn--small"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        const problem = await openInvoice(order.o_id, invoice_no);
        setBusy(false);
        if (problem) toast.error(problem);
      }}
    >
      Invoice {invoice_no}
    </button>
  );
}
