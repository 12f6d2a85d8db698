import { useState } from 'react';
import type { components } from '../lib/api/schema.d.ts';
import { ACCOUNT_COUNTRIES } from '../../rules/currency.ts';

/** A country code an account may have (openapi.yaml RegisterUser, UserLogin): rules/currency.ts ACCOUNT_COUNTRIES. */
export type AccountCountryCode = components['schemas']['RegisterUser']['countryCode'];

/** A field's error, tied to its input with aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="field-error" id={id}>
      {message}
    </p>
  ) : null;
}

/** The accessibility attributes of an input that may carry an error (and a hint). */
export function describedBy(id: string, error?: string, hint?: boolean) {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

export interface PhoneFieldsProps {
  idPrefix: string;
  countryCode: AccountCountryCode;
  phone: string;
  onCountryCode: (value: AccountCountryCode) => void;
  onPhone: (value: string) => void;
  error?: string;
}

/** The option chosen, as the contract's country code (the select offers only ACCOUNT_COUNTRIES). */
function pickCode(value: string, onCountryCode: (value: AccountCountryCode) => void): void {
  const chosen = ACCOUNT_COUNTRIES.find((c) => c.code === value);
  if (chosen) onCountryCode(chosen.code);
}

/** Country code and phone number side by side, one label each. */
export function PhoneFields({ idPrefix, countryCode, phone, onCountryCode, onPhone, error }: PhoneFieldsProps) {
  const phoneId = `${idPrefix}-phone`;
  return (
    <div className="field">
      <div className="phone-row">
        <div className="field" style={{ marginBottom: 0 }}>
          <label htmlFor={`${idPrefix}-country`}>Country code</label>
          <select id={`${idPrefix}-country`} name="countryCode" autoComplete="tel-country-code" value={countryCode} onChange={(e) => pickCode(e.target.value, onCountryCode)}>
            {ACCOUNT_COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field" style={{ marginBottom: 0 }}>
          <label htmlFor={phoneId}>Phone number</label>
          <input
            {...describedBy(phoneId, error)}
            name="phoneNumber"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={phone}
            onChange={(e) => onPhone(e.target.value)}
          />
        </div>
      </div>
      <FieldError id={`${phoneId}-error`} message={error} />
    </div>
  );
}

export interface PasswordFieldProps {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
}

/** A password input with a Show / Hide button. */
export function PasswordField({ id, label, name, value, onChange, error, autoComplete, hint }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password">
        <input
          {...describedBy(id, error, Boolean(hint))}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="password__toggle"
          aria-controls={id}
          aria-pressed={visible}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          onClick={() => setVisible(!visible)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
