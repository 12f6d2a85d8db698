/**
 * Who may do what in the back office (issue 34): five roles, each a fixed set of
 * permissions. The server checks the permission a call needs (api/auth.ts); the back
 * office shows each person only the screens and buttons their permissions allow. Both
 * read this file, so the two can never disagree.
 */

/** The staff roles, from the most to the least trusted. */
export const ROLES = ['owner', 'manager', 'orders', 'catalogue', 'accounts'] as const;
export type Role = (typeof ROLES)[number];

/** What each role is for, in the shop's words (the staff screen's role picker). */
export const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  orders: 'Order desk',
  catalogue: 'Catalogue',
  accounts: 'Accounts',
};

/**
 * Every permission, with the words a refusal uses: "You need permission to <words>."
 * A back-office call declares the one it needs (api/routes/admin/admin.schemas.ts).
 */
export const PERMISSIONS = {
  'dashboard.view': 'see the dashboard',
  'orders.view': 'see orders, payments and invoices',
  'orders.manage': 'change orders (status, HUIDs, shipment, notes)',
  'orders.refund_any': 'refund an order above the staff refund limit',
  'catalogue.manage': 'change the catalogue (products, categories, materials, sizes, carats, sliders, reviews, synonyms)',
  'rates.manage': 'set the metal rates',
  'coupons.manage': 'change coupons',
  'customers.view': 'see customers and their messages',
  'customers.manage': 'delete customers and their messages',
  'settings.manage': 'change the shop settings (shipping rates, cash-on-delivery limit)',
  'returns.manage': 'handle returns, exchanges and buy-backs (approve, inspect, refund, credit)',
  'newsletter.send': 'send the newsletter to its confirmed subscribers',
  'policy.manage': 'change the shop\'s cancellation, return, exchange and buy-back policy',
  'reports.view': 'see reports and exports',
  'audit.view': 'see the audit trail',
  'pan.view': 'see a PAN in full',
  'staff.manage': 'manage staff and the owner\'s settings',
} as const;
export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: ALL_PERMISSIONS,
  manager: ALL_PERMISSIONS.filter((p) => p !== 'staff.manage' && p !== 'pan.view' && p !== 'policy.manage'),
  orders: ['dashboard.view', 'orders.view', 'orders.manage', 'returns.manage'],
  catalogue: ['dashboard.view', 'catalogue.manage'],
  accounts: ['dashboard.view', 'orders.view', 'customers.view', 'reports.view', 'audit.view', 'pan.view'],
};

/** The owner's choices that widen or narrow a role (staff policy, set by the owner). */
export interface StaffPolicy {
  /** Whether the catalogue role may set metal rates. */
  catalogueSetsRates: boolean;
  /** The largest refund (paise) the order desk may make by cancelling a paid order. */
  refundLimit: number;
  /** A metal-rate change larger than this (percent of the current rate) must be confirmed. */
  rateChangePercent: number;
}

export const DEFAULT_STAFF_POLICY: StaffPolicy = {
  catalogueSetsRates: false,
  refundLimit: 50_000_00,
  rateChangePercent: 5,
};

/** Whether a text names a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The permissions a role has under the owner's policy, in PERMISSIONS order. */
export function permissionsOf(role: Role | null | undefined, policy: Pick<StaffPolicy, 'catalogueSetsRates'> = DEFAULT_STAFF_POLICY): Permission[] {
  if (!role) return [];
  const granted = new Set<Permission>(ROLE_PERMISSIONS[role]);
  if (role === 'catalogue' && policy.catalogueSetsRates) granted.add('rates.manage');
  return ALL_PERMISSIONS.filter((p) => granted.has(p));
}

/** The sentence a refusal gives: it names what is missing. */
export function missingPermissionMessage(permission: Permission): string {
  return `You need permission to ${PERMISSIONS[permission]}. Ask the shop's owner if you should have it.`;
}

/** Whether a refund of `amount` (paise) is within what these permissions may refund. */
export function mayRefund(permissions: readonly Permission[], amount: number, policy: Pick<StaffPolicy, 'refundLimit'>): boolean {
  return permissions.includes('orders.refund_any') || amount <= policy.refundLimit;
}
