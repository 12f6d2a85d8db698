import { useStore } from '@nanostores/react';
import { type ComponentType, useEffect } from 'react';
import { isAdministrator } from '../../rules/roles.ts';
import { onMissingPermission } from '../lib/api/client.ts';
import { $user } from '../stores/session.ts';
import { AdminLayout, menuEntryAt } from './AdminLayout.tsx';
import { NoPermission } from './components/NoPermission.tsx';
import { refreshAccess } from './hooks/usePermissions.ts';
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
import { ProfileScreen, TwoFactorRequiredScreen } from './screens/ProfileScreen.tsx';
import { ReportsScreen } from './screens/ReportsScreen.tsx';
import { ReviewsScreen } from './screens/ReviewsScreen.tsx';
import { ReturnDetailScreen } from './screens/ReturnDetailScreen.tsx';
import { ReturnsScreen } from './screens/ReturnsScreen.tsx';
import { ShippingTaxScreen } from './screens/ShippingTaxScreen.tsx';
import { MessagesScreen } from './screens/MessagesScreen.tsx';
import { MetalRatesScreen } from './screens/MetalRatesScreen.tsx';
import { NewsletterScreen } from './screens/NewsletterScreen.tsx';
import { SlidersScreen } from './screens/SlidersScreen.tsx';
import { PolicyScreen } from './screens/PolicyScreen.tsx';
import { StaffScreen } from './screens/StaffScreen.tsx';
import { UsersScreen } from './screens/UsersScreen.tsx';
import { WebhooksScreen } from './screens/WebhooksScreen.tsx';
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
  '/admin/newsletter': NewsletterScreen,
  '/admin/returns': ReturnsScreen,
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
  '/admin/messages': MessagesScreen,
  '/admin/webhooks': WebhooksScreen,
  '/admin/audit': AuditScreen,
  '/admin/reports': ReportsScreen,
  '/admin/staff': StaffScreen,
  '/admin/policy': PolicyScreen,
  '/admin/profile': ProfileScreen,
};

/**
 * The back office. Only a stored session with u_type "0" sees it; anyone
 * else is sent to /login with replacing navigation, so /admin does not stay
 * in the history (§2 Admin route guard). A logout or a 403 elsewhere clears
 * the session, which sends this tab to /login too. Each member of staff sees
 * the screens their role's permissions allow (issue 34), read again from the
 * server when the back office opens, when its tab comes back into view and
 * when a call is refused for a permission; a screen opened by address without
 * its permission says what is missing. A password the owner set is changed on
 * the login page first; two-factor sign-in the shop requires is set up here first.
 */
export default function AdminApp() {
  const user = useStore($user);
  const path = usePath();
  const allowed = isAdministrator(user);
  const firstPassword = Boolean(user?.password_change_required);
  const settingUpTwoFactor = Boolean(user?.totp_setup_required);
  const working = allowed && !firstPassword && !settingUpTwoFactor;

  useEffect(() => {
    if (!allowed || firstPassword) window.location.replace('/login');
  }, [allowed, firstPassword]);

  useEffect(() => {
    if (!working) return;
    void refreshAccess();
    const onShow = () => {
      if (document.visibilityState === 'visible') void refreshAccess();
    };
    document.addEventListener('visibilitychange', onShow);
    const stop = onMissingPermission(() => void refreshAccess());
    return () => {
      document.removeEventListener('visibilitychange', onShow);
      stop();
    };
  }, [working, user?.u_id]);

  if (!allowed || !user || firstPassword) return null;
  if (settingUpTwoFactor) {
    // Held back until it is on: no screen but the set-up (the server refuses the rest).
    return (
      <AdminLayout path={path} user={user}>
        <TwoFactorRequiredScreen />
      </AdminLayout>
    );
  }
  const permissions = user.permissions;
  const orderId = orderDetailId(path);
  const returnId = returnDetailId(path);
  const ScreenComponent = matchRoute(path, ROUTES);
  const entry = menuEntryAt(path);
  const needed = entry?.permission ?? null;
  return (
    <AdminLayout path={path} user={user}>
      {!permissions ? (
        // A session from before logins carried permissions: known once refreshAccess answers.
        <p className="admin-loading">Loading…</p>
      ) : !orderId && !returnId && !ScreenComponent ? (
        <NotFound />
      ) : needed && !permissions.includes(needed) ? (
        <NoPermission title={entry?.label ?? 'Back office'} permission={needed} />
      ) : orderId ? (
        // A new screen starts fresh (its own lists, search and page).
        <OrderDetailScreen key={path} o_id={orderId} />
      ) : returnId ? (
        <ReturnDetailScreen key={path} r_id={returnId} />
      ) : ScreenComponent ? (
        <ScreenComponent key={path} />
      ) : null}
    </AdminLayout>
  );
}

/** /admin/orders/12 is order 12's page at the desk. */
function orderDetailId(path: string): number | null {
  const id = Number(/^\/admin\/orders\/(\d{1,12})$/.exec(path)?.[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /admin/returns/7 is return 7's page at the returns desk. */
function returnDetailId(path: string): number | null {
  const id = Number(/^\/admin\/returns\/(\d{1,12})$/.exec(path)?.[1]);
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
