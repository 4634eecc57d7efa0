import type { ReactNode } from 'react';

export interface Column<T> {
  field: string;
  header: string;
  render: (row: T) => ReactNode;
  width?: number;
  flex?: number;
  /** Left out of the phone cards (actions are shown there anyway). */
  hideOnCard?: boolean;
}

export interface DataTableProps<T extends { id: number | string }> {
  rows: T[];
  columns: Column<T>[];
  loading?: boolean;
  page: number;
  pageSize: number;
  /** Total rows when the server says; otherwise `hasNext` drives the pager. */
  total?: number | undefined;
  hasNext?: boolean;
  onPage(page: number): void;
  onPageSize(size: number): void;
  selectable?: boolean;
  selected?: Array<number | string>;
  onSelect?(ids: Array<number | string>): void;
  /** Rows that may not be selected (e.g. a tag's summary row); all may by default. */
  isRowSelectable?(row: T): boolean;
  /** Row actions, rendered last on desktop and at the bottom of each card on phones. */
  actions?: (row: T) => ReactNode;
  testId?: string;
}
