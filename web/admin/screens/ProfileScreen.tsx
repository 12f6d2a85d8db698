import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { ROLE_NAMES } from '../../../rules/permissions.ts';
import { formatPhone } from '../../../rules/phone.ts';
import { api } from '../../lib/api/client.ts';
import { newPasswordError, repeatPasswordError } from '../../lib/passwords.ts';
import { $user, updateSession } from '../../stores/session.ts';
import { runChange } from '../actions.ts';
import { refreshAccess } from '../hooks/usePermissions.ts';
import { Card } from '../components/Card.tsx';
import { TextField } from '../components/Field.tsx';
import { Screen } from '../components/Screen.tsx';
import { RoleDuties } from './StaffForms.tsx';
import { TwoFactorCard } from './TwoFactor.tsx';
import '../staff.css';

type PasswordErrors = Partial<Record<'current' | 'password' | 'repeat', string | null>>;

/** Change one's own password: the current one, the new one twice. Other sessions end; this one takes the new token. */
function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: PasswordErrors = {
      current: current ? null : 'Please enter your current password.',
      password: newPasswordError(password),
      repeat: repeatPasswordError(password, repeat),
    };
    setErrors(found);
    const first = (['current', 'password', 'repeat'] as const).find((key) => found[key]);
    if (first) {
      document.getElementById(`profile-${first}`)?.focus();
      return;
    }
    setBusy(true);
    const answer = await runChange(() => api.put('/changepassword', { currentPassword: current, password, repeatPassword: repeat }), 'Your password could not be changed.');
    setBusy(false);
    if (answer?.data) {
      updateSession({ auth_token: answer.data.auth_token, token: answer.data.token });
      setCurrent('');
      setPassword('');
      setRepeat('');
    }
  };

  const typed = { type: 'password', spellCheck: false, maxLength: 128 } as const;
  return (
    <Card id="profile-password" title="Change password" onSubmit={submit}>
      <div className="admin-card__body">
        <TextField id="profile-current" label="Current password" value={current} onValue={setCurrent} error={errors.current} autoComplete="current-password" {...typed} />
        <TextField id="profile-password" label="New password" hint="At least 8 characters." value={password} onValue={setPassword} error={errors.password} autoComplete="new-password" {...typed} />
        <TextField id="profile-repeat" label="New password again" value={repeat} onValue={setRepeat} error={errors.repeat} autoComplete="new-password" {...typed} />
        <p className="admin-hint">Your other sessions (another browser, a phone) end when it changes.</p>
        <button type="submit" className="btn btn--small" disabled={busy}>
          {busy ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </Card>
  );
}

/** The signed-in member of staff's own page: who they are, what their role may do, their password and two-factor sign-in. */
export function ProfileScreen() {
  const user = useStore($user);
  if (!user) return null;
  return (
    <Screen title="My Profile" lead="Your account in the back office.">
      <div className="admin-profile">
        <Card id="profile-account" title="Your account">
          <dl className="admin-facts admin-card__body">
            <dt>Name</dt>
            <dd>{user.full_name}</dd>
            <dt>Phone</dt>
            <dd className="admin-num">{formatPhone(user.phoneNumber, user.countryCode)}</dd>
            <dt>Role</dt>
            <dd data-testid="profile-role">{user.role ? ROLE_NAMES[user.role] : '—'}</dd>
            {user.role && (
              <>
                <dt>May</dt>
                <dd>
                  <RoleDuties permissions={user.permissions ?? []} />
                </dd>
              </>
            )}
          </dl>
        </Card>
        <PasswordCard />
        <TwoFactorCard />
      </div>
    </Screen>
  );
}

/** The only screen while the shop requires two-factor sign-in of staff and it is not on yet: its set-up. */
export function TwoFactorRequiredScreen() {
  return (
    <Screen title="Turn on two-factor sign-in" lead="The shop requires two-factor sign-in for staff. Set it up with your authenticator app to go on.">
      <div className="admin-profile">
        <TwoFactorCard onEnabled={() => void refreshAccess()} />
      </div>
    </Screen>
  );
}
