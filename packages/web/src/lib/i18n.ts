import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readItem, STORAGE_KEYS, writeItem } from './storage';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };
// One chunk per locale file: a visitor downloads only the language they read.
const files = import.meta.glob<Tree>('../locales/*/*.json', { import: 'default' });

/** Every locale file of one language, merged into one `translation` tree. */
export async function loadLanguage(lang: Language): Promise<Tree> {
  const tree: Tree = {};
  const parts = Object.entries(files).filter(([path]) => path.includes(`/locales/${lang}/`));
  for (const part of await Promise.all(parts.map(([, load]) => load()))) Object.assign(tree, part);
  return tree;
}

function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

export function initialLanguage(): Language {
  const stored = readItem(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  const browser = (globalThis.navigator?.language ?? 'zh').toLowerCase();
  return browser.startsWith('en') ? 'en' : 'zh';
}

/** Loads a language's strings if needed, then switches to it (remembered under `i18nextLng`). */
export async function changeLanguage(lang: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation'))
    i18n.addResourceBundle(lang, 'translation', await loadLanguage(lang));
  // Chinese is the fallback (spec §9), so it is loaded behind English too.
  if (lang !== 'zh' && !i18n.hasResourceBundle('zh', 'translation'))
    void loadLanguage('zh').then((tree) => i18n.addResourceBundle('zh', 'translation', tree));
  await i18n.changeLanguage(lang);
}

/** Starts i18next in the stored or browser language; resolves once its strings are loaded. */
export async function initI18n(lang: Language = initialLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { [lang]: { translation: await loadLanguage(lang) } },
      lng: lang,
      fallbackLng: 'zh',
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    i18n.on('languageChanged', (lng) => {
      writeItem(STORAGE_KEYS.language, lng);
      if (globalThis.document) document.documentElement.lang = lng;
    });
  }
  await changeLanguage(lang);
  return i18n;
}

export default i18n;
