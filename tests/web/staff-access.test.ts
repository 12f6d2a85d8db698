import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, PERMISSIONS, permissionsOf } from '../../rules/permissions.ts';
import { forbiddenReason } from '../../web/lib/api/client.ts';
import { newPasswordError, repeatPasswordError } from '../../web/lib/passwords.ts';
import { MENU, menuEntryAt } from '../../web/admin/AdminLayout.tsx';
import { allows } from '../../web/admin/hooks/usePermissions.ts';
import { roleDuties } from '../../web/admin/screens/StaffForms.tsx';

describe('who sees what in the back office (issue 34)', () => {
  it('gives every menu entry the permission its screen needs, one the rules know (or none: any staff)', () => {
    for (const entry of MENU) {
      expect(entry.permission === null || ALL_PERMISSIONS.includes(entry.permission), entry.href).toBe(true);
    }
    expect(MENU.find((entry) => entry.href === '/admin/staff')?.permission).toBe('staff.manage');
  });

  it("finds the screen of a path: its own address, another of its addresses, a page under it; none for My Profile", () => {
    expect(menuEntryAt('/admin')?.label).toBe('Dashboard');
    expect(menuEntryAt('/admin/orders/12')?.permission).toBe('orders.view');
    expect(menuEntryAt('/admin/returns/7')?.label).toBe('Returns');
    expect(menuEntryAt('/admin/contact')?.permission).toBe('customers.view');
    expect(menuEntryAt('/admin/products')?.permission).toBe('catalogue.manage');
    expect(menuEntryAt('/admin/profile')).toBeUndefined();
  });

  it("shows each role only the screens its permissions allow", () => {
    const menuOf = (role: Parameters<typeof permissionsOf>[0]) => MENU.filter((entry) => allows(permissionsOf(role), entry.permission)).map((entry) => entry.label);
    expect(menuOf('orders')).toEqual(['Dashboard', 'Orders', 'Payments', 'Returns', 'Messages']);
    expect(menuOf('accounts')).toEqual(['Dashboard', 'Users', 'Orders', 'Payments', 'Returns', 'Contacts', 'Messages', 'Reports', 'Audit Trail']);
    expect(menuOf('catalogue')).not.toContain('Metal Rates');
    expect(MENU.filter((entry) => allows(permissionsOf('catalogue', { catalogueSetsRates: true }), entry.permission)).map((e) => e.label)).toContain('Metal Rates');
    expect(menuOf('manager')).not.toContain('Staff');
    expect(menuOf('manager')).not.toContain('Shop Policy');
    expect(menuOf('manager')).toContain('Newsletter');
    expect(menuOf('owner')).toEqual(MENU.map((entry) => entry.label));
  });

  it('tells a refused call that only lacks a permission, or waits for a step, from a session that is gone', () => {
    expect(forbiddenReason({ missing_permission: 'catalogue.manage' })).toBe('permission');
    expect(forbiddenReason({ o_id: 4, missing_permission: 'orders.refund_any' })).toBe('permission');
    expect(forbiddenReason({ password_change_required: true })).toBe('password');
    expect(forbiddenReason({ totp_setup_required: true })).toBe('two-factor');
    expect(forbiddenReason(null)).toBe('session');
    expect(forbiddenReason(undefined)).toBe('session');
    expect(forbiddenReason({ missing_permission: 3 })).toBe('session');
  });

  it("says what a role may do in the refusals' words", () => {
    expect(roleDuties(permissionsOf('owner'))).toBe('Everything.');
    expect(roleDuties(permissionsOf('manager'))).toBe(`Everything but: ${PERMISSIONS['policy.manage']}; ${PERMISSIONS['pan.view']}; ${PERMISSIONS['staff.manage']}.`);
    expect(roleDuties(permissionsOf('orders'))).toBe('See the dashboard; see orders, payments and invoices; change orders (status, HUIDs, shipment, notes); handle returns, exchanges and buy-backs (approve, inspect, refund, credit).');
  });

  it("checks a new password as the API does", () => {
    expect(newPasswordError('')).toBe('Password is required.');
    expect(newPasswordError('short')).toBe('Password must be at least 8 characters.');
    expect(newPasswordError('x'.repeat(129))).toBe('Password must be at most 128 characters.');
    expect(newPasswordError('Mine@Pass22')).toBeNull();
    expect(repeatPasswordError('Mine@Pass22', '')).toBe('Repeat password is required.');
    expect(repeatPasswordError('Mine@Pass22', 'Mine@Pass23')).toBe('Passwords do not match');
    expect(repeatPasswordError('Mine@Pass22', 'Mine@Pass22')).toBeNull();
  });
});
