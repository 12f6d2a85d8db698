import { useState } from 'react';
import { HUID_VERIFY_HELP } from '../../../rules/compliance.ts';
import { openInvoice } from '../../lib/invoice.ts';
import { toast } from '../../stores/toast.ts';

/**
 * What the law gives a buyer in Order History: the hallmark unique ID of each
 * piece with how to check it, and the GST tax invoice once the order ships.
 */

/** "HUID AB12C4, XY98Z7" under a line, when the shop has recorded them. */
export function LineHuids({ huid }: { huid?: readonly string[] }) {
  if (!huid || huid.length === 0) return null;
  return (
    <small className="order__huid" data-testid="order-huid">
      HUID {huid.join(', ')}
    </small>
  );
}

/** The BIS CARE note, once per order that has HUIDs. */
export function HuidHelp({ items }: { items: ReadonlyArray<{ huid?: readonly string[] }> }) {
  if (!items.some((i) => i.huid && i.huid.length > 0)) return null;
  return (
    <p className="order__huid-help" data-testid="order-huid-help">
      <strong>Hallmarked by BIS.</strong> {HUID_VERIFY_HELP}
    </p>
  );
}

/** Download Invoice, once issued (when the order ships). */
export function InvoiceButton({ o_id, invoice_no }: { o_id: number; invoice_no?: string | null }) {
  const [busy, setBusy] = useState(false);
  if (!invoice_no) return null;
  return (
    <button
      type="button"
      className="btn btn--ghost btn--small"
      data-testid="order-invoice"
      disabled={busy}
      aria-busy={busy || undefined}
      title={`GST tax invoice ${invoice_no}`}
      onClick={async () => {
        setBusy(true);
        const problem = await openInvoice(o_id, invoice_no);
        setBusy(false);
        if (problem) toast.error(problem);
      }}
    >
      Download Invoice
    </button>
  );
}
