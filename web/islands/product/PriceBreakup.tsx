import type { components } from '../../lib/api/schema.d.ts';
import type { Currency } from '../../../rules/money.ts';
import { exportNote, FIXED_PRICE_NOTE, fixedFigures, goldLine, gramsText, gstLabel, rateTimeLine, rupees, signedRupees } from './breakup-text.ts';

type ProductCarat = components['schemas']['ProductCarat'];

function makingLabel(row: ProductCarat): string {
  if (row.making_type === 'percent' && row.making_value !== null) return `Making charges (${row.making_value}% of gold)`;
  if (row.making_type === 'per_gram' && row.making_value !== null) return `Making charges (${rupees(row.making_value)}/g)`;
  return 'Making charges';
}

/**
 * What is known of a fixed-price row's price (issue 33): its net weight when recorded,
 * the price before GST, the GST in it and the price, for a rupee shopper; the price
 * without GST and what the dollar price is for a dollar shopper. No gold, making or
 * stone lines, and no rate time: the price was typed, not made from the day's rate.
 */
function FixedBreakup({ row, abroad }: { row: ProductCarat; abroad: boolean }) {
  const fixed = fixedFigures(row);
  return (
    <details className="pd__breakup" data-breakup="" data-breakup-fixed="" open>
      <summary>Price breakup for {row.carat.name}</summary>
      <dl>
        {row.net_weight_g !== null ? (
          <>
            <dt>Net weight</dt>
            <dd data-breakup-weight="" suppressHydrationWarning>{gramsText(row.net_weight_g)}</dd>
          </>
        ) : null}
        <div className="pd__breakup-part" data-breakup-domestic="" hidden={abroad} suppressHydrationWarning>
          <dt>Price before GST</dt>
          <dd data-breakup-before-gst="" suppressHydrationWarning>{rupees(fixed.withoutGst)}</dd>
          <dt>{gstLabel}</dt>
          <dd data-breakup-gst="" suppressHydrationWarning>{rupees(fixed.gst)}</dd>
          <dt className="pd__breakup-total">Total</dt>
          <dd className="pd__breakup-total" data-breakup-total="" suppressHydrationWarning>
            {rupees(fixed.total)}
          </dd>
        </div>
        <div className="pd__breakup-part" data-breakup-export="" hidden={!abroad} suppressHydrationWarning>
          <dt className="pd__breakup-total">Price without GST</dt>
          <dd className="pd__breakup-total" data-breakup-without-gst="" suppressHydrationWarning>
            {rupees(fixed.withoutGst)}
          </dd>
        </div>
      </dl>
      <p className="pd__breakup-export" data-breakup-export-note="" hidden={!abroad} suppressHydrationWarning>
        {exportNote(row)}
      </p>
      <p className="pd__rate-time">{FIXED_PRICE_NOTE}</p>
    </details>
  );
}

/**
 * How a row's price is made up, under the price. A rate-priced row's (issue 16):
 * gold as weight x the day's rate, making, stones, and the time of the rate. In
 * rupees for everyone: the rate is a rupee rate. A rupee shopper's ends with GST
 * and the rupee price; a dollar shopper's price is an export price with no Indian
 * GST (rules/pricing.ts), so theirs ends with the price without GST that the
 * dollar price is made from, as the API answers it. Both endings are drawn and
 * the currency shows one, so a pre-rendered page can switch before the island
 * wakes (web/lib/product-page.ts). A fixed-price row shows what is known of it
 * (FixedBreakup).
 */
export function PriceBreakup({ row, currency }: { row: ProductCarat | undefined; currency: Currency }) {
  if (!row) return null;
  const abroad = currency !== 'INR';
  const b = row.breakup;
  if (!b) return <FixedBreakup row={row} abroad={abroad} />;
  return (
    <details className="pd__breakup" data-breakup="" open>
      <summary>Price breakup for {row.carat.name}</summary>
      <dl>
        <dt data-breakup-gold="" suppressHydrationWarning>{goldLine(row)}</dt>
        <dd data-breakup-metal="" suppressHydrationWarning>{rupees(b.metal)}</dd>
        <dt>{makingLabel(row)}</dt>
        <dd data-breakup-making="" suppressHydrationWarning>{rupees(b.making)}</dd>
        {b.stones > 0 ? (
          <>
            <dt>Stones</dt>
            <dd>{rupees(b.stones)}</dd>
          </>
        ) : null}
        <div className="pd__breakup-part" data-breakup-domestic="" hidden={abroad} suppressHydrationWarning>
          <dt>{gstLabel}</dt>
          <dd data-breakup-gst="" suppressHydrationWarning>{rupees(b.gst)}</dd>
          {b.round_off !== 0 ? (
            <>
              <dt>Rounded to the rupee</dt>
              <dd>{signedRupees(b.round_off)}</dd>
            </>
          ) : null}
          <dt className="pd__breakup-total">Total</dt>
          <dd className="pd__breakup-total" data-breakup-total="" suppressHydrationWarning>
            {rupees(row.inr_price)}
          </dd>
        </div>
        <div className="pd__breakup-part" data-breakup-export="" hidden={!abroad} suppressHydrationWarning>
          {b.without_gst_round_off !== 0 ? (
            <>
              <dt>Rounding</dt>
              <dd data-breakup-export-round="" suppressHydrationWarning>{signedRupees(b.without_gst_round_off)}</dd>
            </>
          ) : null}
          <dt className="pd__breakup-total">Price without GST</dt>
          <dd className="pd__breakup-total" data-breakup-without-gst="" suppressHydrationWarning>
            {rupees(b.without_gst)}
          </dd>
        </div>
      </dl>
      <p className="pd__breakup-export" data-breakup-export-note="" hidden={!abroad} suppressHydrationWarning>
        {exportNote(row)}
      </p>
      <p className="pd__rate-time" data-rate-time="" suppressHydrationWarning>
        {rateTimeLine(b.rate_at)}
      </p>
    </details>
  );
}

/** Whether a row can be bought now, and the line that says so (sold out, pieces left, made to order). */
export function stockLine(row: ProductCarat | undefined): { soldOut: boolean; text: string | null } {
  if (!row) return { soldOut: false, text: null };
  if (row.stock === null) {
    // The lead time is in the delivery estimate below (DeliveryEstimate), with the dates it moves.
    return { soldOut: false, text: `Made to order in ${row.carat.name}.` };
  }
  if (row.stock <= 0) return { soldOut: true, text: `Sold out in ${row.carat.name}.` };
  if (row.stock === 1) return { soldOut: false, text: `One of a kind: only 1 piece in ${row.carat.name}.` };
  if (row.stock <= 3) return { soldOut: false, text: `Only ${row.stock} left in ${row.carat.name}.` };
  return { soldOut: false, text: `In stock in ${row.carat.name}.` };
}

