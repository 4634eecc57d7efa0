import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from '@switchboard/sdk';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readItem, STORAGE_KEYS, writeItem } from './storage';

export interface TableState<F extends string> {
  page: number;
  pageSize: number;
  filters: Record<F, string>;
  setPage(page: number): void;
  setPageSize(size: number): void;
  /** Replaces the filters and goes back to page 1. */
  setFilters(filters: Partial<Record<F, string>>): void;
}

function rememberedPageSize(table: string): number {
  const stored = Number(readItem(`${STORAGE_KEYS.pageSize}-${table}`) ?? readItem(STORAGE_KEYS.pageSize));
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(stored) ? stored : PAGE_SIZE_DEFAULT;
}

/**
 * Paging and filters of one table, kept in the URL so a filtered page can be shared and survives a reload.
 * The page size is also remembered locally (spec §9).
 */
export function useTableState<F extends string>(table: string, filterNames: readonly F[]): TableState<F> {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Number(params.get('size')) || rememberedPageSize(table);
  const key = params.toString();
  const filters = useMemo(() => {
    const read = new URLSearchParams(key);
    return Object.fromEntries(filterNames.map((name) => [name, read.get(name) ?? ''])) as Record<F, string>;
  }, [key, filterNames]);

  const update = useCallback(
    (change: Record<string, string | number | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(change)) {
            if (value === undefined || value === '' || (name === 'page' && value === 1)) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );

  return {
    page,
    pageSize,
    filters,
    setPage: (p) => update({ page: p }),
    setPageSize: (size) => {
      writeItem(`${STORAGE_KEYS.pageSize}-${table}`, String(size));
      update({ size, page: 1 });
    },
    setFilters: (f) => update({ ...f, page: 1 }),
  };
}
