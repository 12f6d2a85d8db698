import type { components } from '../lib/api/schema.d.ts';

/** The records the back office shows, as openapi.yaml describes them. */
type Schemas = components['schemas'];

export type Category = Schemas['Category'];
export type Material = Schemas['Material'];
export type Size = Schemas['Size'];
export type Carat = Schemas['Carat'];
export type Product = Schemas['Product'];
export type ProductPage = Schemas['ProductPage'];
export type Coupon = Schemas['Coupon'];
export type Review = Schemas['Review'];
export type SliderImage = Schemas['SliderImage'];

export type DashboardCounters = Schemas['DashboardCounters'];
export type Inquiry = Schemas['Inquiry'];
export type UserRow = Schemas['User'];
export type ContactRow = Schemas['Contact'];
export type OrderRow = Schemas['Order'];
export type OrderItemRow = Schemas['OrderItem'];
export type PaymentRow = Schemas['PaymentRecord'];

/** POST /contactinfo: one page of contact messages and how many there are. */
export interface ContactPage {
  contactData: ContactRow[];
  totalCount: number;
}

/** One change in an order's status history (GET order detail). */
export interface StatusChangeRow {
  from_status: number | null;
  to_status: number;
  payment_status: string;
  actor: 'shopper' | 'shop' | 'system';
  u_id: number | null;
  by: string | null;
  note: string | null;
  createdAt: string;
}

/** What the order desk adds to an order: payment truth, shipment, the shop's note and what may come next. */
export interface DeskOrderExtras {
  refund_amount?: number | null;
  refunded_at?: string | null;
  courier_name?: string | null;
  tracking_number?: string | null;
  internal_note?: string | null;
  next_statuses?: number[];
  refund_on_cancel?: number | null;
}

/** An order in the desk's list. */
export type DeskOrderRow = OrderRow & DeskOrderExtras;

/** One order in full: the list's fields, the account that placed it, the history. */
export type DeskOrderDetail = DeskOrderRow & {
  customer?: { u_id: number; full_name: string; u_name: string; country_code: string; phone_number: string } | null;
  status_history?: StatusChangeRow[];
};
