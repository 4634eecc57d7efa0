import type { Status } from '@switchboard/sdk';
import { hrefs, paths } from '../paths';

export interface MenuItem {
  /** i18n key under `common.menu`. */
  key: string;
  to: string;
  icon: string;
  children?: Array<{ label: string; to: string }>;
}

interface MenuContext {
  admin: boolean;
  /** The super admin: also the audit trail. */
  root?: boolean;
  status:
    Pick<Status, 'chats' | 'chat_link' | 'enable_data_export' | 'enable_drawing' | 'enable_task'> | undefined;
}

/** Chat entry from the stored chats (one sub-item per chat), or one link when chat_link is set (spec §2). */
function chatItem(status: MenuContext['status']): MenuItem | null {
  if (!status) return null;
  if (status.chat_link) return { key: 'chat', to: paths.chat, icon: 'chat' };
  const chats = status.chats ?? [];
  if (chats.length === 0) return null;
  if (chats.length === 1) return { key: 'chat', to: hrefs.chat(0), icon: 'chat' };
  return {
    key: 'chat',
    to: hrefs.chat(0),
    icon: 'chat',
    children: chats.map((chat, index) => ({
      label: Object.keys(chat)[0] ?? `#${index}`,
      to: hrefs.chat(index),
    })),
  };
}

/** Side menu entries in spec order, filtered by role and site flags. */
export function menuItems({ admin, root = false, status }: MenuContext): MenuItem[] {
  const items: Array<MenuItem | null | false> = [
    { key: 'playground', to: paths.playground, icon: 'playground' },
    admin && { key: 'channel', to: paths.channel, icon: 'channel' },
    chatItem(status),
    { key: 'token', to: paths.token, icon: 'token' },
    status?.enable_data_export === true && { key: 'detail', to: paths.detail, icon: 'detail' },
    admin && { key: 'redemption', to: paths.redemption, icon: 'redemption' },
    { key: 'topup', to: paths.topup, icon: 'topup' },
    admin && { key: 'user', to: paths.user, icon: 'user' },
    { key: 'log', to: paths.log, icon: 'log' },
    root && { key: 'audit', to: paths.audit, icon: 'audit' },
    status?.enable_drawing === true && { key: 'midjourney', to: paths.midjourney, icon: 'midjourney' },
    status?.enable_task === true && { key: 'task', to: paths.task, icon: 'task' },
    { key: 'setting', to: paths.setting, icon: 'setting' },
  ];
  return items.filter((item): item is MenuItem => Boolean(item));
}
