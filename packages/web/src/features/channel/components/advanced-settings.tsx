import { isJsonObject, parseJson } from '@switchboard/sdk';
import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { JsonEditor } from './json-editor';

const TEMPLATE = JSON.stringify({ force_format: true, thinking_to_content: false, proxy: '' }, null, 2);

/**
 * The channel's `setting` JSON with switches for its known keys. The switches rewrite the JSON (keeping
 * keys they do not know); while the text is not valid JSON they are disabled rather than guessing.
 */
export function AdvancedSettings({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const parsed = value.trim() === '' ? {} : parseJson(value);
  const object = isJsonObject(parsed) ? parsed : null;
  const put = (key: string, next: unknown) => {
    if (!object) return;
    const copy: Record<string, unknown> = { ...object, [key]: next };
    if (next === '' || next === false) delete copy[key];
    onChange(Object.keys(copy).length ? JSON.stringify(copy, null, 2) : '');
  };
  return (
    <Stack spacing={1}>
      <JsonEditor
        label={t('channel.fields.setting')}
        name="setting"
        kind="setting"
        value={value}
        onChange={onChange}
        placeholder={TEMPLATE}
        helper={t('channel.edit.settingHint')}
        template={TEMPLATE}
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <FormControlLabel
          disabled={!object}
          control={
            <Switch
              checked={object?.force_format === true}
              onChange={(e) => put('force_format', e.target.checked)}
            />
          }
          label={t('channel.edit.forceFormat')}
        />
        <FormControlLabel
          disabled={!object}
          control={
            <Switch
              checked={object?.thinking_to_content === true}
              onChange={(e) => put('thinking_to_content', e.target.checked)}
            />
          }
          label={t('channel.edit.thinkingToContent')}
        />
        <TextField
          size="small"
          disabled={!object}
          label={t('channel.edit.proxy')}
          value={typeof object?.proxy === 'string' ? object.proxy : ''}
          onChange={(e) => put('proxy', e.target.value)}
          placeholder="socks5://127.0.0.1:1080"
          sx={{ minWidth: 260 }}
        />
      </Stack>
    </Stack>
  );
}
