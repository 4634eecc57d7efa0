import i18n from './i18n';
import { notify } from './notify';

/** Copies text; when the browser refuses, says so and shows the text to copy by hand (spec §8). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify('success', i18n.t('common.copied'));
    return true;
  } catch {
    notify('warning', `${i18n.t('common.errors.clipboard')}: ${text}`);
    return false;
  }
}
