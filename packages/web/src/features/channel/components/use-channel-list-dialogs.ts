import type { Channel } from '@switchboard/sdk';
import { useState, type ReactNode } from 'react';
import type { TagRow } from '../lib/tag-rows';

/** A question before an action that cannot be taken back, or that touches many channels. */
export interface Confirm {
  title: string;
  body?: ReactNode;
  danger?: boolean;
  run(): void;
}

/** The one dialog the channel list has open, if any. */
export type ChannelListDialog =
  | ({ kind: 'confirm' } & Confirm)
  | { kind: 'testModels'; channel: Channel }
  /** Without channels, every channel (of the scope chosen in the dialog). */
  | { kind: 'testRun'; channels?: Channel[] }
  | { kind: 'tagEdit'; row: TagRow }
  | { kind: 'setTag'; channels: Channel[] }
  | { kind: 'deleteDisabled' };

export interface ChannelListDialogs {
  current: ChannelListDialog | null;
  open(dialog: ChannelListDialog): void;
  confirm(question: Confirm): void;
  close(): void;
}

/** Which of the channel list's dialogs is open: each of its screens' parts opens them through this. */
export function useChannelListDialogs(): ChannelListDialogs {
  const [current, setCurrent] = useState<ChannelListDialog | null>(null);
  return {
    current,
    open: setCurrent,
    confirm: (question) => setCurrent({ kind: 'confirm', ...question }),
    close: () => setCurrent(null),
  };
}

/** The channels a confirm's body names, `#id name` each. */
export function channelNames(list: readonly Channel[]): string {
  return list.map((c) => `#${c.id} ${c.name}`).join(', ');
}
