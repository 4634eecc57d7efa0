/** The response-time badge bands of spec §4, in milliseconds. */
export type ResponseTone = 'untested' | 'fast' | 'fair' | 'slow' | 'bad';

export function responseTone(ms: number): ResponseTone {
  if (ms === 0) return 'untested';
  if (ms <= 1000) return 'fast';
  if (ms <= 3000) return 'fair';
  if (ms <= 5000) return 'slow';
  return 'bad';
}

/** Badge colours: green, lime, yellow, red (lime and yellow are not MUI palette colours). */
export const TONE_COLORS: Record<ResponseTone, string | undefined> = {
  untested: undefined,
  fast: '#2e7d32',
  fair: '#7cb342',
  slow: '#f9a825',
  bad: '#d32f2f',
};
