import { useEffect, useRef, useState } from 'react';
import { isAdministrator } from '../../rules/roles.ts';
import { pathAfterLogin } from '../lib/login-return.ts';
import { api } from '../lib/api/client.ts';
import { login } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';
import { type AccountCountryCode, PasswordField, PhoneFields } from './AuthFields.tsx';

/** The redirect after a successful login waits 500 ms (§4, §9). */
export const AFTER_LOGIN_MS = 500;

/** Sign-up hands the new account's phone to the login form (sessionStorage, this tab only). */
export const SIGNED_UP_KEY = 'signedUp';

interface SignedUp {
  countryCode: AccountCountryCode;
  phoneNumber: string;
  description: string;
}

type Errors = Partial<Record<'phone' | 'password', string>>;

/**
 * Login (§2, §5): country code, phone and password (show/hide), all required.
 * The server's error text is shown above the form (or 'An error occurred during
 * login'); after success, 500 ms later, the shopper goes back to the page that
 * sent them here (`?next=`, same-origin paths only), else an administrator to /admin/, others to /.
 */
export default function Login() {
  const [countryCode, setCountryCode] = useState<AccountCountryCode>('+91');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    try {
      const raw = sessionStorage.getItem(SIGNED_UP_KEY);
      if (!raw) return;
      sessionStorage.removeItem(SIGNED_UP_KEY);
      const signedUp = JSON.parse(raw) as SignedUp;
      setCountryCode(signedUp.countryCode);
      setPhone(signedUp.phoneNumber);
      setNotice(signedUp.description);
      form.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
    } catch {
      // Nothing to prefill.
    }
  }, []);

  useEffect(() => {
    if (serverError) alertRef.current?.focus();
  }, [serverError]);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (!phone.trim()) found.phone = 'Phone number is required.';
    if (!password) found.password = 'Password is required.';
    setErrors(found);
    if (found.phone || found.password) {
      event.currentTarget.querySelector<HTMLElement>(found.phone ? 'input[name="phoneNumber"]' : 'input[name="password"]')?.focus();
      return;
    }
    setBusy(true);
    setServerError('');
    try {
      const answer = await api.post('/userlogin', { countryCode, phoneNumber: phone.trim(), password });
      if (answer.status === 1 && answer.data?.auth_token) {
        login(answer.data);
        toast.success(answer.description || 'Login successful.');
        const target = pathAfterLogin(isAdministrator(answer.data));
        setTimeout(() => location.assign(target), AFTER_LOGIN_MS);
        return;
      }
      const message = answer.description || 'An error occurred during login';
      setServerError(message);
      toast.error(message);
      setBusy(false);
    } catch {
      setServerError('An error occurred during login');
      toast.error('An error occurred during login');
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="auth-form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      {notice && !serverError ? (
        <div className="alert alert--success" role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      {serverError ? (
        <div className="alert" role="alert" tabIndex={-1} ref={alertRef} data-testid="login-error">
          <p>{serverError}</p>
        </div>
      ) : null}
      <PhoneFields
        idPrefix="login"
        countryCode={countryCode}
        phone={phone}
        onCountryCode={setCountryCode}
        onPhone={(value) => {
          setPhone(value);
          if (errors.phone) setErrors({ ...errors, phone: undefined });
        }}
        error={errors.phone}
      />
      <PasswordField
        id="login-password"
        label="Password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          if (errors.password) setErrors({ ...errors, password: undefined });
        }}
        error={errors.password}
      />
      <button type="submit" className="btn btn--block" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Logging in…' : 'Log In'}
      </button>
    </form>
  );
}
