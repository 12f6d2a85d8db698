import { type FormEvent, useId, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import type { components } from '../../lib/api/schema.d.ts';
import { runChange } from '../actions.ts';
import { ConfirmDialog, Modal } from '../components/Modal.tsx';
import { RowActions } from '../components/RowActions.tsx';
import { AddButton, ListTable, Screen } from '../components/Screen.tsx';
import { formatDateTime } from '../format.ts';
import { useConfirmation } from '../hooks/useConfirmation.ts';
import { useClientTable, useList } from '../hooks/useList.ts';
import { useMay } from '../hooks/usePermissions.ts';
import { eventLabel } from './MessagesScreen.tsx';
import '../messages.css';

type Endpoint = components['schemas']['WebhookEndpoint'];
type Delivery = components['schemas']['WebhookDelivery'];
type WebhookEvent = Endpoint['events'][number];

/** The events an endpoint may subscribe to (POST /addwebhook's list), with what each tells. */
const EVENT_HINTS: Record<string, string> = {
  'order.placed': 'an order is placed (cash on delivery or paid online)',
  'order.paid': 'an order is paid (online, or cash collected on delivery)',
  'order.status_changed': 'an order moves to another status',
  'order.refunded': 'a cancelled order is refunded',
  'product.updated': 'a product is edited, activated or deactivated',
  'metal_rates.updated': 'the metal rates are set',
  'return.requested': 'a shopper asks to return a piece',
  'return.approved': 'a return is approved',
  'return.rejected': 'a return is refused',
  'return.refunded': 'a return is refunded',
  'return.credited': 'a return is paid as store credit',
};
const EVENTS = Object.keys(EVENT_HINTS) as WebhookEvent[];

/** A secret shown this once, after adding an endpoint or giving it a new one. */
interface Secret {
  endpoint: Endpoint;
  secret: string;
  rotated: boolean;
}

/**
 * Webhooks (issue 35): where the shop POSTs its events for other systems, signed as Standard
 * Webhooks says. The owner adds an endpoint (its URL and events: the signing secret is shown
 * once), turns one off or on, gives it a new secret (shown once); everyone who may see the
 * shop's settings sees each endpoint's health and its recent deliveries, and may send one again.
 */
export function WebhooksScreen() {
  const mayManage = useMay('staff.manage');
  const { items, ...list } = useList<Endpoint>(() => api.get('/getwebhooks'), 'The webhook endpoints could not be loaded.');
  const table = useClientTable(items, () => true);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<Secret | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<Endpoint | null>(null);
  const switching = useConfirmation<Endpoint>((e) => api.put('/updatewebhook', { id: e.id, active: !e.active }), 'The endpoint could not be changed.', () => void list.reload());
  const rotating = useConfirmation<Endpoint>(
    async (e) => {
      const answer = await api.post('/rotatewebhooksecret', { id: e.id });
      if (answer.status === 1 && answer.data) setSecret({ endpoint: answer.data, secret: answer.data.secret, rotated: true });
      return answer;
    },
    'A new secret could not be made.',
    () => undefined,
  );

  return (
    <Screen
      title="Webhooks"
      lead="Other systems told of the shop's events as they happen: each call signed with the endpoint's secret, tried again for about a day, and an endpoint failing for days turned off."
      actions={mayManage ? <AddButton label="Add Endpoint" onClick={() => setAdding(true)} /> : undefined}
    >
      <ListTable
        className="admin-card--cards admin-webhooks"
        columns={['Endpoint', 'Events', 'Status', 'Added']}
        list={list}
        emptyText="No endpoints yet"
        pager={{ ...table.pager, noun: 'endpoints', label: 'Endpoint pages' }}
        rows={table.rows.map((e) => (
          <tr key={e.id} data-endpoint={e.id} className={e.active ? undefined : 'admin-row--off'}>
            <td className="admin-cell-lead admin-webhooks__url">
              <span className="admin-cell-muted">#{e.id}</span> <span className="admin-cell-strong">{e.url}</span>
            </td>
            <td data-label="Events" className="admin-webhooks__events">
              {e.events.map((event) => (
                <span key={event} className="admin-badge">
                  {event}
                </span>
              ))}
            </td>
            <td data-label="Status">
              <span className={`admin-badge ${e.active ? (e.failing_since ? 'admin-badge--new' : 'admin-badge--on') : 'admin-badge--off'}`}>
                {e.active ? (e.failing_since ? 'Failing' : 'Active') : 'Off'}
              </span>
              {e.failing_since && <span className="admin-webhooks__note">Failing since {formatDateTime(e.failing_since)}</span>}
              {e.disabled_reason && <span className="admin-webhooks__note">{e.disabled_reason}</span>}
            </td>
            <td className="admin-num" data-label="Added">
              {formatDateTime(e.created_at)}
            </td>
            <RowActions>
              <button type="button" className="admin-text-btn" onClick={() => setDeliveriesOf(e)} aria-label={`Deliveries to endpoint ${e.id}`}>
                Deliveries
              </button>
              {mayManage && (
                <>
                  <button
                    type="button"
                    className={e.active ? 'admin-text-btn admin-text-btn--danger' : 'admin-text-btn'}
                    onClick={() => switching.ask(e)}
                    aria-label={`${e.active ? 'Disable' : 'Enable'} endpoint ${e.id}`}
                  >
                    {e.active ? 'Disable' : 'Enable'}
                  </button>
                  <button type="button" className="admin-text-btn" onClick={() => rotating.ask(e)} aria-label={`New secret for endpoint ${e.id}`}>
                    New secret
                  </button>
                </>
              )}
            </RowActions>
          </tr>
        ))}
      />

      {adding && (
        <AddEndpointForm
          onClose={() => setAdding(false)}
          onAdded={(added) => {
            setAdding(false);
            setSecret({ endpoint: added, secret: added.secret, rotated: false });
            void list.reload();
          }}
        />
      )}
      {secret && <SecretDialog shown={secret} onClose={() => setSecret(null)} />}
      {deliveriesOf && <DeliveriesDialog endpoint={deliveriesOf} onClose={() => setDeliveriesOf(null)} />}
      {switching.record && (
        <ConfirmDialog
          title={switching.record.active ? 'Disable endpoint?' : 'Enable endpoint?'}
          message={
            switching.record.active ? (
              <>
                Nothing more is sent to <strong>{switching.record.url}</strong> until it is enabled again; events that happen meanwhile are not sent to it.
              </>
            ) : (
              <>
                <strong>{switching.record.url}</strong> receives the next events again, with its failures forgotten.
              </>
            )
          }
          confirmLabel={switching.record.active ? 'Disable' : 'Enable'}
          danger={switching.record.active}
          {...switching.dialog}
        />
      )}
      {rotating.record && (
        <ConfirmDialog
          title="Give this endpoint a new secret?"
          message={
            <>
              The secret of <strong>{rotating.record.url}</strong> stops signing at once: the receiving system must be given the new one, shown next, or it will refuse the calls.
            </>
          }
          confirmLabel="Make a new secret"
          danger
          {...rotating.dialog}
        />
      )}
    </Screen>
  );
}

/** The add form: the URL and the events, at least one. */
function AddEndpointForm({ onClose, onAdded }: { onClose: () => void; onAdded: (added: Endpoint & { secret: string }) => void }) {
  const urlId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return setProblem('Type the URL the shop should call.');
    if (!events.length) return setProblem('Choose at least one event.');
    setProblem(null);
    setBusy(true);
    const done = await runChange(() => api.post('/addwebhook', { url: url.trim(), events }), 'The endpoint could not be added.');
    setBusy(false);
    if (done?.data) onAdded(done.data);
  };

  return (
    <Modal
      title="Add webhook endpoint"
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className="btn btn--ghost btn--small" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form="admin-webhook-add" className="btn btn--small" disabled={busy}>
            {busy ? 'Adding…' : 'Add endpoint'}
          </button>
        </>
      }
    >
      <form id="admin-webhook-add" className="admin-webhooks__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={urlId}>URL</label>
          <input id={urlId} type="url" inputMode="url" value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://example.com/hooks/aurum" autoComplete="off" required />
          <p className="admin-cell-muted admin-webhooks__hint">An http(s) address on the internet; it must answer with a 2xx status within 10 seconds.</p>
        </div>
        <fieldset className="admin-webhooks__choices">
          <legend>Events</legend>
          {EVENTS.map((name) => (
            <label key={name} className="admin-webhooks__choice">
              <input
                type="checkbox"
                checked={events.includes(name)}
                onChange={(event) => setEvents((current) => (event.target.checked ? [...current, name] : current.filter((e) => e !== name)))}
              />
              <span>
                <code>{name}</code> <span className="admin-cell-muted">{EVENT_HINTS[name]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {problem && (
          <p className="admin-messages__problem" role="alert">
            {problem}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** The signing secret, shown this once, with Copy. */
function SecretDialog({ shown, onClose }: { shown: Secret; onClose: () => void }) {
  const fieldId = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.secret);
      setCopied(true);
    } catch {
      (document.getElementById(fieldId) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Modal
      title={shown.rotated ? 'The new signing secret' : 'Endpoint added: its signing secret'}
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--small" onClick={onClose}>
          I have copied it
        </button>
      }
    >
      <p className="admin-webhooks__warning" role="alert">
        <strong>Copy this secret now: it is not shown again.</strong> The system at {shown.endpoint.url} checks each call's webhook-signature with it. Lost, it can only be
        replaced (New secret).
      </p>
      <div className="admin-webhooks__secret">
        <label htmlFor={fieldId} className="visually-hidden">
          Signing secret
        </label>
        <input id={fieldId} readOnly value={shown.secret} onFocus={(event) => event.currentTarget.select()} data-secret />
        <button type="button" className="btn btn--small btn--ghost" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </Modal>
  );
}

/** An endpoint's last 50 attempts, newest first, each with its answer, and Resend. */
function DeliveriesDialog({ endpoint, onClose }: { endpoint: Endpoint; onClose: () => void }) {
  const list = useList<Delivery>(() => api.get('/getwebhookdeliveries', { id: endpoint.id }), 'The deliveries could not be loaded.');
  const [resending, setResending] = useState<string | null>(null);
  const resend = async (d: Delivery) => {
    setResending(d.message_id);
    const done = await runChange(() => api.post('/resendwebhook', { message_id: d.message_id }), 'The call could not be sent again.');
    setResending(null);
    if (done) setTimeout(() => void list.reload(), 1500);
  };
  return (
    <Modal
      title={`Deliveries to endpoint #${endpoint.id}`}
      onClose={onClose}
      size="large"
      footer={
        <>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void list.reload()}>
            Refresh
          </button>
          <button type="button" className="btn btn--small" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <p className="admin-webhooks__url admin-cell-muted">{endpoint.url}</p>
      {list.loading && list.items.length === 0 && <p className="admin-loading">Loading…</p>}
      {!list.loading && list.items.length === 0 && <p className="admin-cell-muted">Nothing has been sent to this endpoint yet.</p>}
      <ol className="admin-webhooks__deliveries">
        {list.items.map((d) => {
          const ok = d.status_code !== null && d.status_code >= 200 && d.status_code < 300;
          return (
            <li key={d.id} className="admin-webhooks__delivery" data-delivery={d.id}>
              <div className="admin-webhooks__delivery-head">
                <span className={`admin-badge ${ok ? 'admin-badge--on' : 'admin-badge--off'}`}>{d.status_code ?? 'No answer'}</span>
                <span className="admin-cell-strong">{eventLabel(d.event)}</span>
                <span className="admin-cell-muted">
                  attempt {d.attempt} · {formatDateTime(d.at)} · {d.duration_ms} ms
                </span>
                <button type="button" className="admin-text-btn" disabled={resending === d.message_id} onClick={() => void resend(d)} aria-label={`Resend ${d.message_id}`}>
                  {resending === d.message_id ? 'Resending…' : 'Resend'}
                </button>
              </div>
              {(d.answer || d.error) && <pre className="admin-messages__text admin-webhooks__answer">{d.error ?? d.answer}</pre>}
              <span className="admin-messages__id">{d.message_id}</span>
            </li>
          );
        })}
      </ol>
    </Modal>
  );
}
