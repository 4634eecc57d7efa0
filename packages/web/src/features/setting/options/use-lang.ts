import type { Lang } from '@switchboard/sdk';
import { useTranslation } from 'react-i18next';

/** The console language as the SDK's message language. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}
