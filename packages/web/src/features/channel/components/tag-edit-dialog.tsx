import type { Channel } from '@switchboard/sdk';
import {
  Alert,
  Autocomplete,
  Dialog,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useEditTag } from '../api/mutations';
import { useCatalogue, useGroups } from '../api/queries';
import { mappingEntries } from '../lib/json-field';
import {
  currentValues,
  tagEditForm,
  tagEditParams,
  unionOf,
  validateTagEdit,
  type TagEditForm,
} from '../lib/tag-edit';
import { JsonEditor, MappingPreview } from './json-editor';

interface Props {
  tag: string;
  /** The tag's channels on this page, for the preview of what changes. */
  channels: Channel[];
  onClose(): void;
}

/**
 * Edits every channel of a tag at once. Every field overwrites; empty means unchanged; an empty new name
 * dissolves the tag (spec §5). The right-hand notes show what each field holds now.
 */
export function TagEditDialog({ tag, channels, onClose }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TagEditForm>(() => tagEditForm(tag));
  const [error, setError] = useState<string | null>(null);
  const edit = useEditTag();
  const catalogue = useCatalogue();
  const groups = useGroups();
  const set = <K extends keyof TagEditForm>(key: K, value: TagEditForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setError(null);
  };
  const now = (pick: (c: Channel) => string) =>
    t('channel.tagEdit.now', { value: currentValues(channels, pick) || '—' });
  const dissolving = form.newTag.trim() === '';
  const currentModels = unionOf(channels, (c) => c.models);

  const submit = async () => {
    const problem = validateTagEdit(tag, form);
    if (problem) return setError(problem.message);
    try {
      await edit.mutateAsync({ tag, params: tagEditParams(tag, form) });
      notify('success', t('channel.tagEdit.saved', { count: channels.length }));
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('channel.tagEdit.title', { tag })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Alert severity="info" role="note">
            {t('channel.tagEdit.affects', {
              count: channels.length,
              names: channels.map((c) => c.name).join(', '),
            })}
          </Alert>
          <TextField
            label={t('channel.tagEdit.newTag')}
            name="new_tag"
            value={form.newTag}
            onChange={(e) => set('newTag', e.target.value)}
            helperText={
              dissolving
                ? t('channel.tagEdit.dissolve', { count: channels.length })
                : t('channel.tagEdit.newTagHint')
            }
            color={dissolving ? 'warning' : 'primary'}
            focused={dissolving || undefined}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('channel.fields.priority')}
              name="priority"
              value={form.priority}
              onChange={(e) => set('priority', e.target.value)}
              helperText={now((c) => String(c.priority))}
              fullWidth
            />
            <TextField
              label={t('channel.fields.weight')}
              name="weight"
              value={form.weight}
              onChange={(e) => set('weight', e.target.value)}
              helperText={now((c) => String(c.weight))}
              fullWidth
            />
          </Stack>
          <Autocomplete
            multiple
            freeSolo
            options={catalogue.data ?? []}
            value={form.models}
            onChange={(_e, value) => set('models', value)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('channel.fields.models')}
                helperText={t('channel.tagEdit.emptyKeeps', { count: currentModels.length })}
              />
            )}
          />
          <Autocomplete
            multiple
            freeSolo
            options={groups.data ?? []}
            value={form.groups}
            onChange={(_e, value) => set('groups', value)}
            renderInput={(params) => (
              <TextField {...params} label={t('channel.fields.groups')} helperText={now((c) => c.group)} />
            )}
          />
          <JsonEditor
            label={t('channel.fields.model_mapping')}
            kind="modelMapping"
            value={form.modelMapping}
            onChange={(v) => set('modelMapping', v)}
            helper={t('channel.tagEdit.mappingHint')}
            preview={
              <MappingPreview
                entries={mappingEntries(form.modelMapping)}
                models={form.models.length ? form.models : currentModels}
              />
            }
          />
          <FormError message={error} />
          <Typography variant="caption" color="text.secondary">
            {t('channel.tagEdit.note')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogFooter
        submitLabel={t('common.actions.save')}
        onSubmit={submit}
        onCancel={onClose}
        disabled={edit.isPending}
      />
    </Dialog>
  );
}
