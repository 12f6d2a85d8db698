import { useEffect, useRef, useState } from 'react';
import { api, NetworkError } from '../lib/api/client.ts';
import type { components } from '../lib/api/schema.d.ts';
import { toast } from '../stores/toast.ts';
import { describedBy, FieldError, PasswordField, PhoneFields } from './AuthFields.tsx';
import { SIGNED_UP_KEY } from './Login.tsx';
import { loginPathHere } from '../lib/login-return.ts';
import { nationalNumber, phoneNumberMessage } from '../../rules/phone.ts';

/** The sign-up form is the body of POST /registeruser. */
type Form = components['schemas']['RegisterUser'];

type Field = keyof Form;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Form = { full_name: '', u_name: '', countryCode: '+91', phoneNumber: '', password: '', repeatPassword: '' };

/** The live mismatch message; it blocks submit (§5). */
export const PASSWORDS_DIFFER = 'Passwords do not match';

/** Sign-up rules (§5): every field required; the password's length as the server checks it. */
export function validateSignup(form: Form): Errors {
  const errors: Errors = {};
  if (!form.full_name.trim()) errors.full_name = 'Full name is required.';
  if (!form.u_name.trim()) errors.u_name = 'Username is required.';
  if (!form.phoneNumber.trim()) errors.phoneNumber = 'Phone number is required.';
  else if (nationalNumber(form.phoneNumber, form.countryCode) === null) errors.phoneNumber = phoneNumberMessage(form.countryCode);
  if (!form.password) errors.password = 'Password is required.';
  else if (form.password.length < 8) errors.password = 'Password must be at least 8 characters.';
  if (!form.repeatPassword) errors.repeatPassword = 'Repeat password is required.';
  else if (form.password !== form.repeatPassword) errors.repeatPassword = PASSWORDS_DIFFER;
  return errors;
}

const ORDER: Field[] = ['full_name', 'u_name', 'phoneNumber', 'password', 'repeatPassword'];

/**
 * Sign-up (§2, §5): full name, username, country code, phone, password and
 * repeat password. 'Passwords do not match' shows as the shopper types and
 * blocks submit; the server's refusals are shown above the form; after
 * success the login form opens with the phone filled in.
 */
export default function Signup() {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const mismatch = form.repeatPassword !== '' && form.password !== form.repeatPassword;

  useEffect(() => {
    if (serverError) alertRef.current?.focus();
  }, [serverError]);

  const set = (field: Field) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignup(form);
    setErrors(found);
    const first = ORDER.find((field) => found[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    setServerError('');
    try {
      // The number as the account keeps it ("098765 43210" is 9876543210), so the login form is filled in with it.
      const phoneNumber = nationalNumber(form.phoneNumber, form.countryCode) ?? form.phoneNumber.trim();
      const body = { ...form, full_name: form.full_name.trim(), u_name: form.u_name.trim(), phoneNumber };
      const answer = await api.post('/registeruser', body);
      if (answer.status === 1) {
        const description = answer.description || 'Registration successful. Please log in.';
        sessionStorage.setItem(SIGNED_UP_KEY, JSON.stringify({ countryCode: form.countryCode, phoneNumber: body.phoneNumber, description }));
        toast.success(description);
        location.assign(loginPathHere());
        return;
      }
      console.error('sign-up refused:', answer.description);
      setServerError(answer.description || 'We could not create your account. Please try again.');
    } catch (error) {
      console.error('sign-up failed:', error instanceof NetworkError ? error.cause : error);
      setServerError('We could not reach the store. Please check your connection and try again.');
    }
    setBusy(false);
  };

  const text = (field: 'full_name' | 'u_name', label: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`signup-${field}`}>{label}</label>
      <input
        {...describedBy(`signup-${field}`, errors[field])}
        name={field}
        type="text"
        autoComplete={autoComplete}
        value={form[field]}
        onChange={(e) => set(field)(e.target.value)}
      />
      <FieldError id={`signup-${field}-error`} message={errors[field]} />
    </div>
  );

  const password = (field: 'password' | 'repeatPassword', id: string, label: string, error: string | undefined, hint?: string) => (
    <PasswordField id={id} label={label} name={field} autoComplete="new-password" value={form[field]} onChange={set(field)} error={error} hint={hint} />
  );

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      {serverError ? (
        <div className="alert" role="alert" tabIndex={-1} ref={alertRef} data-testid="signup-error">
          <p>{serverError}</p>
        </div>
      ) : null}
      <div className="field-pair">
        {text('full_name', 'Full name', 'name')}
        {text('u_name', 'Username', 'username')}
      </div>
      <PhoneFields
        idPrefix="signup"
        countryCode={form.countryCode}
        phone={form.phoneNumber}
        onCountryCode={set('countryCode')}
        onPhone={set('phoneNumber')}
        error={errors.phoneNumber}
      />
      {password('password', 'signup-password', 'Password', errors.password, 'At least 8 characters.')}
      {password('repeatPassword', 'signup-repeat', 'Repeat password', errors.repeatPassword ?? (mismatch ? PASSWORDS_DIFFER : undefined))}
      <button type="submit" className="btn btn--block" disabled={busy || mismatch} aria-busy={busy || undefined}>
        {busy ? 'Creating your account…' : 'Sign Up'}
      </button>
    </form>
  );
}
