import { useEffect, useRef, useState } from 'react';
import { isAdministrator } from '../../rules/roles.ts';
import { pathAfterLogin } from '../lib/login-return.ts';
import { api } from '../lib/api/client.ts';
import { $user, login, logout } from '../stores/session.ts';
import { toast } from '../stores/toast.ts';
import { type AccountCountryCode, PasswordField, PhoneFields } from './AuthFields.tsx';
import { CodeStep, NewPasswordStep } from './login/SecondSteps.tsx';

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

/** Where the sign-in stands: the phone and password, the code of two-factor sign-in, or a first password to replace. */
type Step = { kind: 'credentials' } | { kind: 'code'; message: string } | { kind: 'new-password' };

/** Whether a refused sign-in asks for the code of two-factor sign-in (401, data.totp_required). */
function asksForCode(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { totp_required?: unknown }).totp_required === true;
}

/**
 * Login (§2, §5): country code, phone and password (show/hide), all required.
 * The server's error text is shown above the form (or 'An error occurred during
 * login'); after success, 500 ms later, the shopper goes back to the page that
 * sent them here (`?next=`, same-origin paths only), else an administrator to /admin/, others to /.
 * Staff may meet two more steps (issue 34): the code of their authenticator app when
 * two-factor sign-in is on, and their own password in place of the one the owner set.
 */
export default function Login() {
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
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

  // Sent here by a refused call (the API client) or by a reload: the first password still waits to be changed.
  useEffect(() => {
    if ($user.get()?.password_change_required) setStep({ kind: 'new-password' });
  }, []);

  const goOn = (administrator: boolean) => {
    const target = pathAfterLogin(administrator);
    setTimeout(() => location.assign(target), AFTER_LOGIN_MS);
  };

  /** Signs in with the phone and password (and the code, at the second step); answers the refusal's sentence, or null. */
  const signIn = async (totp?: string): Promise<string | null> => {
    setBusy(true);
    try {
      const answer = await api.post('/userlogin', { countryCode, phoneNumber: phone.trim(), password, ...(totp ? { totp } : {}) });
      if (answer.status === 1 && answer.data?.auth_token) {
        login(answer.data);
        toast.success(answer.description || 'Login successful.');
        if (answer.data.password_change_required) {
          setBusy(false);
          setStep({ kind: 'new-password' });
        } else goOn(isAdministrator(answer.data));
        return null;
      }
      setBusy(false);
      const message = answer.description || 'An error occurred during login';
      if (asksForCode(answer.data)) {
        // The password was right: the code is what is missing (or was wrong).
        if (step.kind !== 'code') setStep({ kind: 'code', message });
        return step.kind === 'code' ? message : null;
      }
      setStep({ kind: 'credentials' });
      setServerError(message);
      toast.error(message);
      return message;
    } catch {
      setBusy(false);
      setServerError('An error occurred during login');
      toast.error('An error occurred during login');
      return 'An error occurred during login';
    }
  };

  if (step.kind === 'new-password') {
    return (
      <NewPasswordStep
        onChanged={() => goOn(true)}
        onOtherAccount={() => {
          logout();
          setPassword('');
          setStep({ kind: 'credentials' });
        }}
      />
    );
  }
  if (step.kind === 'code') {
    return (
      <CodeStep
        message={step.message}
        busy={busy}
        onCode={signIn}
        onBack={() => {
          setPassword('');
          setStep({ kind: 'credentials' });
        }}
      />
    );
  }

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
    setServerError('');
    await signIn();
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
      <p className="auth__foot" style={{ marginTop: 0 }}>
        <a href="/forgot-password">Forgot password?</a>
      </p>
      <button type="submit" className="btn btn--block" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Logging in…' : 'Log In'}
      </button>
    </form>
  );
}
