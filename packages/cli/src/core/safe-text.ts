import { UNSAFE_TEXT_CHARS } from '@switchboard/sdk';

// The server refuses these in new names, but rows written before (or by another new-api) may hold them.
const UNSAFE = new RegExp(UNSAFE_TEXT_CHARS.source, 'g');
const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * Server text made safe to print: control characters (ESC, tab, line breaks, DEL, C1) and bidi overrides
 * become visible escapes (`\x1b`, `\t`, `\u202e`), so a name cannot recolour or retitle the terminal,
 * reorder the line, or add a row or column to TSV and CSV. `keep` lists characters to leave as they are
 * (line breaks in messages). JSON and YAML output never pass through here: they stay exact.
 */
export function safeText(text: string, keep = ''): string {
  return text.replace(UNSAFE, (ch) => (keep.includes(ch) ? ch : (NAMED[ch] ?? codeEscape(ch))));
}

function codeEscape(ch: string): string {
  const code = ch.codePointAt(0)!;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
}
