import type { ReactNode } from 'react';
import type { components } from '../../lib/api/schema.d.ts';
import type { Currency } from '../../../rules/money.ts';
import { exportNote, FIXED_PRICE_NOTE, fixedFigures, goldLine, gramsText, gstLabel, rateTimeLine, rupees, signedRupees } from './breakup-text.ts';

type ProductCarat = components['schemas']['ProductCarat'];

function makingLabel(row: ProductCarat): string {
  if (row.making_type === 'percent' && row.making_value !== null) return `Making charges (${row.making_value}% of gold)`;
  if (row.making_type === 'per_gram' && row.making_value !== null) return `Making charges (${rupees(row.making_value)}/g)`;
  return 'Making charges';
}

/** A line of the breakup: what it is and its amount; `name` marks the amount for the page's script (data-breakup-{name}). */
function Figure({ term, amount, name, total = false }: { term: ReactNode; amount: string; name?: string; total?: boolean }) {
  const className = total ? 'pd__breakup-total' : undefined;
  return (
    <>
      <dt className={className}>{term}</dt>
      <dd className={className} {...(name ? { [`data-breakup-${name}`]: '' } : {})} suppressHydrationWarning>
        {amount}
      </dd>
    </>
  );
}

/**
 * A breakup: its lines, then both endings, the currency showing one so a pre-rendered page
 * can switch before the island wakes (web/lib/product-page.ts): a rupee shopper's, with GST
 * and the rupee total; a dollar shopper's, the price without GST their dollar price is made
 * from, and the export note under the list.
 */
function Breakup({
  row,
  abroad,
  fixed = false,
  lines,
  domestic,
  total,
  exported,
  withoutGst,
  foot,
}: {
  row: ProductCarat;
  abroad: boolean;
  fixed?: boolean;
  lines: ReactNode;
  domestic: ReactNode;
  total: number;
  exported?: ReactNode;
  withoutGst: number;
  foot: ReactNode;
}) {
  return (
    <details className="pd__breakup" data-breakup="" data-breakup-fixed={fixed ? '' : undefined} open>
      <summary>Price breakup for {row.carat.name}</summary>
      <dl>
        {lines}
        <div className="pd__breakup-part" data-breakup-domestic="" hidden={abroad} suppressHydrationWarning>
          {domestic}
          <Figure term="Total" amount={rupees(total)} name="total" total />
        </div>
        <div className="pd__breakup-part" data-breakup-export="" hidden={!abroad} suppressHydrationWarning>
          {exported}
          <Figure term="Price without GST" amount={rupees(withoutGst)} name="without-gst" total />
        </div>
      </dl>
      <p className="pd__breakup-export" data-breakup-export-note="" hidden={!abroad} suppressHydrationWarning>
        {exportNote(row)}
      </p>
      {foot}
    </details>
  );
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
    <Breakup
      row={row}
      abroad={abroad}
      fixed
      lines={row.net_weight_g !== null ? <Figure term="Net weight" amount={gramsText(row.net_weight_g)} name="weight" /> : null}
      domestic={
        <>
          <Figure term="Price before GST" amount={rupees(fixed.withoutGst)} name="before-gst" />
          <Figure term={gstLabel} amount={rupees(fixed.gst)} name="gst" />
        </>
      }
      total={fixed.total}
      withoutGst={fixed.withoutGst}
      foot={<p className="pd__rate-time">{FIXED_PRICE_NOTE}</p>}
    />
  );
}

/**
 * How a row's price is made up, under the price. A rate-priced row's (issue 16):
 * gold as weight x the day's rate, making, stones, and the time of the rate. In
 * rupees for everyone: the rate is a rupee rate. A rupee shopper's ends with GST
 * and the rupee price; a dollar shopper's price is an export price with no Indian
 * GST (rules/pricing.ts), so theirs ends with the price without GST that the
 * dollar price is made from, as the API answers it. Both endings are drawn and
 * the currency shows one (Breakup). A fixed-price row shows what is known of it
 * (FixedBreakup).
 */
export function PriceBreakup({ row, currency }: { row: ProductCarat | undefined; currency: Currency }) {
  if (!row) return null;
  const abroad = currency !== 'INR';
  const b = row.breakup;
  if (!b) return <FixedBreakup row={row} abroad={abroad} />;
  return (
    <Breakup
      row={row}
      abroad={abroad}
      lines={
        <>
          <dt data-breakup-gold="" suppressHydrationWarning>
            {goldLine(row)}
          </dt>
          <dd data-breakup-metal="" suppressHydrationWarning>
            {rupees(b.metal)}
          </dd>
          <Figure term={makingLabel(row)} amount={rupees(b.making)} name="making" />
          {b.stones > 0 ? <Figure term="Stones" amount={rupees(b.stones)} /> : null}
        </>
      }
      domestic={
        <>
          <Figure term={gstLabel} amount={rupees(b.gst)} name="gst" />
          {b.round_off !== 0 ? <Figure term="Rounded to the rupee" amount={signedRupees(b.round_off)} /> : null}
        </>
      }
      total={row.inr_price}
      exported={b.without_gst_round_off !== 0 ? <Figure term="Rounding" amount={signedRupees(b.without_gst_round_off)} name="export-round" /> : null}
      withoutGst={b.without_gst}
      foot={
        <p className="pd__rate-time" data-rate-time="" suppressHydrationWarning>
          {rateTimeLine(b.rate_at)}
        </p>
      }
    />
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

