import { type ReactNode, useEffect, useId } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { Options } from './Field.tsx';
import { Pager, type PagerProps } from './Pager.tsx';

export interface ScreenProps {
  title: string;
  /** One line under the title saying what the screen is for. */
  lead?: string;
  /** The main action (Add …) beside the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The main action beside a screen's title: '+ Add Coupon'. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn--small" onClick={onClick}>
      <Icon name="plus" size={16} /> {label}
    </button>
  );
}

/** A back-office screen: its heading, its main action, then its content. Sets the tab title. */
export function Screen({ title, lead, actions, children }: ScreenProps) {
  useEffect(() => {
    document.title = `${title} | Aurum Jewels Admin`;
  }, [title]);
  return (
    <section className="admin-screen" aria-labelledby="admin-screen-title">
      <header className="admin-screen__head">
        <div>
          <h1 id="admin-screen-title">{title}</h1>
          {lead && <p className="admin-screen__lead">{lead}</p>}
        </div>
        {actions && <div className="admin-screen__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
}

/** The bar above a table: the search field, and the dropdowns that narrow the list beside it. */
export function Toolbar({ search, children }: { search?: SearchBoxProps; children?: ReactNode }) {
  return (
    <div className={children ? 'admin-toolbar admin-toolbar--filters' : 'admin-toolbar'}>
      {search && <SearchBox {...search} />}
      {children && <div className="admin-filters">{children}</div>}
    </div>
  );
}

/** The search field above a table; filtering happens as the administrator types. */
export function SearchBox({ value, onChange, placeholder, label }: SearchBoxProps) {
  const id = useId();
  return (
    <div className="admin-search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Icon name="search" size={18} className="admin-search__icon" />
      <input id={id} type="search" value={value} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} autoComplete="off" />
    </div>
  );
}

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The choices; the first is usually "All …" with the value ''. */
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A labelled dropdown beside the search box that narrows a list (a category, a status). */
export function FilterSelect({ label, value, onChange, options }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="admin-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <Options options={options} />
      </select>
    </div>
  );
}

export interface LoadFailureProps {
  /** What could not be loaded: 'products', 'orders'. */
  noun: string;
  onRetry: () => void;
  /** True while the retry runs. */
  retrying?: boolean;
}

/** Said in place of a list the server did not give: never its empty text, so an outage is not read as "nothing here". */
export function LoadFailure({ noun, onRetry, retrying = false }: LoadFailureProps) {
  return (
    <div className="admin-load-failed" role="alert">
      <p>
        <strong>The {noun} could not be loaded.</strong> The server did not answer; nothing was changed.
      </p>
      <button type="button" className="btn btn--small btn--ghost" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying…' : 'Try again'}
      </button>
    </div>
  );
}

export interface TableStateRowProps {
  colSpan: number;
  loading: boolean;
  empty: boolean;
  emptyText: string;
  /** Given, the last fetch failed: the row says so with Try again instead of the empty text. */
  failure?: LoadFailureProps | null;
}

/** The one row a table without rows shows: loading, the failure, or its empty text. A refresh keeps the rows it has. */
export function TableStateRow({ colSpan, loading, empty, emptyText, failure }: TableStateRowProps) {
  if (!empty) return null;
  return (
    <tr className="admin-table__state">
      <td colSpan={colSpan}>
        {failure ? <LoadFailure {...failure} retrying={loading} /> : loading ? <span className="admin-loading">Loading…</span> : emptyText}
      </td>
    </tr>
  );
}

/** What useList and usePagedList say of their fetch. */
export interface ListState {
  loading: boolean;
  failed?: boolean;
  reload?: () => unknown;
}

export interface ListTableProps {
  /** The headings between the No column (when `numbered`) and the actions column; false leaves one out. */
  columns: Array<string | false>;
  /** A first column 'No' counting the rows. */
  numbered?: boolean;
  /** The last column's heading; null for a list without actions (no column). */
  actionsHeading?: 'Actions' | 'Action' | null;
  /** The list's fetch: loading, whether the last one failed (then Try again, never the empty text) and how to fetch again. */
  list: ListState;
  emptyText: string;
  /** What the Pager under the table shows. */
  pager: PagerProps;
  /** The rows; none shows the loading or empty row. */
  rows: ReactNode[];
  /** Extra class on the card: 'admin-card--cards' lays the rows out as cards on a phone. */
  className?: string;
}

/** A screen's list: the table in its card, the loading or empty row, the pager underneath. */
export function ListTable({ columns, numbered = false, actionsHeading = 'Actions', list, emptyText, pager, rows, className }: ListTableProps) {
  const headings = columns.filter((column): column is string => column !== false);
  const { loading, failed = false, reload } = list;
  const failure = failed && reload ? { noun: pager.noun, onRetry: () => void reload() } : null;
  return (
    <div className={`admin-card${className ? ` ${className}` : ''}`}>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              {numbered && (
                <th scope="col" className="admin-col-no">
                  No
                </th>
              )}
              {headings.map((heading) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
              {actionsHeading !== null && (
                <th scope="col" className="admin-col-actions">
                  {actionsHeading}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            <TableStateRow colSpan={headings.length + (numbered ? 1 : 0) + (actionsHeading === null ? 0 : 1)} loading={loading} empty={rows.length === 0 || failure !== null} emptyText={emptyText} failure={failure} />
            {failure === null && rows}
          </tbody>
        </table>
      </div>
      <Pager {...pager} />
    </div>
  );
}
