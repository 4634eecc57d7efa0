import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { getUser } from '../../../lib/session';
import { useCreateChannel, useRevealKey, useUpdateChannel } from '../api/mutations';
import {
  formChanges,
  keyLines,
  toCreateParams,
  toUpdateParams,
  validateForm,
  type ChannelForm,
  type FieldChange,
} from '../lib/channel-form';
import { PRESET_MODELS } from '../lib/type-forms';

const ROOT_ROLE = 100;

/** What a group of the editor's fields works with. */
export interface FormFieldsProps {
  form: ChannelForm;
  set<K extends keyof ChannelForm>(key: K, value: ChannelForm[K]): void;
  /** The last submit's message for this field, if it was about it. */
  errorOf(field: string): string | undefined;
}

export interface EditorTarget {
  /** Undefined creates (or copies). */
  editId: number | undefined;
  copyId: number | undefined;
  initial: ChannelForm;
}

/**
 * The channel editor's state: the form, the last submit's error, and the changes under review before an
 * edit is saved (a create is saved at once).
 */
export function useChannelEditor({ editId, copyId, initial }: EditorTarget) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const creating = editId === undefined;
  const [form, setForm] = useState<ChannelForm>(initial);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [review, setReview] = useState<FieldChange[] | null>(null);
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const reveal = useRevealKey();
  const isRoot = (getUser()?.role ?? 0) >= ROOT_ROLE;

  // A copy carries every field but the key, which list and get answers never include; root may reveal it.
  useEffect(() => {
    if (copyId === undefined || !isRoot) return;
    reveal.mutate(copyId, { onSuccess: (key) => setForm((f) => (f.key ? f : { ...f, key })) });
  }, [copyId, isRoot]);

  const set: FormFieldsProps['set'] = (key, value) => {
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

  return {
    form,
    set,
    errorOf,
    changeType,
    creating,
    isRoot,
    error: error?.message,
    review,
    closeReview: () => setReview(null),
    save,
    submit,
    saving: create.isPending || update.isPending,
    updating: update.isPending,
  };
}
