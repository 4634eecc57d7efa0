import {
  Button,
  Checkbox,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { MODEL_PRICING_PAGE_SIZE } from '@switchboard/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionValues } from '../../../options/option-values';
import {
  applyBatch,
  cellError,
  rowPublicPrice,
  rowsToOptions,
  type PricingCell,
  type PricingRow as Row,
} from '../../../options/pricing-rows';
import { useLang } from '../../../options/use-lang';
import { SaveFeedbackAlert } from '../save-feedback';
import { useOptionSave } from '../use-option-save';
import { AddModel } from './add-model';
import { BatchEdit, type BatchValues } from './batch-edit';
import { PricingRow } from './pricing-row';

interface PricingEditorProps {
  stored: OptionValues;
  initialRows: Row[];
  /** The rows are the whole pricing table (visual editor) rather than additions to it (unset models). */
  replace: boolean;
  testId: string;
}

/**
 * The model pricing table: per-model fixed price, ratio and completion ratio, search, paging, batch fill of
 * the selected rows, adding and deleting models. Saving shows the price effect first.
 */
export function PricingEditor({ stored, initialRows, replace, testId }: PricingEditorProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [rows, setRows] = useState(initialRows);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(MODEL_PRICING_PAGE_SIZE);
  const save = useOptionSave({ stored, pricing: true });
  const fail = (message: string) => save.setFeedback({ severity: 'error', message });

  const shown = rows.filter((row) => row.name.toLowerCase().includes(query.trim().toLowerCase()));
  const pageRows = shown.slice(page * pageSize, (page + 1) * pageSize);
  const update = (name: string, cell: PricingCell, value: string) =>
    setRows((all) => all.map((row) => (row.name === name ? { ...row, [cell]: value } : row)));
  const select = (names: readonly string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const name of names)
        if (on) next.add(name);
        else next.delete(name);
      return next;
    });
  const add = (name: string) => {
    const next = [{ name: name.trim(), price: '', ratio: '', completionRatio: '' }, ...rows];
    const check = rowsToOptions(next, stored, lang, replace);
    if (!check.ok) {
      fail(check.message);
      return false;
    }
    save.setFeedback(null);
    setRows(next);
    setQuery('');
    setPage(0);
    return true;
  };
  const batch = (values: BatchValues) => {
    const result = applyBatch(rows, { ...values, models: [...selected] }, lang);
    if (!result.ok) return fail(result.message);
    save.setFeedback(null);
    setRows(result.rows);
  };
  const submit = () => {
    const result = rowsToOptions(rows, stored, lang, replace);
    if (!result.ok) return fail(result.message);
    save.submit(result.values);
  };
  const allOnPage = pageRows.length > 0 && pageRows.every((row) => selected.has(row.name));

  return (
    <Stack spacing={2} data-testid={testId}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <TextField
          size="small"
          label={t('options.pricing.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(0);
          }}
        />
        {replace && <AddModel onAdd={add} />}
      </Stack>
      <BatchEdit selected={selected.size} onApply={batch} />
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allOnPage}
                  onChange={(e) =>
                    select(
                      pageRows.map((row) => row.name),
                      e.target.checked,
                    )
                  }
                  slotProps={{ input: { 'aria-label': t('options.pricing.selectPage') } }}
                />
              </TableCell>
              <TableCell>{t('options.pricing.name')}</TableCell>
              <TableCell>{t('options.pricing.price')}</TableCell>
              <TableCell>{t('options.pricing.ratio')}</TableCell>
              <TableCell>{t('options.pricing.completionRatio')}</TableCell>
              <TableCell>{t('options.pricing.publicPrice')}</TableCell>
              <TableCell padding="checkbox" />
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((row) => (
              <PricingRow
                key={row.name}
                row={row}
                selected={selected.has(row.name)}
                error={cellError(row, lang)}
                preview={rowPublicPrice(row, stored, replace)}
                onSelect={(on) => select([row.name], on)}
                onChange={(cell, value) => update(row.name, cell, value)}
                onDelete={
                  replace ? () => setRows((all) => all.filter((r) => r.name !== row.name)) : undefined
                }
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {shown.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t(replace ? 'options.pricing.empty' : 'options.pricing.noUnset')}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={shown.length}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[10, 20, 50, 100]}
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('options.pricing.perPage')}
      />
      <SaveFeedbackAlert feedback={save.feedback} />
      <Button variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={save.saving} onClick={submit}>
        {t('options.pricing.save')}
      </Button>
      {save.dialog}
    </Stack>
  );
}
