import { useEffect, useState } from 'react';
import { api } from '../../lib/api/client.ts';
import type { components } from '../../lib/api/schema.d.ts';
import { runChange } from '../actions.ts';
import { Modal } from '../components/Modal.tsx';
import { RowActions } from '../components/RowActions.tsx';
import { FilterSelect, ListTable, Screen, Toolbar } from '../components/Screen.tsx';
import { formatDateTime } from '../format.ts';
import { usePagedList } from '../hooks/useList.ts';
import { useMay } from '../hooks/usePermissions.ts';
import '../messages.css';

type OutboxMessage = components['schemas']['OutboxMessage'];
type MessageDetail = components['schemas']['MessageDetail'];
type Channel = OutboxMessage['channel'];
type Status = OutboxMessage['status'];

const CHANNEL_LABELS: Record<Channel, string> = { email: 'E-mail', sms: 'SMS', webhook: 'Webhook' };
const STATUS_LABELS: Record<Status, string> = { pending: 'Pending', sent: 'Sent', failed: 'Failed' };
const STATUS_BADGES: Record<Status, string> = { pending: 'admin-badge--new', sent: 'admin-badge--on', failed: 'admin-badge--off' };

const CHANNEL_CHOICES = [{ value: '', label: 'All channels' }, ...Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label }))];
const STATUS_CHOICES = [{ value: '', label: 'All statuses' }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))];

/** An event as staff read it: 'order.placed' -> 'Order placed'. */
export function eventLabel(event: string): string {
  const words = event.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Who a message went to, in words: a webhook's endpoint by number, the owners' notice without an address. */
function recipientText(m: Pick<OutboxMessage, 'channel' | 'recipient'>): string {
  if (m.channel === 'webhook') return `Endpoint #${m.recipient}`;
  if (m.recipient === 'owner') return 'The owners';
  return m.recipient;
}

/**
 * Messages (issue 35): everything the shop sends (e-mails, SMS, webhook calls) as the outbox
 * holds it, newest first, narrowed by channel and status: who it went to, how many attempts,
 * when it was written and sent, and why the last attempt failed. A failed message can be sent
 * again (Retry, for those who change the shop's settings); opening one shows what it says, and
 * with the embedded defaults the .eml file or the sms.log line written when it was sent.
 */
export function MessagesScreen() {
  const mayRetry = useMay('settings.manage');
  const [channel, setChannel] = useState('');
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);
  const filters = { channel, status };
  const list = usePagedList<OutboxMessage>(
    async (page, perPage) => {
      const answer = await api.get('/getmessages', { page, perPage, ...(channel ? { channel: channel as Channel } : {}), ...(status ? { status: status as Status } : {}) });
      return { ...answer, data: answer.data ? { rows: answer.data.messages, total: answer.data.totalCount } : null };
    },
    'The messages could not be loaded.',
    true,
    filters,
  );

  const retry = async (message: OutboxMessage) => {
    setRetrying(message.id);
    const done = await runChange(() => api.post('/retrymessage', { id: message.id }), 'The message could not be sent again.');
    setRetrying(null);
    if (done?.data) {
      const updated = done.data;
      list.setRows((rows) => rows.map((row) => (row.id === updated.id ? updated : row)));
      if (open?.id === updated.id) setOpen(updated);
    }
  };

  return (
    <Screen
      title="Messages"
      lead="Every e-mail, SMS and webhook the shop sends, newest first. Each is tried again for about a day; one still failing then waits here for Retry."
      actions={
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void list.reload()}>
          Refresh
        </button>
      }
    >
      <Toolbar>
        <FilterSelect label="Channel" value={channel} onChange={setChannel} options={CHANNEL_CHOICES} />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_CHOICES} />
      </Toolbar>
      <ListTable
        className="admin-card--cards admin-messages"
        columns={['Event', 'Channel', 'To', 'Status', 'Attempts', 'Created', 'Sent', 'Last error']}
        list={list}
        emptyText={channel || status ? 'No messages match these filters' : 'Nothing has been sent yet'}
        pager={{ ...list.pager, noun: 'messages', label: 'Message pages' }}
        rows={list.rows.map((m) => (
          <tr key={m.id} data-message={m.id} data-status={m.status}>
            <td className="admin-cell-lead">
              <span className="admin-cell-strong">{eventLabel(m.event)}</span>
            </td>
            <td data-label="Channel">{CHANNEL_LABELS[m.channel]}</td>
            <td data-label="To" className="admin-messages__to">
              {recipientText(m)}
            </td>
            <td data-label="Status">
              <span className={`admin-badge ${STATUS_BADGES[m.status]}`}>{STATUS_LABELS[m.status]}</span>
              {m.nextAttemptAt && <span className="admin-cell-muted admin-messages__next">next {formatDateTime(m.nextAttemptAt)}</span>}
            </td>
            <td className="admin-num" data-label="Attempts">
              {m.attempts}
            </td>
            <td className="admin-num" data-label="Created">
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </td>
            <td className="admin-num" data-label="Sent">
              {m.sentAt ? <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time> : '—'}
            </td>
            <td data-label="Last error" className="admin-messages__error">
              {m.last_error ?? <span className="admin-cell-muted">—</span>}
            </td>
            <RowActions>
              <button type="button" className="admin-text-btn" onClick={() => setOpen(m)} aria-label={`Open message ${m.id}: ${eventLabel(m.event)} to ${recipientText(m)}`}>
                Open
              </button>
              {m.status === 'failed' && mayRetry && (
                <button type="button" className="admin-text-btn" disabled={retrying === m.id} onClick={() => void retry(m)} aria-label={`Retry message ${m.id}`}>
                  {retrying === m.id ? 'Retrying…' : 'Retry'}
                </button>
              )}
            </RowActions>
          </tr>
        ))}
      />
      {open && <MessageDialog message={open} onClose={() => setOpen(null)} onRetry={open.status === 'failed' && mayRetry ? () => void retry(open) : undefined} busy={retrying === open.id} />}
    </Screen>
  );
}

type View = 'html' | 'text' | 'kept';

/** One message: its facts, then what it says (the e-mail as a page or as text, the SMS, the webhook body) and what the embedded default kept. */
function MessageDialog({ message, onClose, onRetry, busy }: { message: OutboxMessage; onClose: () => void; onRetry?: () => void; busy: boolean }) {
  const [detail, setDetail] = useState<MessageDetail | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [view, setView] = useState<View>('html');

  useEffect(() => {
    let live = true;
    setDetail(null);
    setFailed(null);
    api
      .get('/getmessage', { id: message.id })
      .then((answer) => {
        if (!live) return;
        if (answer.status === 1 && answer.data) setDetail(answer.data);
        else setFailed(answer.description || 'The message could not be read.');
      })
      .catch(() => live && setFailed('The message could not be read: the server did not answer.'));
    return () => {
      live = false;
    };
  }, [message.id, message.status]);

  const content = detail?.content ?? null;
  const views: { id: View; label: string }[] = [];
  if (content?.html) views.push({ id: 'html', label: 'As the reader sees it' });
  if (content) views.push({ id: 'text', label: message.channel === 'webhook' ? 'Body' : message.channel === 'sms' ? 'Text' : 'Plain text' });
  if (detail?.kept) views.push({ id: 'kept', label: message.channel === 'email' ? 'The .eml file' : 'The sms.log line' });
  const shown = views.find((v) => v.id === view)?.id ?? views[0]?.id;

  return (
    <Modal
      title={`${eventLabel(message.event)} · ${CHANNEL_LABELS[message.channel]}`}
      onClose={onClose}
      size="large"
      footer={
        <>
          {onRetry && (
            <button type="button" className="btn btn--small" onClick={onRetry} disabled={busy}>
              {busy ? 'Retrying…' : 'Retry'}
            </button>
          )}
          <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <dl className="admin-facts admin-messages__facts">
        <dt>To</dt>
        <dd>{recipientText(message)}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`admin-badge ${STATUS_BADGES[message.status]}`}>{STATUS_LABELS[message.status]}</span> after {message.attempts} attempt{message.attempts === 1 ? '' : 's'}
        </dd>
        <dt>Created</dt>
        <dd>{formatDateTime(message.createdAt)}</dd>
        <dt>Sent</dt>
        <dd>{message.sentAt ? formatDateTime(message.sentAt) : '—'}</dd>
        {message.last_error && (
          <>
            <dt>Last error</dt>
            <dd className="admin-messages__error">{message.last_error}</dd>
          </>
        )}
        <dt>Message id</dt>
        <dd className="admin-messages__id">{message.message_id}</dd>
        {content?.subject && (
          <>
            <dt>Subject</dt>
            <dd className="admin-cell-strong">{content.subject}</dd>
          </>
        )}
        {content && content.attachments.length > 0 && (
          <>
            <dt>Attached</dt>
            <dd>{content.attachments.join(', ')}</dd>
          </>
        )}
      </dl>
      {failed && (
        <p className="admin-messages__problem" role="alert">
          {failed}
        </p>
      )}
      {!detail && !failed && <p className="admin-loading">Loading…</p>}
      {detail?.render_error && <p className="admin-messages__problem">This message cannot be shown: {detail.render_error}</p>}
      {views.length > 0 && (
        <div className="admin-messages__views" role="tablist" aria-label="How to read it">
          {views.map((v) => (
            <button key={v.id} type="button" role="tab" aria-selected={shown === v.id} className={`admin-messages__tab${shown === v.id ? ' is-current' : ''}`} onClick={() => setView(v.id)}>
              {v.label}
            </button>
          ))}
        </div>
      )}
      {shown === 'html' && content?.html && (
        // The message's own page, drawn apart from the back office: no scripts, no access to it.
        <iframe className="admin-messages__page" title={`The e-mail: ${content.subject ?? ''}`} sandbox="" srcDoc={content.html} />
      )}
      {shown === 'text' && content && <pre className="admin-messages__text">{content.text}</pre>}
      {shown === 'kept' && detail?.kept && (
        <>
          {detail.kept_truncated && <p className="admin-cell-muted">The file is longer: its first megabyte is shown.</p>}
          <pre className="admin-messages__text admin-messages__raw">{detail.kept}</pre>
        </>
      )}
    </Modal>
  );
}
