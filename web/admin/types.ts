import type { components } from '../lib/api/schema.d.ts';

/**
 * The records the back office shows. Where openapi.yaml already describes a
 * shape it is used as is; the rest follow backoffice.md §3 and §7 until the
 * back-office calls land in the contract.
 */
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

/** GET /dashboardcounter (§2). */
export interface DashboardCounters {
  total_products: number;
  total_materials: number;
  total_orders: number;
  total_requests: number;
  total_users: number;
}

/** GET /getall: a contact message seen as an inquiry (DESIGN.md). */
export interface Inquiry {
  inquiryId: number;
  inquiryType: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  status: string;
  createdAt: string;
}

/** GET /getallusers: one account (never its password). */
export interface UserRow {
  u_id: number;
  full_name: string;
  u_name?: string | null;
  phoneNumber: string;
  countryCode?: string | null;
  u_type: string;
  createdAt?: string;
}

/** POST /contactinfo: one contact message. */
export interface ContactRow {
  c_id: number;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export interface ContactPage {
  contactData: ContactRow[];
  totalCount: number;
}

/** An order line as GET /getallorders answers it; any part may be missing (§3). */
export interface OrderItemRow {
  oi_id?: number;
  quantity?: number | null;
  price?: number | null;
  product?: { name?: string | null; images?: Array<{ imageUrl: string }> | null } | null;
  carat?: { name?: string | null } | null;
  material?: { name?: string | null } | null;
  size?: { size_name?: string | null } | null;
}

/** An order as GET /getallorders answers it (§3). */
export interface OrderRow {
  o_id: number;
  total?: number | null;
  currency?: 'INR' | 'USD';
  createdAt: string;
  status: number;
  address?: string | null;
  apartment?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
  first_name?: string;
  last_name?: string;
  orderItems?: OrderItemRow[] | null;
}
