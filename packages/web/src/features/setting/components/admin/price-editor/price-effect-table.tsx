import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { headline, percentChange } from '../../../options/price-format';
import type { PriceChange } from '../../../options/price-effect';
import { PriceCell } from './price-cell';

/** Old → new public price of each (model, group) a pricing change moves. */
export function PriceEffectTable({ changes }: { changes: readonly PriceChange[] }) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" data-testid="price-effect">
        <TableHead>
          <TableRow>
            <TableCell>{t('options.effect.model')}</TableCell>
            <TableCell>{t('options.effect.group')}</TableCell>
            <TableCell>{t('options.effect.before')}</TableCell>
            <TableCell>{t('options.effect.after')}</TableCell>
            <TableCell>{t('options.effect.change')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change) => {
            const before = headline(change.before);
            const after = headline(change.after);
            const pct = change.before.perCall === change.after.perCall ? percentChange(before, after) : '';
            const ratio = change.groupRatio;
            return (
              <TableRow key={`${change.model}\u0000${change.group}`} data-model={change.model}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{change.model}</TableCell>
                <TableCell>
                  {ratio.before === ratio.after
                    ? `${change.group} (${ratio.after}x)`
                    : `${change.group} (${ratio.before}x → ${ratio.after}x)`}
                </TableCell>
                <TableCell>
                  <PriceCell price={change.before} />
                </TableCell>
                <TableCell>
                  <PriceCell price={change.after} />
                </TableCell>
                <TableCell>
                  {change.before.perCall !== change.after.perCall ? (
                    <Chip size="small" color="info" label={t('options.effect.billingChanged')} />
                  ) : pct ? (
                    <Chip size="small" color={after > before ? 'error' : 'success'} label={pct} />
                  ) : (
                    '-'
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
