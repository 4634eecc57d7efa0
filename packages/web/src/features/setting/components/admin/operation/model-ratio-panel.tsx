import { Box, Button, Card, CardContent, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../../components/confirm-dialog';
import { notify } from '../../../../../lib/notify';
import { useResetModelRatio } from '../../../api/option-mutations';
import { useEnabledModels } from '../../../api/option-queries';
import { OPERATION_SECTIONS } from '../../../options/operation-sections';
import type { OptionValues } from '../../../options/option-values';
import { rowsFromOptions, unsetRows } from '../../../options/pricing-rows';
import { OptionSection } from '../option-section';
import { PricingEditor } from '../price-editor/pricing-editor';

type View = 'json' | 'visual' | 'unset';

/** Model prices and ratios: the JSON maps, the visual per-model editor, and enabled models with no ratio. */
export function ModelRatioPanel({ stored }: { stored: OptionValues }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('visual');
  const enabled = useEnabledModels();
  const reset = useResetModelRatio();
  const [confirming, setConfirming] = useState(false);
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
              <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
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
      <ConfirmDialog
        open={confirming}
        title={t('options.resetRatio.title')}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          reset.mutate(undefined, { onSuccess: () => notify('success', t('options.resetRatio.done')) });
        }}
      >
        {t('options.resetRatio.text')}
      </ConfirmDialog>
    </Card>
  );
}
