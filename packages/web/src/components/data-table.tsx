import type { TableState } from '../lib/url-state';
import { PAGE_SIZE_OPTIONS } from '@switchboard/sdk';
import { Box } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { enUS, zhCN } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';
import { useDiscoveryPass } from '../lib/server-pass';
import { useIsMobile } from '../lib/use-mobile';
import { CardList } from './data-table-cards';
import { PlainTable } from './data-table-plain';
import type { DataTableProps } from './data-table-types';

export type { Column, DataTableProps } from './data-table-types';

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
