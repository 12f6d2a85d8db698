import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { newPasswordError, repeatPasswordError } from '../../lib/passwords.ts';
import { updateSession } from '../../stores/session.ts';
import { FieldError, describedBy, PasswordField } from '../AuthFields.tsx';

/** A step's refusal above its form, focused so a screen reader reads it. */
function StepAlert({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  return message ? (
    <div className="alert" role="alert" tabIndex={-1} ref={ref} data-testid="login-error">
      <p>{message}</p>
    </div>
  ) : null;
}

export interface CodeStepProps {
  /** What the server said when it asked for the code (or refused the last one). */
  message: string;
  busy: boolean;
  /** Sends the sign-in again with this code; answers the refusal's sentence, or null once signed in. */
  onCode: (code: string) => Promise<string | null>;
  onBack: () => void;
}

/**
 * The second step of a staff sign-in with two-factor sign-in on: the 6 digits the
 * authenticator app shows, or one of the recovery codes kept at set-up.
 */
export function CodeStep({ message, busy, onCode, onBack }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [refusal, setRefusal] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter the code from your authenticator app.');
      return;
    }
    setError('');
    setRefusal((await onCode(code.trim())) ?? '');
    setCode('');
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy || undefined} data-step="code">
      {refusal ? (
        <StepAlert message={refusal} />
      ) : (
        <div className="alert alert--success" role="status">
          <p>{message}</p>
        </div>
      )}
      <div className="field">
        <label htmlFor="login-code">Code from your authenticator app</label>
        <input
          {...describedBy('login-code', error, true)}
          name="totp"
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          maxLength={24}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <p className="field-hint" id="login-code-hint">
          6 digits, or one of your recovery codes if you do not have your phone.
        </p>
        <FieldError id="login-code-error" message={error} />
      </div>
      <button type="submit" className="btn btn--block" disabled={busy}>
        {busy ? 'Checking…' : 'Verify'}
      </button>
      <button type="button" className="btn btn--ghost btn--block" onClick={onBack} disabled={busy}>
        Back
      </button>
    </form>
  );
}

/**
 * A first sign-in with the password the owner set (or reset): the new password twice
 * (PUT /changepassword, which answers a new token), then on into the back office; or
 * another account (this session is forgotten).
 */
export function NewPasswordStep({ onChanged, onOtherAccount }: { onChanged: () => void; onOtherAccount: () => void }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { password: newPasswordError(password) ?? undefined, repeat: repeatPasswordError(password, repeat) ?? undefined };
    setErrors(found);
    if (found.password || found.repeat) return;
    setBusy(true);
    setRefusal('');
    try {
      const answer = await api.put('/changepassword', { password, repeatPassword: repeat });
      if (answer.status === 1 && answer.data) {
        updateSession({ auth_token: answer.data.auth_token, token: answer.data.token, password_change_required: undefined });
        onChanged();
        return;
      }
      setRefusal(answer.description || 'Your password could not be changed.');
    } catch {
      setRefusal('The store could not be reached. Please try again.');
    }
    setBusy(false);
  };

  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy || undefined} data-step="new-password">
      {refusal ? (
        <StepAlert message={refusal} />
      ) : (
        <div className="alert alert--success" role="status">
          <p>The password you signed in with was set for you by the shop&apos;s owner. Choose your own to go on.</p>
        </div>
      )}
      <PasswordField id="new-password" label="New password" name="password" autoComplete="new-password" hint="At least 8 characters." value={password} onChange={setPassword} error={errors.password} />
      <PasswordField id="new-password-repeat" label="New password again" name="repeatPassword" autoComplete="new-password" value={repeat} onChange={setRepeat} error={errors.repeat} />
      <button type="submit" className="btn btn--block" disabled={busy}>
        {busy ? 'Saving…' : 'Save password and continue'}
      </button>
      <button type="button" className="btn btn--ghost btn--block" onClick={onOtherAccount} disabled={busy}>
        Log in as someone else
      </button>
    </form>
  );
}
