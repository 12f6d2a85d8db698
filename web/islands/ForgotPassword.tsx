import { useEffect, useRef, useState } from 'react';
import { api } from '../lib/api/client.ts';
import { toast } from '../stores/toast.ts';
import { type AccountCountryCode, describedBy, FieldError, PasswordField, PhoneFields } from './AuthFields.tsx';
import { SIGNED_UP_KEY } from './Login.tsx';

type Errors = Partial<Record<'phone' | 'otp' | 'password' | 'repeatPassword', string>>;

const FAILED = 'Something went wrong. Please check your connection and try again.';

/**
 * Forgot password (issue 35): the phone number first (POST /forgotpassword sends a 6-digit code
 * by SMS when it has an account; the answer is the same either way), then the code and the new
 * password twice (POST /resetpassword). After the reset, the login page opens with the number
 * filled in and the server's sentence shown (as after sign-up).
 */
export default function ForgotPassword() {
  const [step, setStep] = useState<'number' | 'code'>('number');
  const [countryCode, setCountryCode] = useState<AccountCountryCode>('+91');
  const [{ phone, otp, password, repeatPassword }, setForm] = useState({ phone: '', otp: '', password: '', repeatPassword: '' });
  const typed = (field: 'phone' | 'otp' | 'password' | 'repeatPassword') => (value: string) => setForm((form) => ({ ...form, [field]: value }));
  const [setPhone, setOtp, setPassword, setRepeatPassword] = [typed('phone'), typed('otp'), typed('password'), typed('repeatPassword')];
  const [errors, setErrors] = useState<Errors>({});
  const [{ serverError, notice }, setSaid] = useState({ serverError: '', notice: '' });
  const setServerError = (serverError: string) => setSaid((said) => ({ ...said, serverError }));
  const setNotice = (notice: string) => setSaid((said) => ({ ...said, notice }));
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (serverError) alertRef.current?.focus();
  }, [serverError]);
  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  /** Sends a call; answers its envelope, or null (the sentence shown) when it was refused or never arrived. */
  const send = async <T,>(call: () => Promise<{ status: number; description: string; data?: T }>) => {
    setBusy(true);
    setServerError('');
    try {
      const answer = await call();
      setBusy(false);
      if (answer.status === 1) return answer;
      setServerError(answer.description || FAILED);
      return null;
    } catch {
      setBusy(false);
      setServerError(FAILED);
      return null;
    }
  };

  const askCode = async (event?: React.FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (!phone.trim()) {
      setErrors({ phone: 'Phone number is required.' });
      return;
    }
    setErrors({});
    const answer = await send(() => api.post('/forgotpassword', { countryCode, phoneNumber: phone.trim() }));
    if (!answer) return;
    setNotice(answer.description);
    setOtp('');
    setStep('code');
  };

  const reset = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (!/^\d{6}$/.test(otp.trim())) found.otp = 'Please enter the 6-digit code we sent you.';
    if (password.length < 8) found.password = 'Password must be at least 8 characters.';
    if (password !== repeatPassword) found.repeatPassword = 'Passwords do not match';
    setErrors(found);
    const first = (['otp', 'password', 'repeatPassword'] as const).find((field) => found[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`input[name="${first}"]`)?.focus();
      return;
    }
    const body = { countryCode, phoneNumber: phone.trim(), otp: otp.trim(), password, repeatPassword };
    const answer = await send(() => api.post('/resetpassword', body));
    if (!answer) return;
    toast.success(answer.description);
    try {
      sessionStorage.setItem(SIGNED_UP_KEY, JSON.stringify({ countryCode, phoneNumber: body.phoneNumber, description: answer.description }));
    } catch {
      // The login page opens without the number filled in.
    }
    location.assign('/login');
  };

  const alert = serverError ? (
    <div className="alert" role="alert" tabIndex={-1} ref={alertRef} data-testid="forgot-error">
      <p>{serverError}</p>
    </div>
  ) : null;

  if (step === 'number') {
    return (
      <form className="auth-form" noValidate onSubmit={askCode} aria-busy={busy || undefined}>
        {alert}
        <PhoneFields
          idPrefix="forgot"
          countryCode={countryCode}
          phone={phone}
          onCountryCode={setCountryCode}
          onPhone={(value) => {
            setPhone(value);
            if (errors.phone) setErrors({});
          }}
          error={errors.phone}
        />
        <button type="submit" className="btn btn--block" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Sending…' : 'Send me a code'}
        </button>
      </form>
    );
  }

  const field = (name: 'password' | 'repeatPassword', label: string, value: string, onChange: (value: string) => void, hint?: string) => (
    <PasswordField id={`forgot-${name}`} label={label} name={name} autoComplete="new-password" value={value} onChange={onChange} error={errors[name]} hint={hint} />
  );
  return (
    <form className="auth-form" noValidate onSubmit={reset} aria-busy={busy || undefined}>
      {notice && !serverError ? (
        <div className="alert alert--success" role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      {alert}
      <div className="field">
        <label htmlFor="forgot-otp">6-digit code</label>
        <input
          {...describedBy('forgot-otp', errors.otp)}
          ref={codeRef}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
        />
        <FieldError id="forgot-otp-error" message={errors.otp} />
      </div>
      {field('password', 'New password', password, setPassword, 'At least 8 characters.')}
      {field('repeatPassword', 'Repeat new password', repeatPassword, setRepeatPassword)}
      <button type="submit" className="btn btn--block" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Saving…' : 'Set new password'}
      </button>
      <p className="auth__foot">
        No code?{' '}
        <button type="button" className="btn btn--link" disabled={busy} onClick={() => void askCode()}>
          Send a new code
        </button>{' '}
        or{' '}
        <button type="button" className="btn btn--link" onClick={() => { setStep('number'); setNotice(''); setServerError(''); }}>
          use another number
        </button>
      </p>
    </form>
  );
}
