/**
 * A GST tax invoice as issued: built once, when the order ships, from the order
 * and the seller's details, and stored whole (invoices.document), so the PDF
 * always shows the figures the database holds.
 */

import type { Order, OrderItem } from '../../db/schema.ts';
import { findCountry, findIndianState } from '../../rules/address.ts';
import { maskPan } from '../../rules/compliance.ts';
import { breakupInCurrency, financialYearLabel, type InvoiceFigures, invoiceFigures, rupeesFromDollars } from '../../rules/invoice.ts';
import type { Seller } from '../../rules/seller.ts';
import { supplyKind } from '../../rules/tax.ts';

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
  figures: InvoiceFigures;
  notes: string[];
}

/** Net weight per piece, and making/stone values for the whole line in the invoice's currency, where the line recorded them. */
export type LineDetails = (item: OrderItem) => { net_weight_g: number | null; making: number | null; stones: number | null };

/**
 * What an order line recorded when priced (rules/pricing.ts): net weight per
 * piece, and making and stone values per piece in rupees (rate-priced rows).
 * The invoice lists them for all pieces of the line in its own currency: a
 * dollar order's converted at the order's rate (breakupInCurrency).
 */
export function recordedDetails(order: Pick<Order, 'currency' | 'usd_inr'>): LineDetails {
  return (item) => ({
    net_weight_g: item.net_weight_mg === null ? null : item.net_weight_mg / 1000,
    making: breakupInCurrency(item.making_inr === null ? null : Number(item.making_inr) * item.quantity, order.currency, order.usd_inr),
    stones: breakupInCurrency(item.stones_inr === null ? null : Number(item.stones_inr) * item.quantity, order.currency, order.usd_inr),
  });
}

export function buildInvoice(input: {
  invoice_no: string;
  issuedAt: Date;
  financialYear: number;
  order: Order;
  items: OrderItem[];
  huids: Map<number, string[]>;
  seller: Seller;
  details?: LineDetails;
}): InvoiceDocument {
  const { order, seller } = input;
  const details = input.details ?? recordedDetails(order);
  const indianState = order.country === 'IN' ? findIndianState(order.state) : null;
  const supply = supplyKind(seller.stateCode, { country: order.country, gstStateCode: indianState?.gstCode ?? null });
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
      phone: order.phone_number,
      email: order.email,
      pan: order.pan ? maskPan(order.pan) : null,
    },
    place_of_supply: indianState ? `${indianState.name} (${indianState.gstCode})` : `Outside India (export): ${countryName}`,
    payment_method: order.payment_method === 'cod' ? 'Cash on Delivery' : 'Online Payment',
    figures,
    notes,
  };
}
