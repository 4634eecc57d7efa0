import { useSyncExternalStore } from 'react';
import { createNotifier, type Notice, type Notifier, type Severity } from './notifier';
import { onServer, renderScope } from './render-scope';

const pageNotifier = createNotifier();

/**
 * The notifier of the page being drawn: in the browser the page's, on the server the render's own (see
 * render-scope.ts). A message on the server outside any render is shown nowhere and kept nowhere.
 */
function active(): Notifier {
  return renderScope()?.notifier ?? (onServer() ? createNotifier() : pageNotifier);
}

/** The one notifier: every error and success message of the console goes through here. */
export function notify(severity: Severity, message: string): void {
  active().notify(severity, message);
}

export function dismiss(id: number): void {
  active().dismiss(id);
}

/** The messages on screen now (tests; components use `useNotices`). */
export function currentNotices(): readonly Notice[] {
  return active().notices();
}

export function useNotices(): Notice[] {
  const notifier = active();
  return useSyncExternalStore(notifier.subscribe, notifier.notices, notifier.notices);
}
