import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DeleteDisabledDialog } from './delete-disabled-dialog';
import { SetTagDialog } from './set-tag-dialog';
import { TagEditDialog } from './tag-edit-dialog';
import { TestDialog } from './test-dialog';
import { TestRunDialog } from './test-run-dialog';
import type { ChannelListDialogs } from './use-channel-list-dialogs';

interface Props {
  dialogs: ChannelListDialogs;
  /** After the selected channels were tagged. */
  onTagged(): void;
}

/** The channel list's dialogs; `dialogs.current` says which one is open. */
export function ChannelListDialogs({ dialogs, onTagged }: Props) {
  const { current: open, close } = dialogs;
  const confirm = open?.kind === 'confirm' ? open : null;
  return (
    <>
      {open?.kind === 'deleteDisabled' && <DeleteDisabledDialog onClose={close} />}
      {open?.kind === 'testModels' && <TestDialog channel={open.channel} onClose={close} />}
      {open?.kind === 'testRun' && (
        <TestRunDialog {...(open.channels ? { channels: open.channels } : {})} onClose={close} />
      )}
      {open?.kind === 'tagEdit' && (
        <TagEditDialog tag={open.row.tag} channels={open.row.channels} onClose={close} />
      )}
      {open?.kind === 'setTag' && (
        <SetTagDialog
          channels={open.channels}
          onClose={close}
          onDone={() => {
            close();
            onTagged();
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        danger={confirm?.danger ?? false}
        title={confirm?.title ?? ''}
        onClose={close}
        onConfirm={() => {
          confirm?.run();
          close();
        }}
      >
        {confirm?.body}
      </ConfirmDialog>
    </>
  );
}
