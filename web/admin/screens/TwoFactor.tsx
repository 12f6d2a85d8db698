import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import type { components } from '../../lib/api/schema.d.ts';
import { updateSession } from '../../stores/session.ts';
import { runChange } from '../actions.ts';
import { Card } from '../components/Card.tsx';
import { TextField } from '../components/Field.tsx';

type Status = components['schemas']['TotpStatus'];
type Setup = components['schemas']['TotpSetup'];

/** The code field of the set-up and of turning it off: digits as an app shows them, or a recovery code. */
function CodeField({ id, label, value, onValue, error, recovery = false }: { id: string; label: string; value: string; onValue: (v: string) => void; error?: string | null; recovery?: boolean }) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onValue={onValue}
      error={error}
      inputMode={recovery ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={recovery ? 24 : 7}
      hint={recovery ? 'The 6 digits your authenticator app shows now, or one of your recovery codes.' : 'The 6 digits your authenticator app shows now.'}
    />
  );
}

/**
 * Set-up in three steps on one card: the QR code of the otpauth address (and the secret, to
 * type in by hand), the ten recovery codes to keep, then one code from the app turns it on.
 */
function SetupSteps({ setup, onEnabled }: { setup: Setup; onEnabled: (status: Status) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const enable = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{3}\s?\d{3}$/.test(code.trim())) {
      setError('Enter the 6-digit code your authenticator app shows.');
      return;
    }
    setBusy(true);
    const answer = await runChange(() => api.post('/totp/enable', { code: code.trim() }), 'Two-factor sign-in could not be turned on.');
    setBusy(false);
    if (answer?.data) onEnabled(answer.data);
    else setCode('');
  };

  return (
    <div className="admin-totp" data-testid="totp-setup">
      <ol className="admin-totp__steps">
        <li>
          <p>Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</p>
          <div className="admin-totp__qr">
            <QRCodeSVG value={setup.otpauth_url} size={176} marginSize={2} title="QR code for your authenticator app" />
          </div>
          <p className="admin-hint">
            Cannot scan? Type this secret into the app instead: <code className="admin-totp__secret" data-testid="totp-secret">{setup.secret}</code>
          </p>
        </li>
        <li>
          <p>
            Keep these recovery codes somewhere safe (print them or write them down). Each signs you in <strong>once</strong> if you lose your phone; they are not shown again.
          </p>
          <ul className="admin-totp__codes" data-testid="recovery-codes">
            {setup.recovery_codes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ul>
        </li>
        <li>
          <form onSubmit={enable} noValidate>
            <CodeField id="totp-enable-code" label="Code from the app" value={code} onValue={setCode} error={error} />
            <button type="submit" className="btn btn--small" disabled={busy}>
              {busy ? 'Turning on…' : 'Turn on two-factor sign-in'}
            </button>
          </form>
        </li>
      </ol>
    </div>
  );
}

/**
 * Two-factor sign-in on the member's own account (GET /totp/status, POST /totp/setup,
 * /totp/enable, /totp/disable): off, set it up; on, turn it off with a code or a recovery code.
 */
export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void }) {
  const [status, setStatus] = useState<Status | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [busy, setBusy] = useState(false);
  const [offCode, setOffCode] = useState('');

  useEffect(() => {
    void api.get('/totp/status').then((answer) => answer.status === 1 && answer.data && setStatus(answer.data));
  }, []);

  const begin = async () => {
    setBusy(true);
    const answer = await runChange(() => api.post('/totp/setup'), 'Two-factor sign-in could not be set up.');
    setBusy(false);
    if (answer?.data) setSetup(answer.data);
  };

  const enabled = (next: Status) => {
    setStatus(next);
    setSetup(null);
    updateSession({ totp_setup_required: undefined });
    onEnabled?.();
  };

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await runChange(() => api.post('/totp/disable', { code: offCode.trim() }), 'Two-factor sign-in could not be turned off.');
    setBusy(false);
    setOffCode('');
    if (answer?.data) {
      setStatus(answer.data);
      if (answer.data.totp_required) updateSession({ totp_setup_required: true });
    }
  };

  return (
    <Card id="profile-totp" title="Two-factor sign-in">
      <div className="admin-card__body">
        {!status ? (
          <p className="admin-empty">Loading…</p>
        ) : status.totp_enabled ? (
          <>
            <p>
              <span className="admin-badge admin-badge--on">On</span> Signing in asks for a code from your authenticator app. Recovery codes left: <strong>{status.recovery_codes_left}</strong>.
            </p>
            {status.totp_required && <p className="admin-hint">The shop requires it for all staff: turning it off means setting it up again before you go on.</p>}
            <form onSubmit={turnOff} noValidate className="admin-totp__off">
              <CodeField id="totp-disable-code" label="Code to turn it off" value={offCode} onValue={setOffCode} recovery />
              <button type="submit" className="btn btn--small btn--ghost" disabled={busy || !offCode.trim()}>
                Turn off
              </button>
            </form>
          </>
        ) : setup ? (
          <SetupSteps setup={setup} onEnabled={enabled} />
        ) : (
          <>
            <p>
              <span className="admin-badge admin-badge--off">Off</span> Signing in asks for your password only.
              {status.totp_required ? ' The shop requires two-factor sign-in for staff: set it up to go on.' : ' A code from your phone as well keeps the shop safe if your password leaks.'}
            </p>
            <button type="button" className="btn btn--small" onClick={() => void begin()} disabled={busy}>
              {busy ? 'Setting up…' : 'Set up two-factor sign-in'}
            </button>
          </>
        )}
      </div>
    </Card>
  );
}
