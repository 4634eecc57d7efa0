import type { MessageKey } from '@switchboard/sdk';
import type { OptionValues } from './option-values';

/**
 * How a field edits its option: switches save at once, everything else with its section's save button. A `list`
 * is a comma-joined option edited as chips.
 */
export type FieldKind = 'text' | 'number' | 'textarea' | 'json' | 'secret' | 'select' | 'switch' | 'list';

export interface FieldSpec {
  key: string;
  kind: FieldKind;
  /** Values of a select; labelled by `options.choices.<value>`. */
  choices?: readonly string[];
  /** A help line under the field (`options.help.<id>`). */
  help?: boolean;
  /** Switching this off asks first (password login: an admin can lock everyone out). */
  confirmOff?: boolean;
  /** Unit after a number (`options.units.<unit>`). */
  unit?: 'minutes' | 'seconds' | 'times';
  /** Rows of a textarea or JSON editor. */
  rows?: number;
}

export interface SectionSpec {
  /** Names the section: title `options.sections.<id>`, optional note `options.notes.<id>`. */
  id: string;
  fields: readonly FieldSpec[];
  /** Shows a note under the title. */
  note?: boolean;
  /** Saving shows the change to each model's public price first and asks to confirm. */
  pricing?: boolean;
  /** A rule across options, checked before saving; returns the SDK message to show. */
  precheck?(stored: OptionValues, edited: Readonly<Record<string, string>>): MessageKey | undefined;
  /** Messages of their own for success and failure (the other tab's sections have them). */
  messages?: { saved: string; failed: string };
}

/** The i18n id of an option key: dotted provider keys (gemini.safety_settings) become underscores. */
export const fieldId = (key: string): string => key.replaceAll('.', '_');
