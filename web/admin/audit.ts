import { statusLabel } from '../../rules/orders.ts';
import type { ResponseData } from '../lib/api/client.ts';

/**
 * The audit trail screen's words (issue 34): what each recorded action and field is called
 * in the shop, the filters as the address and the API take them, and a recorded value in
 * words. The server records actions as "kind.verb" (db/audit.ts recordChange); one this
 * file does not know yet is shown as the server wrote it.
 */

export type AuditEntry = ResponseData<'/getauditlog', 'get'>['auditData'][number];

/** The filters of the trail, as the address (/admin/audit?entity=product&entity_id=12) and GET /getauditlog take them. */
export const AUDIT_FILTERS = ['actor', 'action', 'entity', 'entity_id', 'from', 'to'] as const;
export type AuditFilters = Record<(typeof AUDIT_FILTERS)[number], string>;

/** The filters an address carries (anything else in it is ignored). */
export function readAuditFilters(search: string): AuditFilters {
  const query = new URLSearchParams(search);
  return Object.fromEntries(AUDIT_FILTERS.map((name) => [name, query.get(name)?.trim() ?? ''])) as AuditFilters;
}

/** The filters that are set, as a query string ('' for none): the address and the CSV link use it. */
export function auditQueryString(filters: AuditFilters): string {
  const query = new URLSearchParams(AUDIT_FILTERS.flatMap((name) => (filters[name].trim() ? [[name, filters[name].trim()]] : [])));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** An entity's history in the trail: its address, for the History and Full trail links. */
export function auditTrailPath(entity: string, entity_id: string | number): string {
  return `/admin/audit${auditQueryString({ ...readAuditFilters(''), entity, entity_id: String(entity_id) })}`;
}

/** The actions the back office records, by kind, in the shop's words. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  'product.add': 'Product added',
  'product.update': 'Product edited',
  'product.status': 'Product shown or hidden',
  'product.delete': 'Product deleted',
  'category.add': 'Category added',
  'category.update': 'Category edited',
  'category.delete': 'Category deleted',
  'material.add': 'Material added',
  'material.update': 'Material renamed',
  'material.delete': 'Material deleted',
  'size.add': 'Size added',
  'size.update': 'Size renamed',
  'size.delete': 'Size deleted',
  'carat.add': 'Carat added',
  'carat.update': 'Carat renamed',
  'carat.delete': 'Carat deleted',
  'metal_rates.set': 'Metal rates set',
  'order.status': 'Order status changed',
  'order.note': 'Order note changed',
  'order.shipment': 'Shipment details changed',
  'order.huid': 'HUIDs recorded',
  'coupon.add': 'Coupon added',
  'coupon.update': 'Coupon edited',
  'coupon.status': 'Coupon switched on or off',
  'testimonial.add': 'Testimonial added',
  'testimonial.update': 'Testimonial edited',
  'review.delete': 'Review deleted',
  'slider.add': 'Slider image added',
  'slider.delete': 'Slider image removed',
  'slider.text': 'Banner words changed',
  'synonym.add': 'Search synonym added',
  'synonym.delete': 'Search synonym removed',
  'contact.delete': 'Contact message deleted',
  'user.delete': 'Account deleted',
  'staff.add': 'Staff member added',
  'staff.update': 'Staff member changed',
  'staff.password': 'Own password changed',
  'settings.shipping_rates': 'Shipping rates changed',
  'settings.cod_cap': 'Cash-on-delivery cap changed',
  'settings.staff_policy': 'Staff settings changed',
};

/** The kinds of record the trail names, for the Record filter. */
export const ENTITY_LABELS: Readonly<Record<string, string>> = {
  product: 'Product',
  category: 'Category',
  material: 'Material',
  size: 'Size',
  carat: 'Carat',
  metal_rate: 'Metal rates',
  order: 'Order',
  coupon: 'Coupon',
  review: 'Review',
  slider: 'Slider image',
  synonym: 'Search synonym',
  contact: 'Contact message',
  user: 'Account',
  staff: 'Staff member',
  setting: 'Setting',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;
export const entityLabel = (entity: string) => ENTITY_LABELS[entity] ?? entity;

/** Where a recorded record is seen in the back office, when it has a page of its own. */
export function entityHref(entry: Pick<AuditEntry, 'entity' | 'entity_id'>): string | null {
  return entry.entity === 'order' && entry.entity_id ? `/admin/orders/${entry.entity_id}` : null;
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  cate_name: 'Name',
  cate_image: 'Image',
  category: 'Category',
  description: 'Description',
  specifications: 'Specifications',
  offer: 'Offer',
  materials: 'Materials',
  size: 'Sizes',
  key_points: 'Key points',
  is_bestseller: 'Bestseller',
  isReel: 'Reel',
  p_status: 'Shown in the shop',
  images: 'Images',
  carats: 'Carats',
  pricing: 'pricing',
  inr_price: 'price (₹)',
  usd_price: 'price ($)',
  net_weight_g: 'net weight (g)',
  making_type: 'making charge type',
  making_value: 'making charge',
  stone_value: 'stones (₹)',
  stock: 'stock',
  lead_time_days: 'lead time (days)',
  status: 'Status',
  payment_status: 'Payment',
  note: 'Note',
  refund_amount: 'Refund',
  currency: 'Currency',
  internal_note: 'Internal note',
  courier_name: 'Courier',
  tracking_number: 'Tracking number',
  usd_inr: 'Rupees per dollar',
  rows_repriced: 'Carat rows repriced',
  coupon_name: 'Coupon',
  discount: 'Discount (%)',
  active: 'Active',
  full_name: 'Name',
  phone: 'Phone',
  role: 'Role',
  password: 'Password',
  cod_cap: 'Cash-on-delivery cap (₹)',
  u_name: 'Name shown',
  message: 'Message',
  rating: 'Rating',
  eyebrow: 'Eyebrow',
  headline: 'Headline',
  subline: 'Subline',
  image: 'Image',
  term: 'Word',
  expands_to: 'Also finds',
  countries: 'countries',
  bands: 'band',
  up_to_g: 'up to (g)',
};

/** A recorded field in words: 'inr_price' is 'price (₹)', '22K.inr_price' is '22K price (₹)'; an unknown one as recorded. */
export function fieldLabel(field: string): string {
  const dot = field.lastIndexOf('.');
  if (dot > 0) return `${field.slice(0, dot)} ${FIELD_LABELS[field.slice(dot + 1)] ?? field.slice(dot + 1)}`;
  return FIELD_LABELS[field] ?? field.replaceAll('_', ' ');
}

/** A recorded value in words: empty as '—', yes/no, an order's status by name, a list joined, anything else as compact JSON. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'status' && typeof value === 'number') return statusLabel(value);
  if (['is_bestseller', 'isReel', 'p_status'].includes(field) && (value === 0 || value === 1)) return value === 1 ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.length ? value.join(', ') : '—';
  return JSON.stringify(value);
}

/** A nested value's leaves: each by its path (as a key), with its path in words and its own field name. */
type Leaves = Map<string, { label: string; field: string; value: unknown }>;

/** Whether a value is shown whole (text, a number, a list of them) rather than part by part. */
const isLeaf = (value: unknown) =>
  value === null || typeof value !== 'object' || (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'));

/** A nested value's leaves ('North America' › bands › 1 › inr_price is "North America band 1 price (₹)"), so only the parts that changed are shown. */
function leavesOf(value: unknown, path: string[], label: string, into: Leaves = new Map()): Leaves {
  if (isLeaf(value)) into.set(JSON.stringify(path), { label, field: path[path.length - 1], value });
  else {
    for (const [key, item] of Object.entries(value as object)) {
      const part = Array.isArray(value) ? String(Number(key) + 1) : (FIELD_LABELS[key] ?? key.replaceAll('_', ' '));
      leavesOf(item, [...path, key], `${label} ${part}`, into);
    }
  }
  return into;
}

/**
 * Each field an entry names, with its value before and after ('—' for a side it has not:
 * created or deleted). A nested value (a shipping zone and its bands) is compared part by
 * part: only the parts that differ are listed, each by its path.
 */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): Array<{ field: string; label: string; before: string; after: string }> {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.flatMap((field) => {
    const was = entry.before?.[field];
    const now = entry.after?.[field];
    if (isLeaf(was) && isLeaf(now)) return [{ field, label: fieldLabel(field), before: valueText(field, was), after: valueText(field, now) }];
    const before = leavesOf(was, [field], fieldLabel(field));
    const after = leavesOf(now, [field], fieldLabel(field));
    return [...new Set([...before.keys(), ...after.keys()])]
      .filter((path) => JSON.stringify(before.get(path)?.value) !== JSON.stringify(after.get(path)?.value))
      .map((path) => {
        const { label, field: leaf } = (after.get(path) ?? before.get(path))!;
        return { field: path, label, before: valueText(leaf, before.get(path)?.value), after: valueText(leaf, after.get(path)?.value) };
      });
  });
}
