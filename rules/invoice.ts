/**
 * Tax invoice numbers (CGST Rules, rule 46): consecutive, unique within a
 * financial year (April to March), at most 16 characters of letters, digits,
 * "/" and "-". Ours: PREFIX/YY-YY/NNNNNN, e.g. AJ/26-27/000123.
 */

import { findCountry, findIndianState, type ShippingAddress } from './address.ts';
import { maskPan } from './compliance.ts';
import { dollarsFromRupees, divideHalfUp } from './pricing.ts';
import { IST_OFFSET_MS } from './dates.ts';
import { PAYMENT_METHOD_LABELS } from './payments.ts';
import { formatPhone } from './phone.ts';
import { INVOICE_PREFIX, type Seller } from './seller.ts';
import { apportion, finenessOf, HSN_JEWELLERY, splitInclusive, sumSplits, supplyKind, type SupplyKind, type TaxSplit } from './tax.ts';

/** The financial year a moment falls in, by its starting calendar year (2026 for April 2026 - March 2027): it turns at midnight IST on 1 April. */
export function financialYearStart(at: Date): number {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCFullYear();
  return ist.getUTCMonth() >= 3 ? year : year - 1;
}

/** The financial year's label on an invoice: 2026 -> "26-27". */
export function financialYearLabel(startYear: number): string {
  const two = (y: number) => String(y % 100).padStart(2, '0');
  return `${two(startYear)}-${two(startYear + 1)}`;
}

/** Most characters an invoice number may have (rule 46(b)). */
export const INVOICE_NUMBER_MAX = 16;

/** Digits of the running number: 999,999 invoices a year. */
export const INVOICE_SEQUENCE_DIGITS = 6;

/** An invoice number: prefix, financial year, running number within the year. */
export function invoiceNumber(prefix: string, financialYear: number, sequence: number): string {
  if (!INVOICE_PREFIX.test(prefix)) throw new RangeError('invoice prefix must be 1 to 3 capital letters or digits');
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence >= 10 ** INVOICE_SEQUENCE_DIGITS) {
    throw new RangeError(`invoice sequence must be from 1 to ${10 ** INVOICE_SEQUENCE_DIGITS - 1}`);
  }
  return `${prefix}/${financialYearLabel(financialYear)}/${String(sequence).padStart(INVOICE_SEQUENCE_DIGITS, '0')}`;
}


/**
 * An order line's making or stone value (its stored rupee breakup, paise, for
 * all its pieces) in the invoice's currency: rupees as they are; dollars
 * converted at the order's own rate (paise per US dollar, kept when it was
 * placed), half up to the cent, as dollar prices are (rules/pricing.ts). Null
 * when not recorded, or a dollar order has no rate kept.
 * Example: ₹2,469.12 of making at ₹83.50/US$ is US$29.57.
 */
export function breakupInCurrency(rupees: number | null, currency: 'INR' | 'USD', usdInr: number | null): number | null {
  if (rupees === null) return null;
  if (currency === 'INR') return rupees;
  return usdInr === null || usdInr <= 0 ? null : dollarsFromRupees(rupees, usdInr);
}

/** A dollar amount (cents) in rupees (paise) at a rate in paise per dollar: 100000 cents at 8350 -> 83,50,000 paise. */
export function rupeesFromDollars(cents: number, usdInr: number): number {
  return divideHalfUp(cents * usdInr, 100);
}

/** An order line as the invoice needs it (amounts in minor units of the order's currency). */
export interface InvoiceLineInput {
  description: string;
  carat_name: string | null;
  quantity: number;
  unit_price: number;
  line_total: number;
  /** Grams per piece; null when the carat row had none. */
  net_weight_g: number | null;
  making: number | null;
  stones: number | null;
  huids: string[];
}

/** One line of a tax invoice: the goods and how its tax-inclusive value splits. */
export interface InvoiceLine extends TaxSplit {
  description: string;
  hsn: string;
  /** "22K" */
  purity: string | null;
  /** 916 */
  fineness: number | null;
  quantity: number;
  /** Grams, all pieces of the line. */
  net_weight_g: number | null;
  huids: string[];
  unit_price: number;
  /** The line's share of the coupon discount. */
  discount: number;
  making: number | null;
  stones: number | null;
}

export interface InvoiceFigures {
  supply: SupplyKind;
  lines: InvoiceLine[];
  /** Shipping as a line of its own (abroad only; free in India), taxed as the supply. */
  shipping: TaxSplit;
  totals: TaxSplit & { discount: number; before_discount: number };
}

/**
 * The figures of a tax invoice. The coupon's discount is spread over the lines
 * in proportion (it reduces the taxable value); each line's value after
 * discount is split by splitInclusive; shipping is split the same way; totals
 * are the sums, so gross total = order total to the paisa.
 */
export function invoiceFigures(lines: readonly InvoiceLineInput[], discount: number, shipping: number, supply: SupplyKind): InvoiceFigures {
  const shares = apportion(discount, lines.map((l) => l.line_total));
  const invoiceLines = lines.map((l, i): InvoiceLine => ({
    description: l.description,
    hsn: HSN_JEWELLERY,
    purity: l.carat_name,
    fineness: finenessOf(l.carat_name),
    quantity: l.quantity,
    net_weight_g: l.net_weight_g === null ? null : Math.round(l.net_weight_g * l.quantity * 1000) / 1000,
    huids: l.huids,
    unit_price: l.unit_price,
    discount: shares[i],
    making: l.making,
    stones: l.stones,
    ...splitInclusive(l.line_total - shares[i], supply),
  }));
  const shippingSplit = splitInclusive(shipping, supply);
  const sum = sumSplits([...invoiceLines, shippingSplit]);
  const beforeDiscount = lines.reduce((t, l) => t + l.line_total, 0) + shipping;
  return { supply, lines: invoiceLines, shipping: shippingSplit, totals: { ...sum, discount, before_discount: beforeDiscount } };
}

/** What an invoice reads of an order (a row of orders, db/schema.ts Order, has it). Amounts in the order's minor units. */
export interface InvoiceOrder extends ShippingAddress {
  o_id: number;
  created_at: string;
  currency: 'INR' | 'USD';
  /** Paise per US dollar when the order was placed; null before the rate was kept. */
  usd_inr: number | null;
  discount: number;
  shipping: number;
  pan: string | null;
  payment_method: string;
  /** Minor units of the total paid by store credit (issue 36); absent or 0 for none. */
  store_credit?: number | null;
}

/** What an invoice reads of an order line (a row of order_items, db/schema.ts OrderItem, has it). */
export interface InvoiceOrderItem {
  oi_id: number;
  product_name: string;
  carat_name: string | null;
  material_name: string | null;
  size_name: string | null;
  quantity: number;
  price: number;
  line_total: number;
  net_weight_mg: number | null;
  /** One piece's making and stones in rupees (paise), as priced. */
  making_inr: number | null;
  stones_inr: number | null;
}

/**
 * A GST tax invoice as issued: built once, when the order ships, from the order
 * and the seller's details, and stored whole (invoices.document), so the PDF
 * always shows the figures the database holds.
 */
export interface InvoiceDocument {
  invoice_no: string;
  /** ISO time of issue. */
  issued_at: string;
  /** "26-27" */
  financial_year: string;
  o_id: number;
  order_date: string;
  currency: 'INR' | 'USD';
  /**
   * A dollar invoice's rate: paise per US dollar when the order was placed (its
   * making and stone values are converted at it), and the invoice total in
   * rupees at that rate (paise). Null for a rupee invoice or an order placed
   * before the rate was kept.
   */
  exchange: { usd_inr: number; total_inr: number } | null;
  seller: Seller;
  buyer: {
    name: string;
    address: string;
    city: string;
    state: string;
    /** GST state code in India; null abroad. */
    state_code: string | null;
    zip_code: string;
    country: string;
    country_name: string;
    phone: string;
    email: string;
    /** Masked: the full PAN stays in the shop's records. */
    pan: string | null;
  };
  place_of_supply: string;
  payment_method: string;
  /**
   * How the invoice total was paid, when store credit paid part of it (issue 36): store credit is a
   * payment, not a discount, so the taxable value and GST are those of the whole total; `store_credit`
   * plus `balance` (collected on delivery or paid online, `balance_method`) is the invoice total.
   * Absent on invoices without store credit (and on those issued before it existed).
   */
  payments?: { store_credit: number; balance: number; balance_method: string };
  figures: InvoiceFigures;
  notes: string[];
}

/** What an order paid partly or wholly by store credit says it was paid by (issue 36), and the split; null without store credit. */
export function invoicePayments(order: Pick<InvoiceOrder, 'payment_method' | 'store_credit'>, total: number): InvoiceDocument['payments'] | null {
  const credit = Math.min(Number(order.store_credit ?? 0), total);
  if (!(credit > 0)) return null;
  return { store_credit: credit, balance: total - credit, balance_method: paymentMethodText(order.payment_method) };
}

/** The invoice's words for a payment method (an order paid wholly by store credit: 'Store credit', issue 36). */
function paymentMethodText(method: string): string {
  return method === 'cod' || method === 'store_credit' ? PAYMENT_METHOD_LABELS[method] : PAYMENT_METHOD_LABELS.online;
}

/** Net weight per piece, and making/stone values for the whole line in the invoice's currency, where the line recorded them. */
export type LineDetails = (item: InvoiceOrderItem) => { net_weight_g: number | null; making: number | null; stones: number | null };

/**
 * What an order line recorded when priced (rules/pricing.ts): net weight per
 * piece, and making and stone values per piece in rupees (rate-priced rows).
 * The invoice lists them for all pieces of the line in its own currency: a
 * dollar order's converted at the order's rate (breakupInCurrency).
 */
export function recordedDetails(order: Pick<InvoiceOrder, 'currency' | 'usd_inr'>): LineDetails {
  return (item) => ({
    net_weight_g: item.net_weight_mg === null ? null : item.net_weight_mg / 1000,
    making: breakupInCurrency(item.making_inr === null ? null : Number(item.making_inr) * item.quantity, order.currency, order.usd_inr),
    stones: breakupInCurrency(item.stones_inr === null ? null : Number(item.stones_inr) * item.quantity, order.currency, order.usd_inr),
  });
}

/** How an order to this address is taxed by a shop in the state `shopStateCode`: intra-state, inter-state or export. */
export function orderSupply(shopStateCode: string, order: { country: string; state: string }): SupplyKind {
  const indianState = order.country === 'IN' ? findIndianState(order.state) : null;
  return supplyKind(shopStateCode, { country: order.country, gstStateCode: indianState?.gstCode ?? null });
}

/**
 * An order's GST as its tax invoice will total it (invoiceFigures on the same lines, discount
 * and shipping), for the shopper to read before the invoice is issued: the confirmation page
 * and the order-placed e-mail. Minor units of the order's currency.
 */
export function orderTaxTotals(
  shopStateCode: string,
  order: { country: string; state: string; discount: number; shipping: number },
  lines: ReadonlyArray<{ carat_name: string | null; quantity: number; price: number; line_total: number }>,
): TaxSplit & { supply: SupplyKind } {
  const supply = orderSupply(shopStateCode, order);
  const inputs = lines.map((l) => ({ description: '', carat_name: l.carat_name, quantity: l.quantity, unit_price: l.price, line_total: l.line_total, net_weight_g: null, making: null, stones: null, huids: [] }));
  const { totals } = invoiceFigures(inputs, order.discount, order.shipping, supply);
  return { supply, gross: totals.gross, taxable: totals.taxable, cgst: totals.cgst, sgst: totals.sgst, igst: totals.igst };
}

/**
 * A tax invoice's whole document, built once when the order ships and stored as
 * it is (invoices.document): seller, buyer, place of supply (an export outside
 * India), the figures (invoiceFigures) and the notes the supply needs.
 */
export function buildInvoice(input: {
  invoice_no: string;
  issuedAt: Date;
  financialYear: number;
  order: InvoiceOrder;
  items: readonly InvoiceOrderItem[];
  huids: Map<number, string[]>;
  seller: Seller;
  details?: LineDetails;
}): InvoiceDocument {
  const { order, seller } = input;
  const details = input.details ?? recordedDetails(order);
  const indianState = order.country === 'IN' ? findIndianState(order.state) : null;
  const supply = orderSupply(seller.stateCode, order);
  const countryName = findCountry(order.country)?.name ?? order.country;
  const figures = invoiceFigures(
    input.items.map((item) => {
      const d = details(item);
      const choice = [item.carat_name, item.material_name, item.size_name ? `Size ${item.size_name}` : null].filter(Boolean).join(', ');
      return {
        description: choice ? `${item.product_name} (${choice})` : item.product_name,
        carat_name: item.carat_name,
        quantity: item.quantity,
        unit_price: item.price,
        line_total: item.line_total,
        net_weight_g: d.net_weight_g,
        making: d.making,
        stones: d.stones,
        huids: input.huids.get(item.oi_id) ?? [],
      };
    }),
    order.discount,
    order.shipping,
    supply,
  );
  const rate = order.currency === 'USD' && order.usd_inr !== null && order.usd_inr > 0 ? order.usd_inr : null;
  const notes = [
    supply === 'export'
      ? 'Supply meant for export under letter of undertaking without payment of integrated tax (zero-rated): the price charged carries no GST and is the taxable value.'
      : 'Prices are inclusive of GST; the taxable value is derived from them.',
  ];
  if (order.currency === 'USD') {
    notes.push(
      rate === null
        ? 'Making and stone values are kept in rupees for this order, without its exchange rate: not shown in dollars (n/r).'
        : `Making and stone values: each line's rupee breakup converted at Rs ${(rate / 100).toFixed(2)} per US$ (the rate when the order was placed), rounded to the cent.`,
    );
  }
  notes.push('Verify the HUID of each piece in the BIS CARE app.');
  const payments = invoicePayments(order, figures.totals.gross);
  if (payments) notes.push('Store credit is a payment toward this invoice, not a discount: the taxable value and GST are those of the whole invoice total.');
  return {
    invoice_no: input.invoice_no,
    issued_at: input.issuedAt.toISOString(),
    financial_year: financialYearLabel(input.financialYear),
    o_id: order.o_id,
    order_date: order.created_at,
    currency: order.currency,
    exchange: rate === null ? null : { usd_inr: rate, total_inr: rupeesFromDollars(figures.totals.gross, rate) },
    seller,
    buyer: {
      name: `${order.first_name} ${order.last_name}`.trim(),
      address: [order.address, order.apartment].filter(Boolean).join(', '),
      city: order.city,
      state: order.state,
      state_code: indianState?.gstCode ?? null,
      zip_code: order.zip_code,
      country: order.country,
      country_name: countryName,
      phone: formatPhone(order.phone_number),
      email: order.email,
      pan: order.pan ? maskPan(order.pan) : null,
    },
    place_of_supply: indianState ? `${indianState.name} (${indianState.gstCode})` : `Outside India (export): ${countryName}`,
    payment_method: payments
      ? payments.balance > 0
        ? `Store credit and ${payments.balance_method}`
        : 'Store credit'
      : paymentMethodText(order.payment_method),
    ...(payments ? { payments } : {}),
    figures,
    notes,
  };
}
