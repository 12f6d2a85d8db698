import { type ReactNode, useEffect, useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import { logout, type SessionUser } from '../stores/session.ts';
import type { Permission } from '../../rules/permissions.ts';
import { AdminIcon, type AdminIconName } from './components/AdminIcon.tsx';
import { usePermissions } from './hooks/usePermissions.ts';
import { Link } from './router.tsx';

/** The menu (backoffice.md §2 Admin layout), in the document's order; an entry with a `permission` shows only to those who hold it. */
export const MENU: ReadonlyArray<{ href: string; label: string; icon: AdminIconName; alsoAt?: string[]; permission?: Permission }> = [
  { href: '/admin/dashboard', label: 'Dashboard', icon: 'dashboard', alsoAt: ['/admin'] },
  { href: '/admin/categories', label: 'Categories', icon: 'category' },
  { href: '/admin/materials', label: 'Materials', icon: 'material' },
  { href: '/admin/sizes', label: 'Sizes', icon: 'size' },
  { href: '/admin/carat', label: 'Carat', icon: 'carat' },
  { href: '/admin/products', label: 'Products', icon: 'product' },
  { href: '/admin/rates', label: 'Metal Rates', icon: 'carat' },
  { href: '/admin/users', label: 'Users', icon: 'users' },
  { href: '/admin/orders', label: 'Orders', icon: 'orders' },
  { href: '/admin/payments', label: 'Payments', icon: 'payments' },
  { href: '/admin/contacts', label: 'Contacts', icon: 'contacts', alsoAt: ['/admin/contact'] },
  { href: '/admin/reviews', label: 'Reviews', icon: 'reviews' },
  { href: '/admin/sliders', label: 'Slider Images', icon: 'sliders' },
  { href: '/admin/coupon', label: 'Coupons', icon: 'coupon' },
  { href: '/admin/synonyms', label: 'Search Synonyms', icon: 'search' },
  { href: '/admin/shipping', label: 'Shipping & Tax', icon: 'shipping' },
  { href: '/admin/audit', label: 'Audit Trail', icon: 'audit', permission: 'audit.view' },
];

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
            {MENU.filter((item) => !item.permission || permissions?.includes(item.permission)).map((item) => {
              // A screen's own pages (an order's detail under /admin/orders) keep its menu entry current.
              const active = path === item.href || path.startsWith(`${item.href}/`) || Boolean(item.alsoAt?.includes(path));
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
          <p className="admin-nav__user" title={user.full_name}>
            Signed in as <strong>{user.full_name}</strong>
          </p>
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
