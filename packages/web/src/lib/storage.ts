/**
 * Local-storage keys of spec §3. The status object is cached whole under `status` and its menu-relevant
 * fields under their own keys, as new-api's console does, so a reload draws the right menu before the
 * status call returns.
 */
export const STORAGE_KEYS = {
  user: 'user',
  status: 'status',
  chats: 'chats',
  chatLink: 'chat_link',
  defaultCollapseSidebar: 'default_collapse_sidebar',
  enableDataExport: 'enable_data_export',
  enableDrawing: 'enable_drawing',
  enableTask: 'enable_task',
  footerHtml: 'footer_html',
  language: 'i18nextLng',
  themeMode: 'theme-mode',
  affCode: 'aff',
  pageSize: 'page-size',
  idSort: 'id-sort',
} as const;

export function readItem(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // private mode or a full quota: the console still works, it just forgets
  }
}

export function readJson<T>(key: string): T | null {
  const text = readItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}
