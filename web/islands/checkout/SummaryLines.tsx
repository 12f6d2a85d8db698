import { type CartLine, choiceText, lineTotal } from '../../lib/checkout.ts';
import type { CheckoutQuote } from '../../lib/checkout-quote.ts';
import { type Currency, formatMoney } from '../../../rules/money.ts';
import type { BuyNowLine } from '../../stores/buy-now.ts';
import { lineName } from '../LineItems.tsx';
import { LineThumb } from '../parts.tsx';

/** One line of the order summary, from the cart or the Buy Now hand-over. */
export interface SummaryLine {
  key: string;
  name: string;
  images: ReadonlyArray<{ imageUrl: string }>;
  choice: string;
  quantity: number;
  inr_price: number | null;
  usd_price: number | null;
  available: boolean;
}

export function fromCart(line: CartLine): SummaryLine {
  return {
    key: `c${line.c_id}`,
    name: lineName(line),
    images: line.product?.images ?? [],
    choice: choiceText(line),
    quantity: line.quantity,
    inr_price: line.inr_price,
    usd_price: line.usd_price,
    available: line.available,
  };
}

export function fromBuyNow(line: BuyNowLine): SummaryLine {
  return {
    key: `b${line.p_id}`,
    name: line.product.name,
    images: line.product.image ? [{ imageUrl: line.product.image }] : [],
    choice: choiceText({ carat_name: line.product.carat, material_name: line.product.material, size_name: line.product.size }),
    quantity: line.quantity,
    inr_price: line.product.inr_price,
    usd_price: line.product.usd_price,
    available: true,
  };
}

/** The server's pricing of a summary line for the destination: its cart line, or the Buy Now line. */
function quotedLine(priced: CheckoutQuote['lines'] | null, line: SummaryLine) {
  return priced?.find((p) => (p.c_id === null ? line.key.startsWith('b') : line.key === `c${p.c_id}`));
}

/** The pieces being ordered, each with its quantity on the thumbnail and its total. */
export function SummaryLines({ lines, currency, priced }: { lines: ReadonlyArray<SummaryLine>; currency: Currency; priced: CheckoutQuote['lines'] | null }) {
  return (
    <ul className="summary-lines">
      {lines.map((line) => (
        <li key={line.key}>
          <span className="thumb">
            <LineThumb images={line.images} size={60} />
            <span className="qty-badge" aria-label={`Quantity ${line.quantity}`}>
              {line.quantity}
            </span>
          </span>
          <span>
            <strong>{line.name}</strong>
            <small>{line.choice}</small>
            {!line.available ? <small className="line-warning">No longer available</small> : null}
          </span>
          <span className="num">{formatMoney(quotedLine(priced, line)?.line_total ?? lineTotal(line, currency), currency)}</span>
        </li>
      ))}
    </ul>
  );
}
