import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Envelope } from '../../lib/api/client.ts';
import { toast } from '../../stores/toast.ts';
import { DEFAULT_PAGE_SIZE } from '../components/Pager.tsx';

/**
 * A list fetched from the API. A failed fetch (refused or unreachable) leaves
 * the list empty, sets `failed` (the table then says so, with Try again,
 * never its empty text) and shows the screen's failure toast (backoffice.md
 * §4, §8); `failureText` null only logs it.
 */
export function useList<T>(fetchList: () => Promise<Envelope<T[] | null | undefined>>, failureText: string | null) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const fetchRef = useRef(fetchList);
  fetchRef.current = fetchList;
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    let list: T[] = [];
    let ok = false;
    try {
      const answer = await fetchRef.current();
      ok = answer.status === 1 && Array.isArray(answer.data);
      if (ok) list = answer.data as T[];
      else fail(answer.description);
    } catch (error) {
      fail(error);
    }
    // A slower, older answer never overwrites a newer one.
    if (call !== latest.current) return;
    setItems(list);
    setFailed(!ok);
    setLoading(false);

    function fail(reason: unknown) {
      console.error(failureText ?? 'Fetch failed', reason);
      if (failureText && call === latest.current) toast.error(failureText);
    }
  }, [failureText]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { items, setItems, loading, failed, reload };
}

/** One page of a list the server pages: its rows and how many there are in all. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/**
 * A list the server pages (products, contacts, orders), DEFAULT_PAGE_SIZE rows
 * a page (backoffice.md §9). A failed fetch leaves the page empty, sets
 * `failed` and logs `failureText`; with `toastFailure` it is shown as a toast
 * too. `filters` (search text, a status) are part of the question: when they
 * change, the list goes back to page 1 and is fetched again. `at` hands the
 * page to the caller (the order desk keeps it in the address), who then also
 * starts a new filter at page 1.
 */
export function usePagedList<T>(
  fetchPage: (page: number, perPage: number) => Promise<Envelope<ListPage<T> | null | undefined>>,
  failureText: string,
  toastFailure: boolean,
  filters: unknown = null,
  at?: { page: number; onPage: (page: number) => void },
) {
  const [ownPage, setOwnPage] = useState(1);
  const page = at?.page ?? ownPage;
  const setPage = at?.onPage ?? setOwnPage;
  const setPageRef = useRef(setPage);
  setPageRef.current = setPage;
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const filterKey = JSON.stringify(filters);
  const [shownFilterKey, setShownFilterKey] = useState(filterKey);
  // New filters start again on page 1 (set during render, so page 2 of the old filter is never asked for).
  if (shownFilterKey !== filterKey) {
    setShownFilterKey(filterKey);
    if (!at && page !== 1) setPage(1);
  }
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const latest = useRef(0);

  const load = useCallback(
    async (wanted: number) => {
      const call = ++latest.current;
      setLoading(true);
      let found: ListPage<T> = { rows: [], total: 0 };
      let ok = false;
      try {
        const answer = await fetchRef.current(wanted, DEFAULT_PAGE_SIZE);
        ok = answer.status === 1 && Boolean(answer.data) && Array.isArray(answer.data?.rows);
        if (ok) found = answer.data as ListPage<T>;
        else fail(answer.description);
      } catch (error) {
        fail(error);
      }
      // A slower, older answer never overwrites a newer one.
      if (call !== latest.current) return;
      // Deleting the last row of the last page shows the page before it.
      if (found.rows.length === 0 && found.total > 0 && wanted > 1) {
        setPageRef.current(Math.ceil(found.total / DEFAULT_PAGE_SIZE));
        return;
      }
      setRows(found.rows);
      setTotal(found.total);
      setFailed(!ok);
      setLoading(false);

      function fail(reason: unknown) {
        console.error(failureText, reason);
        if (toastFailure && call === latest.current) toast.error(failureText);
      }
    },
    [failureText, toastFailure],
  );

  useEffect(() => {
    void load(page);
  }, [load, page, filterKey]);

  return {
    rows,
    setRows,
    loading,
    failed,
    page,
    setPage,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
    reload: () => load(page),
    /** What the Pager under the table needs. */
    pager: { page, pageSize: DEFAULT_PAGE_SIZE, total, onPage: setPage },
  };
}

/**
 * Search and pagination done on the page (categories, materials, coupons…):
 * a new search goes back to page 1; 10 rows per page unless changed.
 */
export function useClientTable<T>(items: T[], matches: (item: T, query: string) => boolean) {
  const [query, setQueryState] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(DEFAULT_PAGE_SIZE);
  const matchRef = useRef(matches);
  matchRef.current = matches;

  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? items.filter((item) => matchRef.current(item, q)) : items;
  }, [items, query]);

  const pageCount = Math.max(1, Math.ceil(filtered.length / pageSize));
  // A delete on the last page's last row moves back a page instead of showing nothing.
  const current = Math.min(page, pageCount);
  const offset = (current - 1) * pageSize;
  const rows = filtered.slice(offset, offset + pageSize);

  const setPageSize = (size: number) => {
    setPageSizeState(size);
    setPage(1);
  };

  return {
    query,
    setQuery(value: string) {
      setQueryState(value);
      setPage(1);
    },
    page: current,
    setPage,
    pageSize,
    setPageSize,
    rows,
    offset,
    total: filtered.length,
    /** What the Pager under the table needs, the rows-per-page choice included. */
    pager: { page: current, pageSize, total: filtered.length, onPage: setPage, onPageSize: setPageSize },
  };
}

/** Case-insensitive "contains" on text that may be missing; `query` is already lower case. */
export function includesText(value: string | number | null | undefined, query: string): boolean {
  return String(value ?? '')
    .toLowerCase()
    .includes(query);
}
