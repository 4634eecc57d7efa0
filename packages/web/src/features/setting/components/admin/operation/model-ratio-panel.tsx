import { Box, Button, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import { OPTION_DEFAULTS } from '@switchboard/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../../lib/notify';
import { useResetModelRatio } from '../../../api/option-mutations';
import { useEnabledModels, usePricingList } from '../../../api/option-queries';
import { OPERATION_SECTIONS } from '../../../options/operation-sections';
import type { OptionValues } from '../../../options/option-values';
import { priceEffect } from '../../../options/price-effect';
import { rowsFromOptions, unsetRows } from '../../../options/pricing-rows';
import { PriceEffectDialog } from '../price-editor/price-effect-dialog';
import { OptionSection } from '../option-section';
import { PricingEditor } from '../price-editor/pricing-editor';

type View = 'json' | 'visual' | 'unset';

/** Model prices and ratios: the JSON maps, the visual per-model editor, and enabled models with no ratio. */
export function ModelRatioPanel({ stored }: { stored: OptionValues }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('visual');
  const enabled = useEnabledModels();
  const [resetting, setResetting] = useState(false);
  const reset = useResetModelRatio({
    onSuccess: () => {
      setResetting(false);
      notify('success', t('options.resetRatio.done'));
    },
  });
  const listed = usePricingList();
  // Resetting is a pricing change like any other: its effect on /pricing is shown before it is done. The
  // server resets to the SDK's defaults, so the effect is exact.
  const resetEffect =
    resetting && listed.data
      ? priceEffect(stored, { ...stored, ModelRatio: OPTION_DEFAULTS.ModelRatio }, listed.data.data)
      : undefined;
  // Editors start again from the stored maps once a save has changed them (unset models drop out). The
  // keys differ per view too: React matches keyed siblings by key, and would hand one view's rows to another.
  const version = `${stored['ModelPrice']}|${stored['ModelRatio']}|${stored['CompletionRatio']}`;

  return (
    <Card component="section" data-testid="section-model-ratios">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('options.sections.modelRatios')}
        </Typography>
        <Tabs value={view} onChange={(_e, v: View) => setView(v)} variant="scrollable" sx={{ mb: 2 }}>
          <Tab value="json" label={t('options.ratioTabs.json')} />
          <Tab value="visual" label={t('options.ratioTabs.visual')} />
          <Tab value="unset" label={t('options.ratioTabs.unset')} />
        </Tabs>
        {view === 'json' && (
          <Stack spacing={2}>
            <OptionSection key={`json${version}`} spec={OPERATION_SECTIONS.ratios} stored={stored} />
            <Box>
              <Button color="error" variant="outlined" onClick={() => setResetting(true)}>
                {t('options.resetRatio.button')}
              </Button>
            </Box>
          </Stack>
        )}
        {view === 'visual' && (
          <PricingEditor
            key={`visual${version}`}
            stored={stored}
            initialRows={rowsFromOptions(stored)}
            replace
            testId="pricing-editor"
          />
        )}
        {view === 'unset' &&
          (enabled.data ? (
            <PricingEditor
              key={`unset${version}`}
              stored={stored}
              initialRows={unsetRows(stored, enabled.data)}
              replace={false}
              testId="unset-editor"
            />
          ) : (
            <Typography variant="body2">{t('options.loading')}</Typography>
          ))}
      </CardContent>
      <PriceEffectDialog
        open={resetting}
        effect={resetEffect}
        listFailed={listed.isError}
        saving={reset.isPending}
        title={t('options.resetRatio.title')}
        onClose={() => setResetting(false)}
        onConfirm={() => reset.mutate()}
      />
    </Card>
  );
}
