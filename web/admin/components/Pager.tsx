import { useId } from 'react';
import { Icon } from '../../components/Icon.tsx';

/** Rows per page the tables offer (backoffice.md §9); 10 by default. */
export const PAGE_SIZES = [10, 15, 20, 25, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Page numbers to show: all when few, else the ends and the pages around the current one. */
export function pageNumbers(page: number, pageCount: number): Array<number | 'gap'> {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  shown.forEach((n, i) => {
    if (i > 0 && n - shown[i - 1] > 1) out.push('gap');
    out.push(n);
  });
  return out;
}

/** 'Showing 11 to 20 of 23 users' (the first and last row of the page, 1-based). */
export function showingText(page: number, pageSize: number, total: number, noun: string): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} ${noun}`;
}

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Given, the rows-per-page choice (10, 15, 20, 25, 30) is offered. */
  onPageSize?: (size: number) => void;
  /** What the rows are, for 'Showing X to Y of Z …'. */
  noun: string;
  label: string;
}

/** Under a table: how many rows are shown, rows per page, and the page buttons. */
export function Pager({ page, pageSize, total, onPage, onPageSize, noun, label }: PagerProps) {
  const sizeId = useId();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="admin-pager">
      <p className="admin-pager__status" aria-live="polite">
        {showingText(page, pageSize, total, noun)}
      </p>
      {onPageSize && (
        <div className="admin-pager__size">
          <label htmlFor={sizeId}>Rows per page</label>
          <select id={sizeId} value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      )}
      <nav className="admin-pager__pages" aria-label={label}>
        <button type="button" className="admin-page-btn" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
          <Icon name="chevronLeft" size={16} />
        </button>
        {pageNumbers(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <span key={`gap-${i}`} className="admin-pager__gap" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={n}
              type="button"
              className="admin-page-btn"
              onClick={() => onPage(n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
            >
              {n}
            </button>
          ),
        )}
        <button type="button" className="admin-page-btn" onClick={() => onPage(page + 1)} disabled={page >= pageCount} aria-label="Next page">
          <Icon name="chevronRight" size={16} />
        </button>
      </nav>
    </div>
  );
}
