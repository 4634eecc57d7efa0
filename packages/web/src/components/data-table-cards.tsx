import { Box, Card, CardContent, Checkbox, Pagination, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DataTableProps } from './data-table-types';

/** The table at phone width: one card per row, the pager below. */
export function CardList<T extends { id: number | string }>(props: DataTableProps<T>) {
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
