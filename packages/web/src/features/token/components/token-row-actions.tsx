import { TokenStatus, type Token } from '@switchboard/sdk';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { useStatus } from '../../../lib/status';
import { useRevealKey, useTokenStatus } from '../api/mutations';

interface Props {
  token: Token;
  onEdit(): void;
  onDelete(): void;
}

/** Copy key (revealed on request), chat links, enable/disable (spec §4 rules), edit, delete. */
export function TokenRowActions({ token, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const status = useStatus();
  const reveal = useRevealKey();
  const setStatus = useTokenStatus();
  const fullKey = async () => {
    const key = await reveal.mutateAsync(token.id);
    return key.startsWith('sk-') ? key : `sk-${key}`;
  };
  const openChat = async (template: string) => {
    const key = await fullKey();
    const address = status?.server_address || window.location.origin;
    window.open(
      template.replaceAll('{key}', key).replaceAll('{address}', encodeURIComponent(address)),
      '_blank',
    );
  };
  // An expired or exhausted token cannot be enabled until its expiry or quota is changed (spec §4).
  const blocked = token.status === TokenStatus.Expired || token.status === TokenStatus.Exhausted;
  const enabled = token.status === TokenStatus.Enabled;
  return (
    <>
      <Button size="small" onClick={() => void fullKey().then(copyText)} data-testid="copy-key">
        {t('token.actions.copy')}
      </Button>
      {(status?.chats ?? []).slice(0, 1).map((chat) => {
        const [label, template] = Object.entries(chat)[0] ?? [];
        return label && template ? (
          <Button key={label} size="small" onClick={() => void openChat(template)}>
            {label}
          </Button>
        ) : null;
      })}
      <Button
        size="small"
        color={enabled ? 'warning' : 'success'}
        disabled={!enabled && blocked}
        title={!enabled && blocked ? t('token.actions.blocked') : undefined}
        onClick={() =>
          setStatus.mutate({ id: token.id, status: enabled ? TokenStatus.Disabled : TokenStatus.Enabled })
        }
      >
        {enabled ? t('common.actions.disable') : t('common.actions.enable')}
      </Button>
      <Button size="small" onClick={onEdit}>
        {t('common.actions.edit')}
      </Button>
      <Button size="small" color="error" onClick={onDelete}>
        {t('common.actions.delete')}
      </Button>
    </>
  );
}
