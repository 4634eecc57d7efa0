import { CONSOLE_PREFS_COOKIE } from '@switchboard/sdk';
import { onServer, renderScope } from './render-scope';
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

/** The mode the console last drew when following the system (the server cannot ask the browser). */
export const RESOLVED_THEME_KEY = 'theme-resolved';

function mirrored(key: string): boolean {
  return (
    key === STORAGE_KEYS.language ||
    key === STORAGE_KEYS.themeMode ||
    key === STORAGE_KEYS.idSort ||
    key === RESOLVED_THEME_KEY ||
    key.startsWith(STORAGE_KEYS.pageSize)
  );
}

/** Writes the mirrored keys of local storage into the preferences cookie. */
export function syncPrefsCookie(): void {
  try {
    const storage = globalThis.localStorage;
    if (!storage || !globalThis.document) return;
    const prefs: Record<string, string> = {};
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && mirrored(key)) prefs[key] = storage.getItem(key) ?? '';
    }
    document.cookie = `${CONSOLE_PREFS_COOKIE}=${encodeURIComponent(JSON.stringify(prefs))}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // cookies off: the server draws with its defaults, the console corrects itself when it starts
  }
}

export function readItem(key: string): string | null {
  // On the server: the items the caller's browser holds, as its render was given them (render-scope.ts).
  if (onServer()) return renderScope()?.items.get(key) ?? null;
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  // A drawn page changes nothing the browser keeps; the console writes for itself once it has started.
  if (onServer()) return;
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
    if (mirrored(key)) syncPrefsCookie();
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
