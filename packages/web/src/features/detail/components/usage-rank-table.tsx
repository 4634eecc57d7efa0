import {
  Box,
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading';
import { formatQuota } from '../../../lib/format';

export interface RankRow {
  key: number;
  label: ReactNode;
  quota: number;
  count: number;
  tokens: number;
}

const PREVIEW = 10;

/** A ranking of the window's consumption (by user or by channel): share of the total as a bar, top 10 first. */
export function UsageRankTable({
  title,
  nameHeader,
  rows,
  loading,
  testId,
}: {
  title: string;
  nameHeader: string;
  rows: RankRow[];
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const total = rows.reduce((n, r) => n + r.quota, 0) || 1;
  const shown = all ? rows : rows.slice(0, PREVIEW);
  return (
    <Paper sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle1">{title}</Typography>
      {loading ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('detail.empty')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{nameHeader}</TableCell>
                <TableCell align="right">{t('detail.totalQuota')}</TableCell>
                <TableCell align="right">{t('detail.totalCount')}</TableCell>
                <TableCell align="right">{t('detail.totalTokens')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((r) => (
                <TableRow key={r.key} data-testid="rank-row">
                  <TableCell sx={{ position: 'relative' }}>
                    <Box
                      aria-hidden
                      sx={{
                        position: 'absolute',
                        inset: 0,
                        width: `${(r.quota / total) * 100}%`,
                        bgcolor: 'primary.main',
                        opacity: 0.12,
                      }}
                    />
                    <Box sx={{ position: 'relative' }}>{r.label}</Box>
                  </TableCell>
                  <TableCell align="right">{formatQuota(r.quota)}</TableCell>
                  <TableCell align="right">{r.count}</TableCell>
                  <TableCell align="right">{r.tokens}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {rows.length > PREVIEW && (
            <Button size="small" onClick={() => setAll((v) => !v)} sx={{ mt: 1 }}>
              {all ? t('detail.admin.showTop') : t('detail.admin.showAll', { count: rows.length })}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
