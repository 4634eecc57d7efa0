import { PAGE_SIZE_OPTIONS } from '@switchboard/sdk';
import {
  Box,
  Checkbox,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DataTableProps } from './data-table-types';

/** The server's stand-in for the Data Grid: the same columns and rows, not interactive. */
export function PlainTable<T extends { id: number | string }>(props: DataTableProps<T>) {
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
