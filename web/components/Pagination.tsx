import { Icon } from './Icon.tsx';

export interface PaginationProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** What the list is, for the navigation's label. */
  label?: string;
}

/** The page numbers to show: all of them when few, else the ends and a window around the current page. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const around = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...around].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) out.push('gap');
    out.push(n);
  });
  return out;
}

/** Numbered pagination with Previous, Next and 'Page X of Y' (storefront.md §2). */
export function Pagination({ page, pageCount, onChange, label = 'Pages' }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        <Icon name="chevronLeft" size={16} /> <span className="pagination__word">Previous</span>
      </button>
      {pageWindow(page, pageCount).map((n, i) =>
        n === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            onClick={() => onChange(n)}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
          >
            {n}
          </button>
        ),
      )}
      <button type="button" onClick={() => onChange(page + 1)} disabled={page >= pageCount}>
        <span className="pagination__word">Next</span> <Icon name="chevronRight" size={16} />
      </button>
      <p className="pagination__status" aria-live="polite">
        Page {page} of {pageCount}
      </p>
    </nav>
  );
}
