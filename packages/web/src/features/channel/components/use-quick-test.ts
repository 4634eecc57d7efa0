import type { Channel } from '@switchboard/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useTestChannel } from '../api/mutations';

/** A row's Test button: one test with the channel's own test model, its result as a notice. */
export function useQuickTest() {
  const { t } = useTranslation();
  const test = useTestChannel();
  const [testingIds, setTestingIds] = useState<Set<number>>(new Set());

  const run = async (channel: Channel) => {
    setTestingIds((s) => new Set(s).add(channel.id));
    try {
      const result = await test.mutateAsync({ id: channel.id });
      if (result.success)
        notify('success', t('channel.test.passed', { name: channel.name, seconds: result.time.toFixed(2) }));
      else notify('error', t('channel.test.failed', { name: channel.name, message: result.message }));
    } catch (e) {
      notify('error', t('channel.test.failed', { name: channel.name, message: errorMessage(e) }));
    } finally {
      setTestingIds((s) => {
        const next = new Set(s);
        next.delete(channel.id);
        return next;
      });
    }
  };

  return { run, testing: (id: number) => testingIds.has(id) };
}
