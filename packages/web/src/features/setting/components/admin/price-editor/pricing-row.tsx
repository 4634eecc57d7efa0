import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Checkbox, IconButton, TableCell, TableRow, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PublicPrice } from '../../../options/price-effect';
import type { PricingCell, PricingRow as Row } from '../../../options/pricing-rows';
import { PriceCell } from './price-cell';

const CELLS: readonly PricingCell[] = ['price', 'ratio', 'completionRatio'];

interface PricingRowProps {
  row: Row;
  selected: boolean;
  /** The cell's 'numbers only' message, if any. */
  error: string | undefined;
  /** The default-group price these cells give, shown live. */
  preview: PublicPrice | undefined;
  onSelect(selected: boolean): void;
  onChange(cell: PricingCell, value: string): void;
  onDelete?: (() => void) | undefined;
}

/** One model's fixed price, ratio and completion ratio; a fixed price makes the ratios unused. */
export function PricingRow({ row, selected, error, preview, onSelect, onChange, onDelete }: PricingRowProps) {
  const { t } = useTranslation();
  return (
    <TableRow data-model={row.name} selected={selected}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          slotProps={{ input: { 'aria-label': t('options.pricing.select', { model: row.name }) } }}
        />
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>{row.name}</TableCell>
      {CELLS.map((cell) => (
        <TableCell key={cell}>
          <TextField
            size="small"
            value={row[cell]}
            onChange={(e) => onChange(cell, e.target.value)}
            disabled={cell !== 'price' && row.price.trim() !== ''}
            placeholder={cell === 'price' ? t('options.pricing.perToken') : ''}
            error={Boolean(error)}
            slotProps={{
              htmlInput: {
                inputMode: 'decimal',
                'aria-label': `${row.name} ${t(`options.pricing.${cell}`)}`,
              },
            }}
            sx={{ minWidth: 90 }}
          />
        </TableCell>
      ))}
      <TableCell data-testid="row-price" sx={{ minWidth: 200 }}>
        {preview ? <PriceCell price={preview} /> : '-'}
      </TableCell>
      <TableCell padding="checkbox">
        {onDelete && (
          <IconButton aria-label={t('options.pricing.delete', { model: row.name })} onClick={onDelete}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
}
