import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import { runChange } from '../actions.ts';
import { Card } from '../components/Card.tsx';
import { controlProps, Field } from '../components/Field.tsx';
import { ConfirmDialog } from '../components/Modal.tsx';
import { LoadFailure, Screen } from '../components/Screen.tsx';

type Counts = NonNullable<Awaited<ReturnType<typeof api.get<'/getnewsletter'>>>['data']>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The newsletter (issue 35): who has subscribed (double opt-in: only confirmed addresses
 * receive it), and a newsletter written and sent to them after a confirmation. The shop
 * adds its look and each subscriber's one-click unsubscribe link.
 */
export function NewsletterScreen() {
  const [counts, setCounts] = useState<Counts | null>(null);
  const [failed, setFailed] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    api
      .get('/getnewsletter')
      .then((answer) => (answer.status === 1 && answer.data ? setCounts(answer.data) : setFailed(true)))
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const check = () => {
    const found = { subject: subject.trim() ? undefined : 'Subject is required.', body: body.trim() ? undefined : 'The newsletter text is required.' };
    setErrors(found);
    return !found.subject && !found.body;
  };

  const send = async () => {
    setBusy(true);
    const answer = await runChange(() => api.post('/sendnewsletter', { subject: subject.trim(), body }), 'Error sending the newsletter...');
    setBusy(false);
    setAsking(false);
    if (answer) {
      setSubject('');
      setBody('');
      load();
    }
  };

  return (
    <Screen title="Newsletter" lead="Subscribers confirm their address from an e-mail before anything is sent to them; every newsletter carries a one-click unsubscribe.">
      <Card id="newsletter-subscribers" title="Subscribers">
        <div className="admin-card__body">
          {failed ? (
            <LoadFailure noun="subscriber counts" onRetry={load} />
          ) : counts ? (
            <dl className="admin-facts" data-testid="newsletter-counts">
              <dt>Confirmed</dt>
              <dd>{counts.confirmed}</dd>
              <dt>Waiting for confirmation</dt>
              <dd>{counts.pending}</dd>
              <dt>Unsubscribed</dt>
              <dd>{counts.unsubscribed}</dd>
            </dl>
          ) : (
            <span className="admin-loading">Loading…</span>
          )}
        </div>
      </Card>
      <Card
        id="newsletter-write"
        title="Write a newsletter"
        onSubmit={(event) => {
          event.preventDefault();
          if (check()) setAsking(true);
        }}
      >
        <div className="admin-card__body">
          <Field id="newsletter-subject" label="Subject" error={errors.subject} required>
            <input {...controlProps('newsletter-subject', errors.subject, true)} type="text" maxLength={150} value={subject} onChange={(event) => setSubject(event.target.value)} />
          </Field>
          <Field id="newsletter-body" label="Text" error={errors.body} hint="Plain text. Leave an empty line between paragraphs." required>
            <textarea {...controlProps('newsletter-body', errors.body, true)} rows={10} maxLength={20_000} value={body} onChange={(event) => setBody(event.target.value)} />
          </Field>
          <button type="submit" className="btn btn--small" disabled={busy || !counts?.confirmed}>
            Send newsletter
          </button>
          {counts && counts.confirmed === 0 && <p className="admin-hint">Nobody has confirmed a subscription yet.</p>}
        </div>
      </Card>
      {asking && counts && (
        <ConfirmDialog
          title="Send this newsletter?"
          message={`"${subject.trim()}" goes to ${plural(counts.confirmed, 'confirmed subscriber', 'confirmed subscribers')} now. It cannot be called back.`}
          confirmLabel="Send now"
          busy={busy}
          onConfirm={send}
          onCancel={() => setAsking(false)}
        />
      )}
    </Screen>
  );
}
