import { BusinessError, type Status } from '@switchboard/sdk';
import { useQuery } from '@tanstack/react-query';
import i18n from './i18n';
import { notify } from './notify';
import { sdk } from './sdk';
import { readJson, STORAGE_KEYS, writeItem, writeJson } from './storage';

export const statusKeys = { all: ['status'] as const };

/** Writes the status object under the local-storage keys of spec §3. */
export function cacheStatus(status: Status): void {
  writeJson(STORAGE_KEYS.status, status);
  writeJson(STORAGE_KEYS.chats, status.chats);
  writeItem(STORAGE_KEYS.chatLink, status.chat_link);
  writeItem(STORAGE_KEYS.defaultCollapseSidebar, String(status.default_collapse_sidebar));
  writeItem(STORAGE_KEYS.enableDataExport, String(status.enable_data_export));
  writeItem(STORAGE_KEYS.enableDrawing, String(status.enable_drawing));
  writeItem(STORAGE_KEYS.enableTask, String(status.enable_task));
  writeItem(STORAGE_KEYS.footerHtml, status.footer_html);
  if (globalThis.document && status.system_name) document.title = status.system_name;
}

async function loadStatus(): Promise<Status> {
  try {
    const status = await (await sdk()).status.get({ maxRetries: 1 });
    cacheStatus(status);
    return status;
  } catch (error) {
    // Spec §8: a failure answer is "unable to connect", anything thrown is "failed to load".
    notify(
      'error',
      error instanceof BusinessError
        ? i18n.t('common.errors.cannotConnect')
        : i18n.t('common.errors.statusFailed'),
    );
    throw error;
  }
}

/** The public status, read once at start-up and served from the local cache until it arrives. */
export function useStatus(): Status | undefined {
  const cached = readJson<Status>(STORAGE_KEYS.status) ?? undefined;
  const query = useQuery({
    queryKey: statusKeys.all,
    queryFn: loadStatus,
    staleTime: 5 * 60_000,
    meta: { silent: true },
    ...(cached ? { placeholderData: cached } : {}),
  });
  return query.data;
}
