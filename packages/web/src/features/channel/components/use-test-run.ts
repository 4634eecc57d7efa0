import type { Channel } from '@switchboard/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { sdk } from '../../../lib/sdk';
import { channelKeys } from '../api/keys';
import { collectChannels, runTests, type TestOutcome, type TestScope } from '../lib/test-run';

export type TestRunPhase = 'ready' | 'collecting' | 'running' | 'done';

/**
 * One test run of the dialog: collects the channels (unless given), tests them, keeps the outcomes as they
 * land, and refreshes the list after; `stop` lets the tests under way finish but starts no more.
 */
export function useTestRun(channels: Channel[] | undefined) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<TestRunPhase>('ready');
  const [total, setTotal] = useState(channels?.length ?? 0);
  const [outcomes, setOutcomes] = useState<TestOutcome[]>([]);
  const cancel = useRef(false);

  const start = async (scope: TestScope) => {
    cancel.current = false;
    setOutcomes([]);
    try {
      const client = await sdk();
      setPhase('collecting');
      const targets = channels ?? (await collectChannels(client, scope));
      setTotal(targets.length);
      setPhase('running');
      await runTests(
        client,
        targets,
        (o) => setOutcomes((list) => [...list, o]),
        () => cancel.current,
      );
    } catch (e) {
      notify('error', errorMessage(e));
    }
    setPhase('done');
    void queryClient.invalidateQueries({ queryKey: channelKeys.all });
  };

  return {
    phase,
    busy: phase === 'collecting' || phase === 'running',
    total,
    outcomes,
    failed: outcomes.filter((o) => !o.success),
    start,
    stop: () => {
      cancel.current = true;
    },
  };
}
