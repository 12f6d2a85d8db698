import { type ReactNode, useEffect, useId } from 'react';
import { Icon } from '../../components/Icon.tsx';
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

export interface TableStateRowProps {
  colSpan: number;
  loading: boolean;
  empty: boolean;
  emptyText: string;
}

/** The one row a table without rows shows: loading, or its empty text. A refresh keeps the rows it has. */
export function TableStateRow({ colSpan, loading, empty, emptyText }: TableStateRowProps) {
  if (!empty) return null;
  return (
    <tr className="admin-table__state">
      <td colSpan={colSpan}>{loading ? <span className="admin-loading">Loading…</span> : emptyText}</td>
    </tr>
  );
}

export interface ListTableProps {
  /** The headings between the No column (when `numbered`) and the actions column; false leaves one out. */
  columns: Array<string | false>;
  /** A first column 'No' counting the rows. */
  numbered?: boolean;
  /** The last column's heading. */
  actionsHeading?: 'Actions' | 'Action';
  loading: boolean;
  emptyText: string;
  /** What the Pager under the table shows. */
  pager: PagerProps;
  /** The rows; none shows the loading or empty row. */
  rows: ReactNode[];
}

/** A screen's list: the table in its card, the loading or empty row, the pager underneath. */
export function ListTable({ columns, numbered = false, actionsHeading = 'Actions', loading, emptyText, pager, rows }: ListTableProps) {
  const headings = columns.filter((column): column is string => column !== false);
  return (
    <div className="admin-card">
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
              <th scope="col" className="admin-col-actions">
                {actionsHeading}
              </th>
            </tr>
          </thead>
          <tbody>
            <TableStateRow colSpan={headings.length + (numbered ? 2 : 1)} loading={loading} empty={rows.length === 0} emptyText={emptyText} />
            {rows}
          </tbody>
        </table>
      </div>
      <Pager {...pager} />
    </div>
  );
}
