import { useEffect, useState } from 'react';
import { api } from '../lib/api/client.ts';

type Kind = 'confirm' | 'unsubscribe';

const FAILED = 'Something went wrong. Please check your connection and try again.';

const WORDS: Record<Kind, { lead: string; button: string }> = {
  confirm: { lead: 'Press the button to confirm that you want our newsletter at this address.', button: 'Confirm my subscription' },
  unsubscribe: { lead: 'Press the button and we will send you no more newsletters. Messages about your orders still reach you.', button: 'Unsubscribe' },
};

/**
 * The newsletter's links (issue 35): /subscription?confirm=<token> and ?unsubscribe=<token>.
 * The visitor presses a button, so a mail scanner that opens links confirms or unsubscribes
 * nothing; mail clients unsubscribe in one click by posting to the List-Unsubscribe address.
 */
export default function Subscription() {
  const [link, setLink] = useState<{ kind: Kind; token: string } | null | undefined>(undefined);
  const [said, setSaid] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const confirm = query.get('confirm');
    const unsubscribe = query.get('unsubscribe');
    setLink(confirm ? { kind: 'confirm', token: confirm } : unsubscribe ? { kind: 'unsubscribe', token: unsubscribe } : null);
  }, []);

  if (link === undefined) return null;
  if (link === null) {
    return (
      <p className="auth__lead" data-testid="subscription-none">
        This page opens from the link in one of our e-mails. To sign up, use the newsletter form at the bottom of any page.
      </p>
    );
  }

  const press = async () => {
    setBusy(true);
    try {
      const answer =
        link.kind === 'confirm'
          ? await api.post('/newsletter/confirm', { token: link.token })
          : await api.post('/newsletter/unsubscribe', undefined, undefined, { token: link.token });
      setSaid({ text: answer.description || FAILED, ok: answer.status === 1 });
    } catch {
      setSaid({ text: FAILED, ok: false });
    } finally {
      setBusy(false);
    }
  };

  if (said?.ok) {
    return (
      <div className="alert alert--success" role="status" data-testid="subscription-done">
        {said.text}
      </div>
    );
  }
  return (
    <div className="auth-form">
      {said && (
        <div className="alert" role="alert" data-testid="subscription-error">
          {said.text}
        </div>
      )}
      <p className="auth__lead">{WORDS[link.kind].lead}</p>
      <button type="button" className="btn btn--block" onClick={press} disabled={busy} aria-busy={busy || undefined}>
        {WORDS[link.kind].button}
      </button>
    </div>
  );
}
