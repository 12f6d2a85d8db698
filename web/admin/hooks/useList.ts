import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Envelope } from '../../lib/api/client.ts';
import { toast } from '../../stores/toast.ts';
import { DEFAULT_PAGE_SIZE } from '../components/Pager.tsx';

/**
 * A list fetched from the API. A failed fetch (refused or unreachable) leaves
 * the list empty and shows the screen's failure toast (backoffice.md §4, §8);
 * `failureText` null only logs it.
 */
export function useList<T>(fetchList: () => Promise<Envelope<T[] | null | undefined>>, failureText: string | null) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const fetchRef = useRef(fetchList);
  fetchRef.current = fetchList;
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    let list: T[] = [];
    try {
      const answer = await fetchRef.current();
      if (answer.status === 1 && Array.isArray(answer.data)) list = answer.data;
      else fail(answer.description);
    } catch (error) {
      fail(error);
    }
    // A slower, older answer never overwrites a newer one.
    if (call !== latest.current) return;
    setItems(list);
    setLoading(false);

    function fail(reason: unknown) {
      console.error(failureText ?? 'Fetch failed', reason);
      if (failureText && call === latest.current) toast.error(failureText);
    }
  }, [failureText]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { items, setItems, loading, reload };
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

  return {
    query,
    setQuery(value: string) {
      setQueryState(value);
      setPage(1);
    },
    page: current,
    setPage,
    pageSize,
    setPageSize(size: number) {
      setPageSizeState(size);
      setPage(1);
    },
    rows,
    offset,
    total: filtered.length,
  };
}

/** Case-insensitive "contains" on text that may be missing; `query` is already lower case. */
export function includesText(value: string | number | null | undefined, query: string): boolean {
  return String(value ?? '')
    .toLowerCase()
    .includes(query);
}
