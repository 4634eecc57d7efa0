import type { AuditEntry } from '@switchboard/sdk';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

type Fields = Record<string, unknown>;

/** A recorded value as text: strings as they are, everything else as JSON; `undefined` as a dash. */
function valueText(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Every field either side names, in the order they were recorded. */
export function diffRows(before: Fields | null, after: Fields | null) {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return names.map((field) => {
    const was = before?.[field];
    const now = after?.[field];
    return {
      field,
      before: valueText(was),
      after: valueText(now),
      changed: valueText(was) !== valueText(now),
    };
  });
}

const cell = {
  fontFamily: 'monospace',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

/** The before/after table of one entry; a changed field's row is marked, long values scroll in place. */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const rows = diffRows(entry.before, entry.after);
  if (rows.length === 0)
    return (
      <Typography color="text.secondary" data-testid="audit-no-changes">
        {t('audit.diff.none')}
      </Typography>
    );
  return (
    <Table size="small" data-testid="audit-diff">
      <TableHead>
        <TableRow>
          <TableCell>{t('audit.diff.field')}</TableCell>
          <TableCell>{t('audit.diff.before')}</TableCell>
          <TableCell>{t('audit.diff.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.field} data-field={row.field} data-changed={row.changed}>
            <TableCell sx={{ fontWeight: row.changed ? 600 : 400 }}>{row.field}</TableCell>
            <TableCell
              sx={{
                ...cell,
                bgcolor: row.changed ? 'error.light' : undefined,
                opacity: row.changed ? 0.85 : 1,
              }}
            >
              <Box sx={{ maxHeight: 160, overflow: 'auto' }} data-testid="audit-before">
                {row.before}
              </Box>
            </TableCell>
            <TableCell
              sx={{
                ...cell,
                bgcolor: row.changed ? 'success.light' : undefined,
                opacity: row.changed ? 0.85 : 1,
              }}
            >
              <Box sx={{ maxHeight: 160, overflow: 'auto' }} data-testid="audit-after">
                {row.after}
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
