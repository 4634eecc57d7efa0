import { FormControlLabel, Switch } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { errorMessage } from '../../../../lib/errors';
import { notify } from '../../../../lib/notify';
import { useSaveOptions } from '../../api/option-mutations';
import { fieldId, type FieldSpec } from '../../options/section-spec';

interface OptionSwitchProps {
  spec: FieldSpec;
  /** The stored text, 'true' or 'false'. */
  stored: string;
}

/**
 * A boolean option that saves the moment it flips (spec §4). Switching off a `confirmOff` option asks first.
 * The switch shows the new state while saving and falls back when the server refuses.
 */
export function OptionSwitch({ spec, stored }: OptionSwitchProps) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(stored === 'true');
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setChecked(stored === 'true'), [stored]);
  const id = fieldId(spec.key);

  const save = useSaveOptions({
    onSuccess: () => notify('success', t('options.saved')),
    onError: (error, [entry]) => {
      setChecked(entry?.value !== 'true');
      notify('error', errorMessage(error));
    },
  });

  const commit = (next: boolean) => {
    setChecked(next);
    save.mutate([{ key: spec.key, value: String(next) }]);
  };

  return (
    <>
      <FormControlLabel
        control={
          <Switch
            name={spec.key}
            checked={checked}
            disabled={save.isPending}
            onChange={(e) => {
              if (!e.target.checked && spec.confirmOff) setConfirming(true);
              else commit(e.target.checked);
            }}
          />
        }
        label={t(`options.fields.${id}`)}
      />
      {spec.confirmOff && (
        <ConfirmDialog
          open={confirming}
          title={t('options.confirmOff.title')}
          danger
          confirmLabel={t('options.confirmOff.confirm')}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            commit(false);
          }}
        >
          {t(`options.confirmOff.${id}`)}
        </ConfirmDialog>
      )}
    </>
  );
}
