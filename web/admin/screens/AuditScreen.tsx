import { type ReactNode, useEffect, useId, useState } from 'react';
import { missingPermissionMessage, ROLE_NAMES, isRole } from '../../../rules/permissions.ts';
import { api } from '../../lib/api/client.ts';
import type { paths } from '../../lib/api/schema.d.ts';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../../stores/toast.ts';
import {
  ACTION_LABELS,
  actionLabel,
  type AuditEntry,
  type AuditFilters,
  auditQueryString,
  auditTrailPath,
  changedFields,
  ENTITY_LABELS,
  entityHref,
  entityLabel,
  readAuditFilters,
} from '../audit.ts';
import { Options } from '../components/Field.tsx';
import { ListTable, Screen } from '../components/Screen.tsx';
import { formatDateTime } from '../format.ts';
import { useDebounced } from '../hooks/useDebounced.ts';
import { usePagedList } from '../hooks/useList.ts';
import { useMay } from '../hooks/usePermissions.ts';
import { Link } from '../router.tsx';
import '../audit.css';

const CSV_PATH: keyof paths = '/getauditlog.csv';

const ACTION_CHOICES = [{ value: '', label: 'All actions' }, ...Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))];
const ENTITY_CHOICES = [{ value: '', label: 'All records' }, ...Object.entries(ENTITY_LABELS).map(([value, label]) => ({ value, label }))];

/**
 * The audit trail (issue 34): who changed what in the back office and when, newest first,
 * each entry with the fields that changed, before and after. Filtered by staff member,
 * action, record, record id and dates; the filters live in the address, so a record's own
 * screen opens its history here (/admin/audit?entity=product&entity_id=12). Download CSV
 * exports what the filters match. Nobody can change or delete an entry.
 */
export function AuditScreen() {
  const may = useMay('audit.view');
  if (may === null) {
    return (
      <Screen title="Audit Trail">
        <p className="admin-loading">Loading…</p>
      </Screen>
    );
  }
  if (!may) {
    return (
      <Screen title="Audit Trail">
        <p className="admin-audit__refused" role="alert">
          {missingPermissionMessage('audit.view')}
        </p>
      </Screen>
    );
  }
  return <AuditTrail />;
}

function AuditTrail() {
  const [filters, setFilters] = useState<AuditFilters>(() => readAuditFilters(window.location.search));
  const applied = useDebounced(filters);
  const [downloading, setDownloading] = useState(false);
  const list = usePagedList<AuditEntry>(
    async (page, perPage) => {
      const answer = await api.get('/getauditlog', { page, perPage, ...withoutBlanks(applied) });
      return { ...answer, data: answer.data ? { rows: answer.data.auditData, total: answer.data.totalCount } : null };
    },
    'Error fetching the audit trail',
    true,
    applied,
  );

  // The address says what is shown: Reload keeps it, and it can be sent to someone.
  useEffect(() => {
    const query = auditQueryString(applied);
    if (window.location.search !== query) window.history.replaceState(null, '', `${window.location.pathname}${query}`);
  }, [applied]);

  const set = (name: keyof AuditFilters, value: string) => setFilters((current) => ({ ...current, [name]: value }));
  const text = (name: keyof AuditFilters, label: string, placeholder?: string, type = 'text') => (
    <Filter label={label}>
      {(id) => <input id={id} type={type} value={filters[name]} placeholder={placeholder} autoComplete="off" onChange={(event) => set(name, event.target.value)} />}
    </Filter>
  );
  const choice = (name: keyof AuditFilters, label: string, options: ReadonlyArray<{ value: string; label: string }>) => (
    <Filter label={label}>
      {(id) => (
        <select id={id} value={filters[name]} onChange={(event) => set(name, event.target.value)}>
          <Options options={options} />
        </select>
      )}
    </Filter>
  );
  const setCount = Object.values(filters).filter((value) => value.trim()).length;
  // Open on a wide screen, or when the address set some; folded on a phone, where it would fill the first screen.
  const [showFilters, setShowFilters] = useState(() => setCount > 0 || window.matchMedia('(min-width: 641px)').matches);

  const download = async () => {
    setDownloading(true);
    const problem = await downloadFile(`${CSV_PATH}${auditQueryString(applied)}`, {
      fileName: `audit-trail-${new Date().toISOString().slice(0, 10)}.csv`,
      type: 'text/csv',
      failure: 'The audit trail could not be downloaded.',
    });
    setDownloading(false);
    if (problem) toast.error(problem);
  };

  return (
    <Screen
      title="Audit Trail"
      lead="Who changed what in the back office, and when, newest first. Entries are kept as written: nobody can change or delete them."
      actions={
        <>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setFilters(readAuditFilters(''))} disabled={setCount === 0}>
            Clear filters
          </button>
          <button type="button" className="btn btn--small" onClick={() => void download()} disabled={downloading}>
            {downloading ? 'Preparing…' : 'Download CSV'}
          </button>
        </>
      }
    >
      <details className="admin-card admin-audit__filters" open={showFilters} onToggle={(event) => setShowFilters(event.currentTarget.open)}>
        <summary>Filters{setCount ? ` · ${setCount} set` : ''}</summary>
        <form className="admin-audit__fields" role="search" aria-label="Filter the audit trail" onSubmit={(event) => event.preventDefault()}>
          {text('actor', 'Staff member', 'Name or id')}
          {choice('action', 'Action', ACTION_CHOICES)}
          {choice('entity', 'Record', ENTITY_CHOICES)}
          {text('entity_id', 'Record id', 'e.g. 12')}
          {text('from', 'From', undefined, 'date')}
          {text('to', 'To', undefined, 'date')}
        </form>
      </details>
      <ListTable
        className="admin-card--cards admin-audit"
        columns={['When', 'Who', 'What', 'Changes', 'From']}
        actionsHeading={null}
        list={list}
        emptyText={setCount ? 'No entries match these filters' : 'Nothing has been changed in the back office yet'}
        pager={{ ...list.pager, noun: 'entries', label: 'Audit trail pages' }}
        rows={list.rows.map((entry) => (
          <tr key={entry.id} data-audit-entry={entry.id}>
            <td className="admin-num admin-audit__when" data-label="When">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </td>
            <td className="admin-cell-lead" data-label="Who">
              <span className="admin-cell-strong">{entry.actor_name}</span>{' '}
              {entry.role && <span className="admin-badge">{isRole(entry.role) ? ROLE_NAMES[entry.role] : entry.role}</span>}
            </td>
            <td data-label="What">
              <span className="admin-audit__action">{actionLabel(entry.action)}</span>
              <RecordName entry={entry} onOnly={() => setFilters({ ...readAuditFilters(''), entity: entry.entity, entity_id: entry.entity_id ?? '' })} />
            </td>
            <td data-label="Changes">
              <Changes entry={entry} />
            </td>
            <td className="admin-audit__from" data-label="From">
              {entry.ip ?? '—'}
              {entry.request_id && (
                <span className="admin-audit__request" title={`Request ${entry.request_id}`}>
                  {entry.request_id}
                </span>
              )}
            </td>
          </tr>
        ))}
      />
    </Screen>
  );
}

/** The filters that are set, for the API (a blank one is no filter). */
function withoutBlanks(filters: AuditFilters): Partial<AuditFilters> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim())) as Partial<AuditFilters>;
}

/** The record an entry is about, its own page when it has one, and a button narrowing the trail to it. */
function RecordName({ entry, onOnly }: { entry: AuditEntry; onOnly: () => void }) {
  const id = entry.entity_id;
  const name = `${entityLabel(entry.entity)}${id ? (/^\d+$/.test(id) ? ` #${id}` : `: ${id.replaceAll('_', ' ')}`) : ''}`;
  const href = entityHref(entry);
  return (
    <span className="admin-audit__record">
      {href ? <Link href={href}>{name}</Link> : name}
      {id && (
        <button type="button" className="admin-audit__only" onClick={onOnly} aria-label={`Only the history of ${name}`}>
          History
        </button>
      )}
    </span>
  );
}

/** The fields an entry changed, each as "before → after"; a record created or deleted lists its values. */
function Changes({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry);
  if (fields.length === 0) return <span className="admin-cell-muted">No field changed</span>;
  const created = entry.before === null;
  const deleted = entry.after === null;
  return (
    <dl className="admin-audit__changes">
      {fields.map(({ field, label, before, after }) => (
        <div key={field} className="admin-audit__change">
          <dt>{label}</dt>
          <dd>
            {created ? (
              <ins>{after}</ins>
            ) : deleted ? (
              <del>{before}</del>
            ) : (
              <>
                <del>{before}</del> <span aria-label="became">→</span> <ins>{after}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One filter: its label above its control (`children` makes the control with the id the label names). */
function Filter({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field admin-audit__filter">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/**
 * A record's history in the audit trail, from its own screen (a product's History, an
 * order's Full trail); shown only to those who may read the trail. `newTab` keeps the
 * screen it is on (a form being edited) open.
 */
export function AuditTrailLink({ entity, entity_id, label, newTab = false }: { entity: string; entity_id: number; label: string; newTab?: boolean }) {
  const may = useMay('audit.view');
  if (!may) return null;
  const href = auditTrailPath(entity, entity_id);
  return newTab ? (
    <a href={href} target="_blank" rel="noopener" className="admin-audit-link">
      {label}
    </a>
  ) : (
    <Link href={href} className="admin-audit-link">
      {label}
    </Link>
  );
}
