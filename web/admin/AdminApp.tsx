import { useStore } from '@nanostores/react';
import { type ComponentType, useEffect } from 'react';
import { isAdministrator } from '../../rules/roles.ts';
import { $user } from '../stores/session.ts';
import { AdminLayout } from './AdminLayout.tsx';
import { Link, matchRoute, usePath } from './router.tsx';
import { AuditScreen } from './screens/AuditScreen.tsx';
import { CARATS, CATEGORIES, CatalogueScreen, MATERIALS, SIZES } from './screens/CatalogueScreen.tsx';
import { ContactsScreen } from './screens/ContactsScreen.tsx';
import { CouponsScreen } from './screens/CouponsScreen.tsx';
import { SynonymsScreen } from './screens/SynonymsScreen.tsx';
import { DashboardScreen } from './screens/DashboardScreen.tsx';
import { OrderDetailScreen } from './screens/OrderDetailScreen.tsx';
import { OrdersScreen } from './screens/OrdersScreen.tsx';
import { PaymentsScreen } from './screens/PaymentsScreen.tsx';
import { ProductsScreen } from './screens/ProductsScreen.tsx';
import { ReviewsScreen } from './screens/ReviewsScreen.tsx';
import { ShippingTaxScreen } from './screens/ShippingTaxScreen.tsx';
import { MetalRatesScreen } from './screens/MetalRatesScreen.tsx';
import { SlidersScreen } from './screens/SlidersScreen.tsx';
import { UsersScreen } from './screens/UsersScreen.tsx';
import './admin.css';

/** The administrator area's child pages (backoffice.md §2); /admin/contact reaches contacts (DESIGN.md). */
const ROUTES: Readonly<Record<string, ComponentType>> = {
  '/admin': DashboardScreen,
  '/admin/dashboard': DashboardScreen,
  '/admin/products': ProductsScreen,
  '/admin/categories': () => <CatalogueScreen kind={CATEGORIES} />,
  '/admin/users': UsersScreen,
  '/admin/orders': OrdersScreen,
  '/admin/payments': PaymentsScreen,
  '/admin/contacts': ContactsScreen,
  '/admin/contact': ContactsScreen,
  '/admin/reviews': ReviewsScreen,
  '/admin/materials': () => <CatalogueScreen kind={MATERIALS} />,
  '/admin/sizes': () => <CatalogueScreen kind={SIZES} />,
  '/admin/carat': () => <CatalogueScreen kind={CARATS} />,
  '/admin/sliders': SlidersScreen,
  '/admin/coupon': CouponsScreen,
  '/admin/synonyms': SynonymsScreen,
  '/admin/shipping': ShippingTaxScreen,
  '/admin/rates': MetalRatesScreen,
  '/admin/audit': AuditScreen,
};

/**
 * The back office. Only a stored session with u_type "0" sees it; anyone
 * else is sent to /login with replacing navigation, so /admin does not stay
 * in the history (§2 Admin route guard). A logout or a 403 elsewhere clears
 * the session, which sends this tab to /login too.
 */
export default function AdminApp() {
  const user = useStore($user);
  const path = usePath();
  const allowed = isAdministrator(user);

  useEffect(() => {
    if (!allowed) window.location.replace('/login');
  }, [allowed]);

  if (!allowed || !user) return null;
  const orderId = orderDetailId(path);
  const ScreenComponent = matchRoute(path, ROUTES);
  return (
    <AdminLayout path={path} user={user}>
      {/* A new screen starts fresh (its own lists, search and page). */}
      {orderId ? <OrderDetailScreen key={path} o_id={orderId} /> : ScreenComponent ? <ScreenComponent key={path} /> : <NotFound />}
    </AdminLayout>
  );
}

/** /admin/orders/12 is order 12's page at the desk. */
function orderDetailId(path: string): number | null {
  const id = Number(/^\/admin\/orders\/(\d{1,12})$/.exec(path)?.[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function NotFound() {
  return (
    <section className="admin-screen">
      <h1>Page not found</h1>
      <p className="admin-screen__lead">There is no back-office page at this address.</p>
      <Link href="/admin/dashboard" className="btn btn--small">
        Go to the dashboard
      </Link>
    </section>
  );
}
