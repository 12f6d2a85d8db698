import { formatPhone } from '../../../rules/phone.ts';
import type { SessionUser } from '../../stores/session.ts';
import { SavedAddressForm } from './SavedAddress.tsx';

/** My Profile: the name and phone, read-only, and the address checkout fills in. */
export function Profile({ user }: { user: SessionUser }) {
  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title">My Profile</h2>
      <div className="profile">
        <div className="field">
          <label htmlFor="profile-name">Full name</label>
          <input id="profile-name" value={user.full_name} readOnly />
        </div>
        <div className="field">
          <label htmlFor="profile-phone">Phone number</label>
          <input id="profile-phone" value={formatPhone(user.phoneNumber, user.countryCode)} readOnly />
        </div>
      </div>
      <SavedAddressForm />
    </section>
  );
}
