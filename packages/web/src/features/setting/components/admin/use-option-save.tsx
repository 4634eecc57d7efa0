import { translate, type MessageKey, type OptionEntry } from '@switchboard/sdk';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/errors';
import { notify } from '../../../../lib/notify';
import { useSaveOptions } from '../../api/option-mutations';
import { usePricingList } from '../../api/option-queries';
import { checkSave } from '../../options/option-form';
import { priceEffect, touchesPricing } from '../../options/price-effect';
import type { OptionValues } from '../../options/option-values';
import { useLang } from '../../options/use-lang';
import { PriceEffectDialog } from './price-editor/price-effect-dialog';

export interface SaveFeedback {
  severity: 'error' | 'warning';
  message: string;
}

interface Options {
  stored: OptionValues;
  /** Show the effect on /pricing before saving a pricing or ratio change. */
  pricing?: boolean;
  messages?: { saved: string; failed: string } | undefined;
  onSaved?(entries: readonly OptionEntry[]): void;
}

/**
 * The save behaviour every settings section shares: only changed values are sent, each checked with the
 * SDK's option schemas first ('you seem to have changed nothing' when none changed), and a pricing change
 * goes through the price-effect dialog before anything is written.
 */
export function useOptionSave({ stored, pricing, messages, onSaved }: Options) {
  const { t } = useTranslation();
  const lang = useLang();
  const listed = usePricingList();
  const [feedback, setFeedback] = useState<SaveFeedback | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{ entries: OptionEntry[]; after: OptionValues } | null>(null);

  const save = useSaveOptions({
    onSuccess: (_saved, entries) => {
      setPending(null);
      notify('success', messages ? t(messages.saved) : t('options.saved'));
      onSaved?.(entries);
    },
    onError: (error) => {
      setPending(null);
      const reason = errorMessage(error);
      setFeedback({ severity: 'error', message: messages ? `${t(messages.failed)}: ${reason}` : reason });
    },
  });
  const send = (entries: OptionEntry[]) => save.mutate(entries);

  /** Checks and saves `edited` (key → text); returns false when a check stopped it. */
  const submit = (edited: Readonly<Record<string, string>>, precheck?: MessageKey): boolean => {
    if (precheck) {
      setFeedback({ severity: 'error', message: translate(precheck, lang) });
      return false;
    }
    const check = checkSave(stored, edited, lang);
    setFieldErrors(check.ok ? {} : check.fieldErrors);
    if (!check.ok) {
      setFeedback({ severity: check.nothingChanged ? 'warning' : 'error', message: check.message });
      return false;
    }
    setFeedback(null);
    if (pricing && touchesPricing(check.entries.map((e) => e.key))) {
      const after = { ...stored, ...Object.fromEntries(check.entries.map((e) => [e.key, e.value])) };
      setPending({ entries: check.entries, after });
    } else send(check.entries);
    return true;
  };

  const dialog: ReactNode = pricing ? (
    <PriceEffectDialog
      open={pending !== null}
      // Computed as the list of models on /pricing arrives, never from a half-loaded one.
      effect={pending && listed.data ? priceEffect(stored, pending.after, listed.data.data) : undefined}
      listFailed={listed.isError}
      saving={save.isPending}
      onClose={() => setPending(null)}
      onConfirm={() => pending && send(pending.entries)}
    />
  ) : null;

  return {
    submit,
    feedback,
    setFeedback,
    fieldErrors,
    setFieldErrors,
    dialog,
    saving: save.isPending,
  };
}
