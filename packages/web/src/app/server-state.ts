import type { DehydratedState } from '@tanstack/react-query';

/** Where the server puts the queries of a page it drew (a JSON script, never executed). */
export const SERVER_STATE_ID = 'swb-state';

export function readServerState(): DehydratedState | undefined {
  const text = globalThis.document?.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return undefined;
  }
}
