import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { Icon, type IconName } from '../components/Icon.tsx';
import { formatPhone } from '../../rules/phone.ts';
import { $accountView, $farewell, $outcome, $returning, $trackedOrder, type AccountView, confirm, openAccount, showView, tickAccountClock, trackOrder } from '../stores/account.ts';
import { AccountDialogs } from './account/AccountDialogs.tsx';
import { GoldValue } from './account/GoldValue.tsx';
import { MyReturns } from './account/MyReturns.tsx';
import { StoreCredit } from './account/StoreCredit.tsx';
import { OrderHistory } from './account/OrderHistory.tsx';
import { Profile } from './account/Profile.tsx';
import { TrackOrder } from './account/TrackOrder.tsx';
import { Skeleton, useSessionUser } from './parts.tsx';

const NAV: ReadonlyArray<{ view: AccountView; label: string; icon: IconName }> = [
  { view: 'profile', label: 'My Profile', icon: 'user' },
  { view: 'orders', label: 'Order History', icon: 'bag' },
  { view: 'track', label: 'Track Your Order', icon: 'truck' },
  { view: 'returns', label: 'My Returns', icon: 'shield' },
  { view: 'gold', label: 'My Gold Today', icon: 'gem' },
  { view: 'credit', label: 'Store Credit', icon: 'sparkle' },
];

/** What the page says at the top: the payment being confirmed, or the outcome of an order or a payment return. */
function OutcomeBanner() {
  const returning = useStore($returning);
  const outcome = useStore($outcome);
  if (returning) {
    return (
      <div className="alert alert--info" role="status">
        <p>
          <strong>Confirming your payment…</strong>
          Please wait while we confirm your payment with the payment provider.
        </p>
      </div>
    );
  }
  if (!outcome) return null;
  return (
    <div className={`alert ${outcome.kind === 'success' ? 'alert--success' : outcome.kind === 'info' ? 'alert--info' : ''}`} role={outcome.kind === 'error' ? 'alert' : 'status'} data-testid="account-outcome">
      <p>
        <strong>{outcome.title}</strong>
        {outcome.text}
      </p>
    </div>
  );
}

/**
 * The account page (/orderconfirm, §2, §4): My Profile (read-only name and
 * phone, and the address checkout fills in, editable), Order History (with Cancel within 2 hours of placing), Track Your
 * Order (four steps), Delete Account and Log out, each behind a confirmation.
 * It also finishes an online payment when the provider sends the shopper back.
 * Its state and actions live in stores/account.ts.
 */
export default function Account() {
  const user = useSessionUser();
  const view = useStore($accountView);
  const farewell = useStore($farewell);
  const tracked = useStore($trackedOrder);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (user !== undefined) void openAccount(user);
  }, [user]);
  useEffect(tickAccountClock, []);

  const go = (next: AccountView) => {
    showView(next);
    requestAnimationFrame(() => panel.current?.focus());
  };

  if (user === undefined) return <Skeleton height={480} label="Loading your account…" />;

  if (!user) {
    return (
      <>
        <OutcomeBanner />
        <div className="journey-empty">
          <Icon name="user" size={40} />
          <h2>{farewell ?? (tracked ? `Log in to follow order #${tracked}` : 'Log in to your account')}</h2>
          <p>Log in to see your profile, your orders and where they are.</p>
          <div className="journey-empty__actions">
            <a className="btn" href="/login">
              Log In
            </a>
            <a className="btn btn--ghost" href="/">
              Continue Shopping
            </a>
          </div>
        </div>
      </>
    );
  }

  return (
    <>
      <OutcomeBanner />
      <div className="account">
        <nav className="account-nav" aria-label="My account">
          <div className="account-nav__who">
            <strong>{user.full_name}</strong>
            <span>{formatPhone(user.phoneNumber, user.countryCode)}</span>
          </div>
          <ul>
            {NAV.map((item) => (
              <li key={item.view}>
                <button type="button" aria-current={view === item.view ? 'page' : undefined} onClick={() => go(item.view)}>
                  <Icon name={item.icon} size={20} />
                  {item.label}
                </button>
              </li>
            ))}
            <li>
              <button type="button" className="account-nav__danger" onClick={() => confirm('delete')}>
                <Icon name="close" size={20} />
                Delete Account
              </button>
            </li>
            <li>
              <button type="button" onClick={() => confirm('logout')}>
                <Icon name="chevronRight" size={20} />
                Log out
              </button>
            </li>
          </ul>
        </nav>

        <div className="account-panel" ref={panel} tabIndex={-1}>
          {view === 'profile' ? <Profile user={user} /> : null}
          {view === 'orders' ? (
            <OrderHistory
              u_id={user.u_id}
              onTrack={(o_id) => {
                trackOrder(o_id);
                go('track');
              }}
            />
          ) : null}
          {view === 'track' ? <TrackOrder /> : null}
          {view === 'returns' ? <MyReturns /> : null}
          {view === 'gold' ? <GoldValue /> : null}
          {view === 'credit' ? <StoreCredit /> : null}
        </div>
      </div>

      <AccountDialogs />
    </>
  );
}
