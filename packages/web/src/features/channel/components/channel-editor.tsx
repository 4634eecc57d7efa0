import { CHANNEL_TYPES, ChannelType } from '@switchboard/sdk';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Divider,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { FormError } from '../../../components/form-error';
import { Loading } from '../../../components/loading';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { getUser } from '../../../lib/session';
import { useCreateChannel, useRevealKey, useUpdateChannel } from '../api/mutations';
import { useChannel, useGroups } from '../api/queries';
import {
  emptyForm,
  formChanges,
  formFromChannel,
  keyLines,
  toCreateParams,
  toUpdateParams,
  validateForm,
  type ChannelForm,
  type FieldChange,
} from '../lib/channel-form';
import { mappingEntries } from '../lib/json-field';
import { PRESET_MODELS, typeForm } from '../lib/type-forms';
import { AdvancedSettings } from './advanced-settings';
import { ChangeReviewDialog } from './change-review-dialog';
import { JsonEditor, MappingPreview } from './json-editor';
import { ModelPicker } from './model-picker';
import { TypeExtraFields, TypeNoticeAndAddress } from './type-fields';

const TYPE_OPTIONS = Object.entries(CHANNEL_TYPES).map(([value, label]) => ({ value: Number(value), label }));
const MAPPING_TEMPLATE = JSON.stringify({ 'gpt-3.5-turbo': 'gpt-3.5-turbo-0125' }, null, 2);
const STATUS_MAPPING_TEMPLATE = JSON.stringify({ '400': '500' }, null, 2);
const ROOT_ROLE = 100;

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

interface FormProps {
  editId: number | undefined;
  copyId: number | undefined;
  initial: ChannelForm;
}

function EditorForm({ editId, copyId, initial }: FormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const creating = editId === undefined;
  const [form, setForm] = useState<ChannelForm>(initial);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [review, setReview] = useState<FieldChange[] | null>(null);
  const groups = useGroups();
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const reveal = useRevealKey();
  const spec = typeForm(form.type);
  const isRoot = (getUser()?.role ?? 0) >= ROOT_ROLE;

  // A copy carries every field but the key, which list and get answers never include; root may reveal it.
  useEffect(() => {
    if (copyId === undefined || !isRoot) return;
    reveal.mutate(copyId, { onSuccess: (key) => setForm((f) => (f.key ? f : { ...f, key })) });
  }, [copyId, isRoot]);

  const set = <K extends keyof ChannelForm>(key: K, value: ChannelForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // The message was about the last submit; any edit may have answered it.
    setError(null);
  };
  const errorOf = (field: string) => (error?.field === field ? error.message : undefined);

  const changeType = (type: number) => {
    setForm((f) => {
      const preset = PRESET_MODELS[type];
      // As new-api does: a new type pre-fills its models only while none are chosen.
      return { ...f, type, ...(f.models.length === 0 && preset ? { models: preset } : {}) };
    });
  };

  const save = async () => {
    try {
      if (creating) {
        await create.mutateAsync(toCreateParams(form));
        notify(
          'success',
          form.batch
            ? t('channel.edit.createdMany', { count: keyLines(form.key) })
            : t('channel.edit.created'),
        );
      } else {
        await update.mutateAsync({ id: editId, params: toUpdateParams(form) });
        notify('success', t('channel.edit.updated'));
      }
      navigate(paths.channel);
    } catch (e) {
      setReview(null);
      setError({ field: '', message: errorMessage(e) });
    }
  };

  const submit = () => {
    const problem = validateForm(form, creating);
    if (problem) return setError(problem);
    setError(null);
    if (creating) return void save();
    const changes = formChanges(initial, form);
    if (changes.length === 0) return notify('info', t('channel.errors.noModification'));
    setReview(changes);
  };

  const knownGroups = groups.data ?? [];
  const unknownGroups = form.groups.filter((g) => knownGroups.length > 0 && !knownGroups.includes(g));
  const mapping = useMemo(() => mappingEntries(form.model_mapping), [form.model_mapping]);
  const upstream = creating ? { base_url: form.base_url, type: form.type, key: form.key } : { id: editId };
  // Always a text area: a single-line input would silently join pasted lines into one wrong key.
  const keyRows = form.batch || spec.keyIsJson ? 4 : 1;
  const lines = keyLines(form.key);

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2.5} component="form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
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
          onChange={(e) => changeType(Number(e.target.value))}
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

        <TypeNoticeAndAddress form={form} spec={spec} set={set} errorOf={errorOf} />

        <Box>
          <TextField
            label={spec.keyIsJson ? t('channel.edit.credentialJson') : t('channel.fields.key')}
            name="key"
            value={form.key}
            onChange={(e) => set('key', e.target.value)}
            placeholder={form.batch ? t('channel.edit.batchKeyHint') : t(spec.keyHint)}
            multiline
            minRows={keyRows}
            fullWidth
            autoComplete="new-password"
            error={Boolean(errorOf('key'))}
            helperText={
              errorOf('key') ??
              (form.batch
                ? t('channel.edit.batchCount', { count: lines })
                : creating
                  ? t(spec.keyHint)
                  : t('channel.edit.keyKeep'))
            }
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          {copyId !== undefined && !isRoot && !form.key && (
            <Alert severity="info" role="note" sx={{ mt: 1 }}>
              {t('channel.edit.copyKeyNote')}
            </Alert>
          )}
          {creating && form.type !== ChannelType.VertexAI && (
            <FormControlLabel
              control={<Checkbox checked={form.batch} onChange={(e) => set('batch', e.target.checked)} />}
              label={t('channel.edit.batch')}
            />
          )}
        </Box>

        <TypeExtraFields form={form} spec={spec} set={set} errorOf={errorOf} />

        <Box>
          <Autocomplete
            multiple
            freeSolo
            options={knownGroups}
            value={form.groups}
            onChange={(_e, value) => set('groups', value.map((v) => v.trim()).filter(Boolean))}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('channel.fields.groups')}
                name="groups"
                error={Boolean(errorOf('group'))}
                helperText={
                  errorOf('group') ??
                  (unknownGroups.length
                    ? t('channel.edit.unknownGroups', { groups: unknownGroups.join(', ') })
                    : t('channel.edit.groupsHint'))
                }
              />
            )}
          />
        </Box>

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
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('channel.fields.priority')}
            name="priority"
            value={form.priority}
            onChange={(e) => set('priority', e.target.value)}
            error={Boolean(errorOf('priority'))}
            helperText={errorOf('priority') ?? t('channel.edit.priorityHint')}
            fullWidth
          />
          <TextField
            label={t('channel.fields.weight')}
            name="weight"
            value={form.weight}
            onChange={(e) => set('weight', e.target.value)}
            error={Boolean(errorOf('weight'))}
            helperText={errorOf('weight') ?? t('channel.edit.weightHint')}
            fullWidth
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('channel.fields.tag')}
            name="tag"
            value={form.tag}
            onChange={(e) => set('tag', e.target.value)}
            helperText={t('channel.edit.tagHint')}
            fullWidth
          />
          <Autocomplete
            freeSolo
            fullWidth
            options={form.models}
            inputValue={form.test_model}
            onInputChange={(_e, value) => set('test_model', value)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('channel.fields.test_model')}
                name="test_model"
                helperText={t('channel.edit.testModelHint')}
              />
            )}
          />
        </Stack>
        <FormControlLabel
          control={<Switch checked={form.auto_ban} onChange={(e) => set('auto_ban', e.target.checked)} />}
          label={t('channel.edit.autoBan')}
        />
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

        <FormError message={error?.message} testId="form-error" />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(paths.channel)}>{t('common.actions.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending || update.isPending}
            data-testid="save-channel"
          >
            {creating && form.batch
              ? t('channel.edit.submitBatch', { count: lines })
              : t('channel.edit.submit')}
          </Button>
        </Stack>
      </Stack>
      {review && (
        <ChangeReviewDialog
          changes={review}
          busy={update.isPending}
          onClose={() => setReview(null)}
          onConfirm={() => void save()}
        />
      )}
    </Paper>
  );
}
