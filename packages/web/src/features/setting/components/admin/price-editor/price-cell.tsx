import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { exactUsd } from '../../../options/price-format';
import type { PublicPrice } from '../../../options/price-effect';

/** A public price as /pricing lists it: per call, or prompt and completion per million tokens. */
export function PriceCell({ price }: { price: PublicPrice }) {
  const { t } = useTranslation();
  if (price.perCall)
    return (
      <Typography variant="body2">
        {t('options.effect.perCall', { price: exactUsd(price.call, 2) })}
      </Typography>
    );
  return (
    <Stack>
      <Typography variant="body2">{t('options.effect.prompt', { price: exactUsd(price.prompt) })}</Typography>
      <Typography variant="body2">
        {t('options.effect.completion', { price: exactUsd(price.completion) })}
      </Typography>
      {!price.ratioSet && (
        <Typography variant="caption" color="warning.main">
          {t('options.effect.noRatio')}
        </Typography>
      )}
    </Stack>
  );
}
