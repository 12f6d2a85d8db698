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

/** An order in the desk's list: the order, the shop's note and what may come next (GET /getorderlist). */
export type DeskOrderRow = Schemas['AdminOrder'];

/** One order in full: the list's fields, the account that placed it, the status history (GET /getorderdetail/{o_id}). */
export type DeskOrderDetail = Schemas['OrderDetail'];
