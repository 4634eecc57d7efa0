import { translate } from '@switchboard/sdk';
import i18n from '../../../lib/i18n';

/** A message of the SDK's catalogue (the validation texts the server also answers) in the console's language. */
export function sdkText(key: string): string {
  return translate(key, i18n.language === 'en' ? 'en' : 'zh');
}

interface Issue {
  message: string;
  path: ReadonlyArray<PropertyKey>;
}

export interface FieldError {
  field: string;
  message: string;
}

/** The first problem of an SDK schema's safeParse, translated, with the field it is about. */
export function firstIssue(result: {
  success: boolean;
  error?: { issues: readonly Issue[] };
}): FieldError | null {
  if (result.success) return null;
  const issue = result.error?.issues[0];
  if (!issue) return null;
  return { field: String(issue.path[0] ?? ''), message: sdkText(issue.message) };
}
