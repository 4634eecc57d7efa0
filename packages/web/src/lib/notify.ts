import { useSyncExternalStore } from 'react';

export type Severity = 'success' | 'error' | 'info' | 'warning';

export interface Notice {
  id: number;
  severity: Severity;
  message: string;
}

const listeners = new Set<() => void>();
let notices: Notice[] = [];
let nextId = 1;

function emit(): void {
  for (const listener of listeners) listener();
}

/** The one notifier: every error and success message of the console goes through here. */
export function notify(severity: Severity, message: string): void {
  // The same message twice in a row (e.g. several queries failing at once) shows once.
  if (notices.some((n) => n.message === message && n.severity === severity)) return;
  notices = [...notices, { id: nextId++, severity, message }];
  emit();
}

export function dismiss(id: number): void {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => notices;

/** The messages on screen now (tests; components use `useNotices`). */
export function currentNotices(): readonly Notice[] {
  return notices;
}

export function useNotices(): Notice[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
