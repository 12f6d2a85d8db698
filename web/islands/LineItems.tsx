import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import type { Envelope } from '../lib/api/client.ts';
import { type CartLine, choiceText, type Totals, unitPrice } from '../lib/checkout.ts';
import { type Currency, formatMoney } from '../../rules/money.ts';
import { productPath } from '../lib/routes.ts';
import { toast } from '../stores/toast.ts';
import { LineThumb, useSessionUser } from './parts.tsx';

/** What a cart or wishlist row shows of its line: the product, its carat, material and size, its price. */
type ShownLine = Pick<CartLine, 'p_id' | 'available' | 'carat_name' | 'material_name' | 'size_name' | 'inr_price' | 'usd_price' | 'product'>;

/** The name a line goes by, also when its product is gone. */
export function lineName(line: Pick<CartLine, 'product'>): string {
  return line.product?.name ?? 'This product';
}

/** The lines being changed on the server (by id), shown busy and not clickable meanwhile. */
export function useBusyLines(): [ReadonlySet<number>, (id: number, on: boolean) => void] {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const working = useCallback(
    (id: number, on: boolean) =>
      setBusy((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  return [busy, working];
}

/**
 * A cart's or wishlist's lines as its page keeps them: read once the shopper is known (none
 * for a visitor), null while being read, `failed` when the store could not be reached (`load`
 * tries again). A refusal is said (its description, or `refusal`) and shows no lines;
 * `loaded` hears the lines the server answered.
 */
export function useShopperLines<L>(read: (u_id: number) => Promise<Envelope<L[]>>, refusal: string, loaded?: (lines: L[]) => void) {
  const user = useSessionUser();
  const [lines, setLines] = useState<L[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async (u_id: number) => {
    setFailed(false);
    try {
      const answer = await read(u_id);
      if (answer.status === 1 && Array.isArray(answer.data)) {
        setLines(answer.data);
        loaded?.(answer.data);
      } else {
        toast.error(answer.description || refusal);
        setLines([]);
      }
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    if (user === undefined) return;
    if (user === null) setLines([]);
    else void load(user.u_id);
  }, [user?.u_id, load]);
  return { user, lines, setLines, failed, load };
}

/** What a change to a line says: when the server agrees, when it refuses, when the store is out of reach. */
export interface LineChangeWords {
  done: string;
  refused: string;
  unreachable: string;
}

/** Changes one line on the server, busy meanwhile: `applied` and `done` when the server agrees, the refusal or the store being out of reach said otherwise. */
export async function changeLine(working: (on: boolean) => void, call: () => Promise<Envelope<unknown>>, applied: () => void, words: LineChangeWords): Promise<void> {
  working(true);
  try {
    const answer = await call();
    if (answer.status === 1) {
      applied();
      toast.success(words.done);
    } else {
      toast.error(words.refused);
    }
  } catch {
    toast.error(words.unreachable);
  } finally {
    working(false);
  }
}

/** The heading above a list of lines, with how many pieces it holds. */
export function LinesHead({ titleId, title, pieces }: { titleId: string; title: string; pieces: number }) {
  return (
    <div className="journey-head">
      <h2 id={titleId} tabIndex={-1}>
        {title}
      </h2>
      <span>
        {pieces} {pieces === 1 ? 'piece' : 'pieces'}
      </span>
    </div>
  );
}

/** Columns of figures (and the actions) stand right-aligned. */
const RIGHT_ALIGNED: ReadonlySet<string> = new Set(['Price', 'Total', 'Actions']);

/** The cart's or wishlist's table of lines. */
export function LineTable({ testId, caption, columns, children }: { testId: string; caption: string; columns: ReadonlyArray<string>; children: ReactNode }) {
  return (
    <table className="line-table" data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={RIGHT_ALIGNED.has(column) ? 'num' : undefined}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * One row of a line table: the product (thumbnail, category, name linking to
 * its page, a warning when it is no longer available) and its description;
 * the row's other cells follow as children.
 */
export function LineRow({ line, busy, testId, unavailableNote, children }: { line: ShownLine; busy: boolean; testId: string; unavailableNote: string; children: ReactNode }) {
  return (
    <tr className={busy ? 'is-busy' : undefined} aria-busy={busy || undefined} data-testid={testId}>
      <td className="cell-product">
        <div className="line-product">
          <LineThumb images={line.product?.images} />
          <div>
            {line.product?.category?.cate_name ? <span className="line-product__cat">{line.product.category.cate_name}</span> : null}
            <a href={productPath(line.p_id)}>{lineName(line)}</a>
            {!line.available ? <span className="line-warning">{unavailableNote}</span> : null}
          </div>
        </div>
      </td>
      <td className="cell-desc line-desc" data-label="Description">
        {choiceText(line)}
      </td>
      {children}
    </tr>
  );
}

/** A line's price for one piece, in the shopper's currency. */
export function PriceCell({ line, currency }: { line: ShownLine; currency: Currency }) {
  return (
    <td className="cell-price num" data-label="Price">
      {formatMoney(unitPrice(line, currency), currency)}
    </td>
  );
}

/** A row's actions: any given as children, then the remove button. */
export function LineActions({ name, from, busy, onRemove, children }: { name: string; from: 'cart' | 'wishlist'; busy: boolean; onRemove: () => void; children?: ReactNode }) {
  return (
    <td className="cell-actions">
      <div className="line-actions">
        {children}
        <button type="button" className="remove-btn" aria-label={`Remove ${name} from ${from}`} disabled={busy} onClick={onRemove}>
          <Icon name="close" size={18} />
        </button>
      </div>
    </td>
  );
}

/**
 * The order summary beside the cart and the checkout: subtotal, the coupon's
 * discount when one is applied, shipping Free and total. The checkout's lines
 * come before the figures, the actions after them.
 */
export function OrderSummary({
  of,
  totals,
  currency,
  coupon,
  lines,
  shippingNote,
  taxNote,
  children,
}: {
  of: 'cart' | 'checkout';
  /** Whether the prices carry India's GST for this destination, when the destination changes them. */
  taxNote?: string | null;
  /** Abroad: the zone and parcel weight the server charged for, or that it is being calculated. */
  shippingNote?: string | null;
  totals: Totals;
  currency: Currency;
  coupon?: { name: string } | null;
  lines?: ReactNode;
  children: ReactNode;
}) {
  return (
    <aside className="summary" aria-labelledby={`${of}-summary`}>
      <h2 id={`${of}-summary`}>Order Summary</h2>
      {lines}
      <dl>
        <dt>Subtotal</dt>
        <dd data-testid={`${of}-subtotal`}>{formatMoney(totals.subtotal, currency)}</dd>
        {coupon ? (
          <>
            <dt>Discount ({coupon.name})</dt>
            <dd className="summary__discount" data-testid={`${of}-discount`}>
              −{formatMoney(totals.discount, currency)}
            </dd>
          </>
        ) : null}
        <dt>Shipping</dt>
        {totals.shipping > 0 ? (
          <dd data-testid={`${of}-shipping`}>
            {formatMoney(totals.shipping, currency)}
            {shippingNote ? <small className="summary__note-inline">{shippingNote}</small> : null}
          </dd>
        ) : (
          <dd className="summary__free" data-testid={`${of}-shipping`}>
            {shippingNote && shippingNote !== 'Free' ? shippingNote : 'Free'}
          </dd>
        )}
        <dt className="summary__total">Total</dt>
        <dd className="summary__total" data-testid={`${of}-total`}>
          {formatMoney(totals.total, currency)}
        </dd>
      </dl>
      {taxNote ? (
        <p className="summary__tax-note" data-testid={`${of}-tax-note`}>
          {taxNote}
        </p>
      ) : null}
      {children}
    </aside>
  );
}
