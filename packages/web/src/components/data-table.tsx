import type { TableState } from '../lib/url-state';
import { PAGE_SIZE_OPTIONS } from '@switchboard/sdk';
import {
  Box,
  Card,
  CardContent,
  Checkbox,
  Pagination,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { enUS, zhCN } from '@mui/x-data-grid/locales';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscoveryPass } from '../lib/server-pass';
import { useIsMobile } from '../lib/use-mobile';

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

/**
 * Every console table: paged on the server (the page and size come from the URL state), a DataGrid on
 * wide screens and a list of cards at phone width (spec §9: ≤ 600 px).
 */
export function DataTable<T extends { id: number | string }>(props: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const mobile = useIsMobile();
  const { rows, columns, page, pageSize, total, hasNext, actions } = props;
  const rowCount = total ?? (hasNext ? -1 : (page - 1) * pageSize + rows.length);
  const canSelect = (row: T) => Boolean(props.selectable) && (props.isRowSelectable?.(row) ?? true);

  const discovery = useDiscoveryPass();
  if (import.meta.env.SSR) {
    if (discovery) return null;
    // Drawn on the server, shown until the console starts: the Data Grid draws no rows without a browser to
    // measure, so a plain table of the same columns stands in (cards at phone width, chosen by CSS).
    return (
      <Box data-testid={props.testId ?? 'table'} sx={{ width: '100%' }}>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <PlainTable {...props} />
        </Box>
        <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
          <CardList {...props} />
        </Box>
      </Box>
    );
  }
  if (mobile) return <CardList {...props} />;

  const gridColumns: GridColDef<T>[] = columns.map((c) => ({
    field: c.field,
    headerName: c.header,
    sortable: false,
    ...(c.width ? { width: c.width } : { flex: c.flex ?? 1, minWidth: 100 }),
    renderCell: ({ row }) => c.render(row),
  }));
  if (actions)
    gridColumns.push({
      field: '__actions',
      headerName: '',
      sortable: false,
      minWidth: 220,
      flex: 1.5,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }}>{actions(row)}</Box>
      ),
    });
  const selection: GridRowSelectionModel = { type: 'include', ids: new Set(props.selected ?? []) };
  return (
    <Box data-testid={props.testId ?? 'table'} sx={{ width: '100%' }}>
      <DataGrid
        rows={rows}
        columns={gridColumns}
        loading={props.loading ?? false}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        rowCount={rowCount}
        {...(rowCount === -1 ? { paginationMeta: { hasNextPage: Boolean(hasNext) } } : {})}
        paginationModel={{ page: page - 1, pageSize }}
        pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
        onPaginationModelChange={(model) => {
          if (model.pageSize !== pageSize) props.onPageSize(model.pageSize);
          else props.onPage(model.page + 1);
        }}
        checkboxSelection={props.selectable ?? false}
        {...(props.isRowSelectable ? { isRowSelectable: ({ row }: { row: T }) => canSelect(row) } : {})}
        rowSelectionModel={selection}
        onRowSelectionModelChange={(model) => props.onSelect?.([...model.ids])}
        disableColumnMenu
        disableRowSelectionOnClick
        autoHeight
        getRowHeight={() => 'auto'}
        sx={{ '& .MuiDataGrid-cell': { py: 1, display: 'flex', alignItems: 'center' } }}
        localeText={{
          ...(i18n.language === 'en' ? enUS : zhCN).components.MuiDataGrid.defaultProps.localeText,
          noRowsLabel: t('common.table.empty'),
        }}
      />
    </Box>
  );
}

/** The table at phone width: one card per row, the pager below. */
function CardList<T extends { id: number | string }>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { rows, columns, page, pageSize, total, hasNext, actions } = props;
  const canSelect = (row: T) => Boolean(props.selectable) && (props.isRowSelectable?.(row) ?? true);
  const toggle = (id: number | string, on: boolean) => {
    const current = props.selected ?? [];
    props.onSelect?.(on ? [...current, id] : current.filter((x) => x !== id));
  };
  const pages = total !== undefined ? Math.max(1, Math.ceil(total / pageSize)) : page + (hasNext ? 1 : 0);
  return (
    <Stack spacing={1} data-testid={props.testId ? `${props.testId}-cards` : 'table-cards'}>
      {rows.length === 0 && !props.loading && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {t('common.table.empty')}
        </Typography>
      )}
      {rows.map((row) => (
        <Card key={row.id} variant="outlined" data-testid="table-card">
          <CardContent sx={{ '&:last-child': { pb: 1.5 } }}>
            {canSelect(row) && (
              <Checkbox
                size="small"
                sx={{ float: 'right', mt: -1, mr: -1 }}
                checked={(props.selected ?? []).includes(row.id)}
                onChange={(e) => toggle(row.id, e.target.checked)}
                slotProps={{ input: { 'aria-label': String(row.id) } }}
              />
            )}
            {columns
              .filter((c) => !c.hideOnCard)
              .map((c) => (
                <Box
                  key={c.field}
                  sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}
                >
                  <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                    {c.header}
                  </Typography>
                  <Box sx={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere', fontSize: 14 }}>
                    {c.render(row)}
                  </Box>
                </Box>
              ))}
            {actions && <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions(row)}</Box>}
          </CardContent>
        </Card>
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
        <Pagination count={pages} page={page} onChange={(_e, p) => props.onPage(p)} size="small" />
      </Box>
    </Stack>
  );
}

/** The server's stand-in for the Data Grid: the same columns and rows, not interactive. */
function PlainTable<T extends { id: number | string }>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { rows, columns, actions, page, pageSize } = props;
  const rowCount = props.total ?? (props.hasNext ? -1 : (page - 1) * pageSize + rows.length);
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {props.selectable && <TableCell padding="checkbox" />}
            {columns.map((c) => (
              <TableCell key={c.field} sx={{ fontWeight: 500, ...(c.width ? { width: c.width } : {}) }}>
                {c.header}
              </TableCell>
            ))}
            {actions && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell
                colSpan={columns.length + 2}
                sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}
              >
                {t('common.table.empty')}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={row.id} data-row-id={row.id}>
              {props.selectable && (
                <TableCell padding="checkbox">
                  <Checkbox size="small" disabled />
                </TableCell>
              )}
              {columns.map((c) => (
                <TableCell key={c.field}>{c.render(row)}</TableCell>
              ))}
              {actions && (
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>{actions(row)}</Box>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={rowCount}
        page={page - 1}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
        onPageChange={() => undefined}
        disabled
      />
    </Paper>
  );
}

/**
 * The pager of a table whose page and size live in the URL (useTableState) and whose rows come from one paged
 * query: spread into DataTable.
 */
export function pagerProps(
  table: Pick<TableState<string>, 'page' | 'pageSize' | 'setPage' | 'setPageSize'>,
  query: { isFetching: boolean; data?: { total?: number | undefined; hasNext?: boolean } | undefined },
) {
  return {
    loading: query.isFetching,
    page: table.page,
    pageSize: table.pageSize,
    total: query.data?.total,
    hasNext: query.data?.hasNext ?? false,
    onPage: table.setPage,
    onPageSize: table.setPageSize,
  };
}
