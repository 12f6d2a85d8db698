import { type ReactNode, useEffect, useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import { logout, type SessionUser } from '../stores/session.ts';
import { type Permission, ROLE_NAMES } from '../../rules/permissions.ts';
import { AdminIcon, type AdminIconName } from './components/AdminIcon.tsx';
import { allows, usePermissions } from './hooks/usePermissions.ts';
import { Link } from './router.tsx';

/** A menu entry: its screen, and the permission the screen's calls need (x-permission in openapi.yaml); null for any member of staff. */
export interface MenuEntry {
  href: string;
  label: string;
  icon: AdminIconName;
  /** Other addresses of the same screen. */
  alsoAt?: string[];
  permission: Permission | null;
}

/**
 * The menu (backoffice.md §2 Admin layout), in the document's order. Each entry shows only to
 * those holding its permission (issue 34), and its screen, opened by address without it,
 * says what is missing.
 */
export const MENU: ReadonlyArray<MenuEntry> = [
  { href: '/admin/dashboard', label: 'Dashboard', icon: 'dashboard', alsoAt: ['/admin'], permission: 'dashboard.view' },
  { href: '/admin/categories', label: 'Categories', icon: 'category', permission: 'catalogue.manage' },
  { href: '/admin/materials', label: 'Materials', icon: 'material', permission: 'catalogue.manage' },
  { href: '/admin/sizes', label: 'Sizes', icon: 'size', permission: 'catalogue.manage' },
  { href: '/admin/carat', label: 'Carat', icon: 'carat', permission: 'catalogue.manage' },
  { href: '/admin/products', label: 'Products', icon: 'product', permission: 'catalogue.manage' },
  { href: '/admin/rates', label: 'Metal Rates', icon: 'carat', permission: 'rates.manage' },
  { href: '/admin/users', label: 'Users', icon: 'users', permission: 'customers.view' },
  { href: '/admin/orders', label: 'Orders', icon: 'orders', permission: 'orders.view' },
  { href: '/admin/payments', label: 'Payments', icon: 'payments', permission: 'orders.view' },
  { href: '/admin/returns', label: 'Returns', icon: 'refresh', permission: 'orders.view' },
  { href: '/admin/contacts', label: 'Contacts', icon: 'contacts', alsoAt: ['/admin/contact'], permission: 'customers.view' },
  { href: '/admin/reviews', label: 'Reviews', icon: 'reviews', permission: 'catalogue.manage' },
  { href: '/admin/sliders', label: 'Slider Images', icon: 'sliders', permission: 'catalogue.manage' },
  { href: '/admin/coupon', label: 'Coupons', icon: 'coupon', permission: 'coupons.manage' },
  { href: '/admin/newsletter', label: 'Newsletter', icon: 'contacts', permission: 'newsletter.send' },
  { href: '/admin/synonyms', label: 'Search Synonyms', icon: 'search', permission: 'catalogue.manage' },
  { href: '/admin/shipping', label: 'Shipping & Tax', icon: 'shipping', permission: 'settings.manage' },
  { href: '/admin/messages', label: 'Messages', icon: 'contacts', permission: 'orders.view' },
  { href: '/admin/webhooks', label: 'Webhooks', icon: 'upload', permission: 'settings.manage' },
  { href: '/admin/reports', label: 'Reports', icon: 'dashboard', permission: 'reports.view' },
  { href: '/admin/audit', label: 'Audit Trail', icon: 'audit', permission: 'audit.view' },
  { href: '/admin/staff', label: 'Staff', icon: 'staff', permission: 'staff.manage' },
  { href: '/admin/policy', label: 'Shop Policy', icon: 'audit', permission: 'policy.manage' },
];

/** The menu entry a path belongs to: its own address, another of its addresses, or a page under it (an order's detail under /admin/orders). */
export function menuEntryAt(path: string): MenuEntry | undefined {
  return MENU.find((item) => path === item.href || path.startsWith(`${item.href}/`) || Boolean(item.alsoAt?.includes(path)));
}

/** Logout: the session and the stored order data go (the storefront's own logout), then the login page. */
export function logoutAdmin(): void {
  logout();
  window.location.assign('/login');
}

export interface AdminLayoutProps {
  path: string;
  user: SessionUser;
  children: ReactNode;
}

/**
 * The left menu and the content area. Below 960 px the menu folds behind a
 * Menu button in a top bar and opens as a drawer.
 */
export function AdminLayout({ path, user, children }: AdminLayoutProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const permissions = usePermissions();
  const current = menuEntryAt(path);

  // A screen chosen from the drawer closes it.
  useEffect(() => setMenuOpen(false), [path]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className={`admin${menuOpen ? ' admin--menu-open' : ''}`} data-admin-shell>
      <a className="skip-link" href="#admin-content">
        Skip to content
      </a>
      <header className="admin-topbar">
        <button
          type="button"
          className="admin-topbar__menu admin-icon-btn"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={22} />
          <span className="visually-hidden">Menu</span>
        </button>
        <span className="admin-brand admin-brand--bar">
          Aurum Jewels <span>Admin</span>
        </span>
      </header>
      <aside id="admin-nav" className="admin-nav" aria-label="Back office">
        <div className="admin-brand">
          Aurum Jewels <span>Admin</span>
        </div>
        <nav>
          <ul className="admin-nav__list">
            {MENU.filter((item) => allows(permissions, item.permission)).map((item) => {
              // A screen's own pages (an order's detail under /admin/orders) keep its menu entry current.
              const active = item === current;
              return (
                <li key={item.href}>
                  <Link href={item.href} className="admin-nav__link" aria-current={active ? 'page' : undefined}>
                    <AdminIcon name={item.icon} />
                    <span>{item.label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="admin-nav__foot">
          <Link href="/admin/profile" className="admin-nav__user" title="My Profile" aria-current={path === '/admin/profile' ? 'page' : undefined}>
            Signed in as <strong>{user.full_name}</strong>
            {user.role && <span className="admin-nav__role">{ROLE_NAMES[user.role]}</span>}
          </Link>
          <a className="admin-nav__link admin-nav__store" href="/">
            <Icon name="gem" size={18} />
            <span>View store</span>
          </a>
          <button type="button" className="admin-nav__link admin-nav__logout" onClick={logoutAdmin}>
            <AdminIcon name="logout" />
            <span>Logout</span>
          </button>
        </div>
      </aside>
      {menuOpen && <div className="admin-scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <main id="admin-content" className="admin-content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
