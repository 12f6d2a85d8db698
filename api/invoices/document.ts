/**
 * A GST tax invoice as issued: built once, when the order ships, from the order
 * and the seller's details, and stored whole (invoices.document), so the PDF
 * always shows the figures the database holds.
 */

import type { Order, OrderItem } from '../../db/schema.ts';
import { findCountry, findIndianState } from '../../rules/address.ts';
import { maskPan } from '../../rules/compliance.ts';
import { financialYearLabel, type InvoiceFigures, invoiceFigures } from '../../rules/invoice.ts';
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

/** Net weight per piece, and making/stone values for the whole line, where the line recorded them. */
export type LineDetails = (item: OrderItem) => { net_weight_g: number | null; making: number | null; stones: number | null };

/**
 * What an order line recorded when priced (rules/pricing.ts): net weight per
 * piece, and making and stone values per piece in rupees (rate-priced rows).
 * The invoice lists them for all pieces of the line; in a dollar order the
 * rupee breakup is not the invoice's currency and is left out.
 */
export function recordedDetails(currency: 'INR' | 'USD'): LineDetails {
  return (item) => ({
    net_weight_g: item.net_weight_mg === null ? null : item.net_weight_mg / 1000,
    making: currency === 'INR' && item.making_inr !== null ? item.making_inr * item.quantity : null,
    stones: currency === 'INR' && item.stones_inr !== null ? item.stones_inr * item.quantity : null,
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
  const details = input.details ?? recordedDetails(order.currency);
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
  const notes = [
    'Prices are inclusive of GST; the taxable value is derived from them.',
    'Verify the HUID of each piece in the BIS CARE app.',
  ];
  if (supply === 'export') notes.unshift('Supply meant for export under letter of undertaking without payment of integrated tax (zero-rated).');
  return {
    invoice_no: input.invoice_no,
    issued_at: input.issuedAt.toISOString(),
    financial_year: financialYearLabel(input.financialYear),
    o_id: order.o_id,
    order_date: order.created_at,
    currency: order.currency,
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
