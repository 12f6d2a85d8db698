import { useEffect, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { AdminIcon, type AdminIconName } from '../components/AdminIcon.tsx';
import { Screen } from '../components/Screen.tsx';
import { formatDateTime } from '../format.ts';
import { Link } from '../router.tsx';
import type { DashboardCounters, Inquiry } from '../types.ts';
import { menuEntryAt } from '../AdminLayout.tsx';
import { allows, useMay, usePermissions } from '../hooks/usePermissions.ts';
import { RatesAndStock } from './RatesAndStock.tsx';

/** The data refreshes itself every 5 minutes (§2, §9). */
export const DASHBOARD_REFRESH_MS = 5 * 60 * 1000;
/** The last 5 inquiries (§9). */
const RECENT_INQUIRIES = 5;

const COUNTERS: ReadonlyArray<{ key: keyof DashboardCounters; label: string }> = [
  { key: 'total_products', label: 'Products' },
  { key: 'total_materials', label: 'Materials' },
  { key: 'total_orders', label: 'Orders' },
  { key: 'total_requests', label: 'Inquiries' },
  { key: 'total_users', label: 'Users' },
];

const QUICK_LINKS: ReadonlyArray<{ href: string; label: string; icon: AdminIconName }> = [
  { href: '/admin/products', label: 'Manage products', icon: 'product' },
  { href: '/admin/materials', label: 'Manage materials', icon: 'material' },
  { href: '/admin/orders', label: 'Manage orders', icon: 'orders' },
  { href: '/admin/users', label: 'Manage users', icon: 'users' },
  { href: '/admin/contact', label: 'Contact messages', icon: 'contacts' },
];

/** Newest first, whatever order the API answers in. */
function latest(inquiries: Inquiry[]): Inquiry[] {
  return [...inquiries].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, RECENT_INQUIRIES);
}

/**
 * The five counters, the last 5 inquiries and quick links, refreshed every
 * 5 minutes. Fetch failures are only logged (§8): the screen keeps what it had.
 * The inquiries show to those who may see customers' messages (customers.view),
 * the quick links lead only to screens the signed-in member may open.
 */
export function DashboardScreen() {
  const [counters, setCounters] = useState<DashboardCounters | null>(null);
  const [inquiries, setInquiries] = useState<Inquiry[] | null>(null);
  const permissions = usePermissions();
  const seesMessages = useMay('customers.view') === true;
  const links = QUICK_LINKS.filter((link) => allows(permissions, menuEntryAt(link.href)?.permission ?? null));

  useEffect(() => {
    let live = true;
    const load = async () => {
      const [countAnswer, inquiryAnswer] = await Promise.allSettled([
        api.get('/dashboardcounter'),
        // Customers' messages only to those who may see them.
        seesMessages ? api.get('/getall') : Promise.reject(new Error('not shown')),
      ]);
      if (!live) return;
      if (countAnswer.status === 'fulfilled' && countAnswer.value.status === 1 && countAnswer.value.data) setCounters(countAnswer.value.data);
      else console.error('Dashboard counters could not be fetched', countAnswer.status === 'fulfilled' ? countAnswer.value.description : countAnswer.reason);
      if (!seesMessages) return;
      if (inquiryAnswer.status === 'fulfilled' && inquiryAnswer.value.status === 1 && Array.isArray(inquiryAnswer.value.data)) setInquiries(latest(inquiryAnswer.value.data));
      else {
        console.error('Recent inquiries could not be fetched', inquiryAnswer.status === 'fulfilled' ? inquiryAnswer.value.description : inquiryAnswer.reason);
        setInquiries((shown) => shown ?? []);
      }
    };
    void load();
    const timer = window.setInterval(() => void load(), DASHBOARD_REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [seesMessages]);

  return (
    <Screen title="Dashboard" lead="The shop at a glance. Refreshes every 5 minutes.">
      <dl className="admin-counters">
        {COUNTERS.map(({ key, label }) => (
          <div className="admin-counter" key={key} data-counter={key}>
            <dt>{label}</dt>
            <dd>{counters ? counters[key].toLocaleString('en-IN') : <span className="admin-loading">–</span>}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-dashboard">
        {seesMessages && (
          <section className="admin-card" aria-labelledby="recent-inquiries">
            <header className="admin-card__head">
              <h2 id="recent-inquiries">Recent inquiries</h2>
              <Link href="/admin/contacts" className="link">
                All contacts
              </Link>
            </header>
            {inquiries === null ? (
              <p className="admin-empty">Loading…</p>
            ) : inquiries.length === 0 ? (
              <p className="admin-empty">No inquiries yet.</p>
            ) : (
              <ul className="admin-inquiries">
                {inquiries.map((inquiry) => (
                  <li className="admin-inquiry" key={inquiry.inquiryId}>
                    <div className="admin-inquiry__head">
                      <span className="admin-inquiry__name">{inquiry.name}</span>
                      <span className={`admin-badge${inquiry.status === 'new' ? ' admin-badge--new' : ''}`}>{inquiry.status}</span>
                      <span className="admin-inquiry__meta">{inquiry.inquiryType}</span>
                      <time className="admin-inquiry__when" dateTime={inquiry.createdAt}>
                        {formatDateTime(inquiry.createdAt)}
                      </time>
                    </div>
                    <div className="admin-inquiry__meta">
                      <a href={`mailto:${inquiry.email}`} className="link">
                        {inquiry.email}
                      </a>
                      {inquiry.phone ? ` · ${inquiry.phone}` : ''}
                    </div>
                    <p className="admin-inquiry__message">{inquiry.message}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <RatesAndStock />
        {links.length > 0 && (
          <section className="admin-card" aria-labelledby="quick-links">
            <header className="admin-card__head">
              <h2 id="quick-links">Quick links</h2>
            </header>
            <ul className="admin-quick">
              {links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href}>
                    <AdminIcon name={link.icon} />
                    <span>{link.label}</span>
                    <AdminIcon name="arrowRight" size={16} />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Screen>
  );
}
