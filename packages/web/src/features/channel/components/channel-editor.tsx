import { CHANNEL_TYPES } from '@switchboard/sdk';
import { Alert, Button, Divider, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { useChannel } from '../api/queries';
import { emptyForm, formFromChannel, keyLines } from '../lib/channel-form';
import { mappingEntries } from '../lib/json-field';
import { typeForm } from '../lib/type-forms';
import { AdvancedSettings } from './advanced-settings';
import { ChangeReviewDialog } from './change-review-dialog';
import { ChannelKeyField } from './channel-key-field';
import { ChannelGroupsField, ChannelRoutingFields } from './channel-routing-fields';
import { JsonEditor, MappingPreview } from './json-editor';
import { ModelPicker } from './model-picker';
import { TypeExtraFields, TypeNoticeAndAddress } from './type-fields';
import { useChannelEditor, type EditorTarget } from './use-channel-editor';

const TYPE_OPTIONS = Object.entries(CHANNEL_TYPES).map(([value, label]) => ({ value: Number(value), label }));
const MAPPING_TEMPLATE = JSON.stringify({ 'gpt-3.5-turbo': 'gpt-3.5-turbo-0125' }, null, 2);
const STATUS_MAPPING_TEMPLATE = JSON.stringify({ '400': '500' }, null, 2);

/** `/channel/add`, `/channel/add?copy={id}` and `/channel/edit/{id}`. */
export function ChannelEditor() {
  const params = useParams();
  const [search] = useSearchParams();
  const editId = params.id ? Number(params.id) : undefined;
  const copyId = search.get('copy') ? Number(search.get('copy')) : undefined;
  const source = useChannel(editId ?? copyId);
  const { t } = useTranslation();
  if ((editId ?? copyId) !== undefined && !source.data) {
    if (source.isError) return <Alert severity="error">{t('channel.errors.notFound')}</Alert>;
    return <Loading />;
  }
  const initial = source.data ? formFromChannel(source.data) : emptyForm();
  if (copyId !== undefined && editId === undefined) initial.name += t('channel.edit.copySuffix');
  return <EditorForm key={`${editId}-${copyId}`} editId={editId} copyId={copyId} initial={initial} />;
}

function EditorForm(target: EditorTarget) {
  const { editId, copyId } = target;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editor = useChannelEditor(target);
  const { form, set, errorOf, creating } = editor;
  const fields = { form, set, errorOf };
  const spec = typeForm(form.type);
  const mapping = useMemo(() => mappingEntries(form.model_mapping), [form.model_mapping]);
  const upstream =
    editId === undefined ? { base_url: form.base_url, type: form.type, key: form.key } : { id: editId };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        spacing={2.5}
        component="form"
        noValidate
        onSubmit={(e) => (e.preventDefault(), editor.submit())}
      >
        <Stack direction="row" sx={{ alignItems: 'center' }} spacing={1}>
          <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
            {creating
              ? copyId
                ? t('channel.edit.copyTitle')
                : t('channel.edit.createTitle')
              : t('channel.edit.editTitle', { id: editId })}
          </Typography>
          <Button onClick={() => navigate(paths.channel)}>{t('common.actions.cancel')}</Button>
        </Stack>

        <TextField
          select
          label={t('channel.fields.type')}
          name="type"
          value={form.type}
          onChange={(e) => editor.changeType(Number(e.target.value))}
        >
          {TYPE_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label} ({o.value})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('channel.fields.name')}
          name="name"
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          placeholder={t('channel.edit.nameHint')}
          error={Boolean(errorOf('name'))}
          helperText={errorOf('name') ?? ' '}
        />

        <TypeNoticeAndAddress {...fields} spec={spec} />
        <ChannelKeyField
          {...fields}
          spec={spec}
          creating={creating}
          keyNotCopied={copyId !== undefined && !editor.isRoot && !form.key}
        />
        <TypeExtraFields {...fields} spec={spec} />
        <ChannelGroupsField {...fields} />

        <ModelPicker
          type={form.type}
          models={form.models}
          onChange={(models) => set('models', models)}
          upstream={upstream}
          error={errorOf('models')}
        />

        <JsonEditor
          label={t('channel.fields.model_mapping')}
          name="model_mapping"
          kind="modelMapping"
          value={form.model_mapping}
          onChange={(v) => set('model_mapping', v)}
          placeholder={MAPPING_TEMPLATE}
          helper={t('channel.edit.mappingHint')}
          template={MAPPING_TEMPLATE}
          preview={<MappingPreview entries={mapping} models={form.models} />}
        />

        <Divider />
        <ChannelRoutingFields {...fields} />
        <JsonEditor
          label={t('channel.fields.status_code_mapping')}
          name="status_code_mapping"
          kind="statusCodeMapping"
          value={form.status_code_mapping}
          onChange={(v) => set('status_code_mapping', v)}
          placeholder={STATUS_MAPPING_TEMPLATE}
          helper={t('channel.edit.statusMappingHint')}
          template={STATUS_MAPPING_TEMPLATE}
        />
        <AdvancedSettings value={form.setting} onChange={(v) => set('setting', v)} />

        <FormError message={editor.error} testId="form-error" />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(paths.channel)}>{t('common.actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={editor.saving} data-testid="save-channel">
            {creating && form.batch
              ? t('channel.edit.submitBatch', { count: keyLines(form.key) })
              : t('channel.edit.submit')}
          </Button>
        </Stack>
      </Stack>
      {editor.review && (
        <ChangeReviewDialog
          changes={editor.review}
          busy={editor.updating}
          onClose={editor.closeReview}
          onConfirm={() => void editor.save()}
        />
      )}
    </Paper>
  );
}
